/**
 * Host-name rules every layer shares (docs/product-rules.md#constants, #cookies): how two host names compare and which domain
 * a cookie is scoped to. Pure: no config, no window.
 */

/** Host names compare case-insensitively and without a trailing root dot. */
export const normalizeHost = (hostname: string) => hostname.trim().toLowerCase().replace(/\.$/, "");

export const LOCALHOST = "localhost";

const IP_ADDRESS = /^(\d{1,3}(\.\d{1,3}){3}|\[?[0-9a-f:]+\]?)$/i;
/** Second-level labels under a two-letter country code that are public suffixes (co.uk, com.au, …). */
const SHARED_SECOND_LEVEL = new Set(["ac", "co", "com", "edu", "gov", "net", "org", "ne", "or"]);

/**
 * docs/product-rules.md#constants: attribution cookies are scoped to the parent domain of the current host, so the marketing,
 * staging and app hosts share them. undefined means "no domain attribute" (localhost, IPs,
 * single-label hosts, hosts directly under a public suffix).
 */
export function parentDomain(hostname: string): string | undefined {
  const h = normalizeHost(hostname);
  if (h === "" || h === LOCALHOST || h.endsWith(`.${LOCALHOST}`) || IP_ADDRESS.test(h)) return undefined;
  const labels = h.split(".");
  if (labels.length < 2) return undefined;
  if (labels.length === 2) return SHARED_SECOND_LEVEL.has(labels[0]) && labels[1].length === 2 ? undefined : h;
  const parent = labels.slice(1);
  if (parent.length === 2 && SHARED_SECOND_LEVEL.has(parent[0]) && parent[1].length === 2) return h;
  return parent.join(".");
}
