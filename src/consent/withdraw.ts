/**
 * Withdrawal (docs/product-rules.md#consent): when a granted category is withdrawn, its vendors stop (their own
 * documented off switch where they have one, otherwise the page reloads: a script cannot be unloaded) and
 * everything the category wrote goes: cookies (on the host and the parent domain) and local and session storage.
 */
import {
  SCRIPT_CATALOG,
  SITE_STORES,
  THIRD_PARTY_SCRIPT_IDS,
  type ThirdPartyScriptId,
  type VendorStores,
} from "../lib/third-party-scripts";
import type { OptionalCategory } from "./model";
import { parentDomain } from "../lib/host-names";

const matches = (pattern: string, name: string) => (pattern.endsWith("*") ? name.startsWith(pattern.slice(0, -1)) : name === pattern);

/**
 * The stores a category owns: the site's own, those a vendor keeps for that category alone (`categoryStores`), and
 * those of every vendor that serves only withdrawn categories.
 */
export function storesOf(withdrawn: readonly OptionalCategory[], stillGranted: (c: OptionalCategory) => boolean): VendorStores[] {
  const stores: VendorStores[] = withdrawn.map((c) => SITE_STORES[c]);
  for (const id of THIRD_PARTY_SCRIPT_IDS) {
    const entry = SCRIPT_CATALOG[id];
    for (const c of withdrawn) {
      const own = entry.categoryStores?.[c];
      if (own) stores.push(own);
    }
    const optional = entry.categories.filter((c): c is OptionalCategory => c !== "necessary");
    if (
      entry.stores &&
      optional.length === entry.categories.length &&
      optional.some((c) => withdrawn.includes(c)) &&
      !optional.some(stillGranted)
    )
      stores.push(entry.stores);
  }
  return stores;
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
export function clearStores(win: Window, stores: readonly VendorStores[]): void {
  const cookiePatterns = stores.flatMap((s) => s.cookies ?? []);
  const keyPatterns = stores.flatMap((s) => s.localStorage ?? []);
  const names = win.document.cookie
    .split(";")
    .map((pair) => pair.split("=")[0].trim())
    .filter(Boolean);
  for (const name of names) if (cookiePatterns.some((p) => matches(p, name))) deleteCookie(win.document, name, win.location.hostname);
  for (const kind of ["localStorage", "sessionStorage"] as const) {
    const storage = storageOf(win, kind);
    if (!storage) continue;
    try {
      const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter((k): k is string => k !== null);
      for (const key of keys) if (keyPatterns.some((p) => matches(p, key))) storage.removeItem(key);
    } catch {
      // Storage blocked: nothing was written there either.
    }
  }
}

type Fn = (...args: unknown[]) => void;
type VendorWindow = Window & { _hsp?: unknown[]; fbq?: Fn; mixpanel?: { opt_out_tracking?: () => void } };

/** Each documented off switch, by vendor. True when the vendor was stopped without a reload. */
const OFF_SWITCHES: Partial<Record<ThirdPartyScriptId, (win: VendorWindow) => boolean>> = {
  // https://developers.hubspot.com/docs/api/events/cookie-banner (revokeCookieConsent)
  "crm-loader": (win) => {
    (win._hsp = win._hsp ?? []).push(["revokeCookieConsent"]);
    return true;
  },
  // https://developers.facebook.com/docs/meta-pixel/implementation/gdpr/ (fbq('consent', 'revoke'))
  "ad-pixel": (win) => {
    if (typeof win.fbq !== "function") return false;
    win.fbq("consent", "revoke");
    return true;
  },
  // https://docs.mixpanel.com/docs/privacy/protecting-user-data (opt_out_tracking)
  "product-analytics": (win) => {
    if (typeof win.mixpanel?.opt_out_tracking !== "function") return false;
    win.mixpanel.opt_out_tracking();
    return true;
  },
};

export interface WithdrawalInput {
  withdrawn: readonly OptionalCategory[];
  stillGranted: (category: OptionalCategory) => boolean;
  /** The vendors this page has loaded (or started loading). */
  loaded: ReadonlySet<ThirdPartyScriptId>;
}

/**
 * Stops the withdrawn categories' vendors and deletes their stores. Returns true when the page must reload: a
 * vendor of theirs loaded and has no off switch. Vendors that also serve a category still granted stay (Google's
 * tags follow the Consent Mode update instead).
 */
export function withdraw(win: Window, { withdrawn, stillGranted, loaded }: WithdrawalInput): boolean {
  if (withdrawn.length === 0) return false;
  let reload = false;
  for (const id of loaded) {
    const optional = SCRIPT_CATALOG[id].categories.filter((c): c is OptionalCategory => c !== "necessary");
    if (optional.length === 0 || optional.some(stillGranted) || !optional.some((c) => withdrawn.includes(c))) continue;
    const off = OFF_SWITCHES[id];
    if (!off?.(win as VendorWindow)) reload = true;
  }
  clearStores(win, storesOf(withdrawn, stillGranted));
  return reload;
}
