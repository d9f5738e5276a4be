/**
 * What the configured vendors load from, derived from the catalog (src/lib/third-party-scripts.ts): each script's
 * address, the hosts the security headers allow (docs/security.md#per-vendor-hosts) and the path lists of gates.
 */
import { normalizePath } from "./layout-rules";
import {
  SCRIPT_CATALOG,
  THIRD_PARTY_SCRIPT_IDS,
  VENDOR_DIRECTIVES,
  type ScriptIds,
  type ThirdPartyScriptId,
  type VendorDirective,
  type VendorPolicyContext,
} from "./third-party-scripts";

/** "/x/*" matches /x/ and everything below; anything else matches exactly (trailing slash optional). */
export function matchesPathList(pathname: string, list: readonly string[]): boolean {
  const path = normalizePath(pathname);
  return list.some((entry) => (entry.endsWith("*") ? path.startsWith(normalizePath(entry.slice(0, -1))) : path === normalizePath(entry)));
}

const isUrl = (value: string) => /^(https:\/\/|\/)/.test(value);

/** The script's address: built from its id, or the configured value when that is a URL (https:// or root-relative). */
export const scriptSource = (id: ThirdPartyScriptId, value: string): string | undefined => {
  const build = SCRIPT_CATALOG[id].src;
  return build ? build(value) : isUrl(value) ? value : undefined;
};

/**
 * The hosts the configured vendors need, per directive (each entry's `csp`, docs/security.md#per-vendor-hosts):
 * unset ids and values that are not URLs give nothing; a root-relative script is the site's own ('self').
 */
export function configuredVendorHosts(
  ids: ScriptIds,
  context: Omit<VendorPolicyContext, "origin"> = {},
): Record<VendorDirective, string[]> {
  const hosts = Object.fromEntries(VENDOR_DIRECTIVES.map((d) => [d, new Set<string>()])) as Record<VendorDirective, Set<string>>;
  for (const id of THIRD_PARTY_SCRIPT_IDS) {
    const value = ids[id]?.trim();
    const src = value ? scriptSource(id, value) : undefined;
    if (!src) continue;
    const declared = SCRIPT_CATALOG[id].csp({ ...context, origin: httpsOrigin(src) });
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

/**
 * Every script address the configured ids can load, on any page (the security headers allow exactly
 * these hosts: src/node/hosting/security-headers.ts). Unset ids and values that are not URLs give nothing.
 */
export function configuredScriptSources(ids: ScriptIds): string[] {
  const sources: string[] = [];
  for (const id of THIRD_PARTY_SCRIPT_IDS) {
    const value = ids[id]?.trim();
    const src = value ? scriptSource(id, value) : undefined;
    if (src) sources.push(src);
  }
  return sources;
}
