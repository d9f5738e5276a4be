/** docs/product-rules.md#navigation-and-footer: how a link address from data renders. */
export type LinkKind = "external" | "hash" | "internal" | "none";

export function linkKind(address: string | null | undefined): LinkKind {
  if (!address) return "none";
  if (address.includes("//") || /^(mailto|tel):/i.test(address)) return "external";
  if (address.startsWith("#")) return "hash";
  return "internal";
}
