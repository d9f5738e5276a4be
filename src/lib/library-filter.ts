/** The interview-builder library's filter: every word of the query must appear; optionally one type. Pure. */
export type LibraryType = "all" | "guide" | "description";

export interface LibraryItem {
  type: Exclude<LibraryType, "all">;
  slug: string;
  title: string;
  summary: string;
  path: string;
  /** Extra words to match: competencies, department. */
  keywords: readonly string[];
}

export const LIBRARY_TYPES: { value: LibraryType; label: string }[] = [
  { value: "all", label: "All" },
  { value: "guide", label: "Interview guides" },
  { value: "description", label: "Job descriptions" },
];

export const isLibraryType = (v: unknown): v is LibraryType => LIBRARY_TYPES.some((t) => t.value === v);

const normalize = (s: string) =>
  s
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "");

export function filterLibrary(items: readonly LibraryItem[], query: string, type: LibraryType): LibraryItem[] {
  const words = normalize(query).split(/\s+/).filter(Boolean);
  return items.filter((item) => {
    if (type !== "all" && item.type !== type) return false;
    const haystack = normalize([item.title, item.summary, ...item.keywords].join(" "));
    return words.every((w) => haystack.includes(w));
  });
}
