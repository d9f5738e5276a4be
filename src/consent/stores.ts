/**
 * The stores a consent state covers, and their removal (docs/product-rules.md#consent-over-time): pure rules over
 * the store table, and the deletion of cookies (host and parent domain) and local and session storage keys. Used by
 * the page-load sweep (consented-store.ts) and by withdrawal (withdraw.ts).
 */
import { STORE_TABLE, type StoreOwner } from "./store-table";
import type { OptionalCategory } from "../lib/consent-model";
import { parentDomain } from "../lib/host-names";

/** A store pattern (a name, or a prefix ending in `*`) against a cookie or key name. */
export const matchesStore = (pattern: string, name: string) =>
  pattern.endsWith("*") ? name.startsWith(pattern.slice(0, -1)) : name === pattern;

/** The stores of the `withdrawn` categories that no category still granted keeps. */
export function storesOf(
  withdrawn: readonly OptionalCategory[],
  stillGranted: (c: OptionalCategory) => boolean,
  table: readonly StoreOwner[] = STORE_TABLE,
): StoreOwner[] {
  return table.filter((owner) => owner.categories.some((c) => withdrawn.includes(c)) && !owner.categories.some(stillGranted));
}

/** Deletes a cookie everywhere it may have been written: the host alone, the parent domain, and each domain between. */
export function deleteCookie(doc: Document, name: string, hostname: string): void {
  const domains = new Set<string | undefined>([undefined, hostname]);
  const parent = parentDomain(hostname);
  if (parent) {
    const labels = hostname.split(".");
    for (let i = 0; i < labels.length - 1; i++) {
      const domain = labels.slice(i).join(".");
      domains.add(domain);
      if (domain === parent) break;
    }
  }
  for (const domain of domains) doc.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/${domain ? `; domain=${domain}` : ""}`;
}

const storageOf = (win: Window, kind: "localStorage" | "sessionStorage"): Storage | undefined => {
  try {
    return win[kind];
  } catch {
    return undefined;
  }
};

/** Deletes what `stores` name: cookies by name or prefix, and matching keys in local and session storage. */
export function clearStores(win: Window, stores: readonly StoreOwner[]): void {
  const cookiePatterns = stores.flatMap((s) => s.cookies ?? []);
  const keyPatterns = stores.flatMap((s) => s.localStorage ?? []);
  const names = win.document.cookie
    .split(";")
    .map((pair) => pair.split("=")[0].trim())
    .filter(Boolean);
  for (const name of names) if (cookiePatterns.some((p) => matchesStore(p, name))) deleteCookie(win.document, name, win.location.hostname);
  for (const kind of ["localStorage", "sessionStorage"] as const) {
    const storage = storageOf(win, kind);
    if (!storage) continue;
    try {
      const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter((k): k is string => k !== null);
      for (const key of keys) if (keyPatterns.some((p) => matchesStore(p, key))) storage.removeItem(key);
    } catch {
      // Storage blocked: nothing was written there either.
    }
  }
}
