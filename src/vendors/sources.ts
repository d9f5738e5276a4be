/**
 * What the configured vendors load from, derived from the catalog: each script's address, the hosts the security
 * headers allow (docs/security.md#per-vendor-hosts) and the path lists of gates.
 */
import { normalizePath } from "../lib/layout-rules";
import { VENDORS, vendor, type ScriptIds, type VendorId } from "./catalog";
import { VENDOR_DIRECTIVES, type VendorDirective, type VendorPolicyContext } from "./types";

/** "/x/*" matches /x/ and everything below; anything else matches exactly (trailing slash optional). */
export function matchesPathList(pathname: string, list: readonly string[]): boolean {
  const path = normalizePath(pathname);
  return list.some((entry) => (entry.endsWith("*") ? path.startsWith(normalizePath(entry.slice(0, -1))) : path === normalizePath(entry)));
}

const isUrl = (value: string) => /^(https:\/\/|\/)/.test(value);

/** The script's address: built from its id, or the configured value when that is a URL (https:// or root-relative). */
export const scriptSource = (id: VendorId, value: string): string | undefined => {
  const build = vendor(id).src;
  return build ? build(value) : isUrl(value) ? value : undefined;
};

/** Each configured vendor with its script's address; unset ids and values that are not URLs give nothing. */
function configured(ids: ScriptIds): { id: VendorId; src: string }[] {
  return VENDORS.flatMap(({ id }) => {
    const value = ids[id]?.trim();
    const src = value ? scriptSource(id, value) : undefined;
    return src ? [{ id, src }] : [];
  });
}

/**
 * The hosts the configured vendors need, per directive (each entry's `csp`): a root-relative script is the site's
 * own ('self').
 */
export function configuredVendorHosts(
  ids: ScriptIds,
  context: Omit<VendorPolicyContext, "origin"> = {},
): Record<VendorDirective, string[]> {
  const hosts = Object.fromEntries(VENDOR_DIRECTIVES.map((d) => [d, new Set<string>()])) as Record<VendorDirective, Set<string>>;
  for (const { id, src } of configured(ids)) {
    const declared = vendor(id).csp({ ...context, origin: httpsOrigin(src) });
    for (const directive of VENDOR_DIRECTIVES) for (const host of declared[directive] ?? []) hosts[directive].add(host);
  }
  return Object.fromEntries(VENDOR_DIRECTIVES.map((d) => [d, [...hosts[d]].sort()])) as Record<VendorDirective, string[]>;
}

/** The origin of an https URL; undefined for a root-relative one (the site's own) or anything else. */
export function httpsOrigin(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

/** Every script address the configured ids can load, on any page. */
export function configuredScriptSources(ids: ScriptIds): string[] {
  return configured(ids).map(({ src }) => src);
}

/** Which configured vendor a script address belongs to (the bench's stand-ins answer by it); the query is ignored. */
export function vendorForSource(ids: ScriptIds, url: string): VendorId | undefined {
  const path = (address: string) => {
    const parsed = new URL(address, "https://site.invalid");
    return `${parsed.origin}${parsed.pathname}`;
  };
  return configured(ids).find(({ src }) => path(src) === path(url))?.id;
}
