/** The ids either side of item `i` of an ordered list; "" where there is none (first or last). */
export function neighbourIds(items: readonly { id: string }[], i: number): { before: string; after: string } {
  return { before: items[i - 1]?.id ?? "", after: items[i + 1]?.id ?? "" };
}
