/**
 * What the privacy notice says, derived from the catalog (docs/content.md#privacy-and-cookie-notices): per vendor
 * this build configures and per category of the site's own stores, its purpose, recipient, and every store with
 * its lifetime. The cookie table (src/node/content/cookie-table.ts) and the preferences' vendor lists read it.
 */
import type { ConsentCategory, OptionalCategory } from "../lib/consent-model";
import { VENDORS, optionalCategories, type ScriptIds, type Vendor } from "./catalog";
import { CONSENT_MANAGER_RECIPIENTS } from "./consent-manager";
import { NECESSARY_STORES, SITE_RECIPIENT, SITE_STORES } from "./site";
import type { DeclaredStores, Recipient } from "./types";

/** A category as the notice names it: the purposes the banner names (analytics, personalization, advertising). */
export const CATEGORY_LABELS: Readonly<Record<ConsentCategory, string>> = {
  necessary: "Necessary",
  preferences: "Personalization",
  analytics: "Analytics",
  marketing: "Advertising (sale or sharing)",
};

export interface StoreLine {
  name: string;
  kind: "cookie" | "local storage" | "session storage";
  lifetime: string;
  /** Set when the store is kept for one of the vendor's categories alone (`categoryStores`). */
  category?: OptionalCategory;
}

/** One row of the cookie notice's table. */
export interface NoticeRow {
  name: string;
  purpose: string;
  recipient: Recipient;
  categories: readonly ConsentCategory[];
  stores: StoreLine[];
}

const KINDS = [
  ["cookies", "cookie"],
  ["localStorage", "local storage"],
  ["sessionStorage", "session storage"],
] as const;

function linesOf(stores: DeclaredStores | undefined, category?: OptionalCategory): StoreLine[] {
  return KINDS.flatMap(([field, kind]) =>
    Object.entries(stores?.[field] ?? {}).map(([name, lifetime]) => ({ name, kind, lifetime, ...(category ? { category } : {}) })),
  );
}

/** Every store a vendor entry declares, whichever category it is kept for. */
export function vendorStoreLines(v: Vendor): StoreLine[] {
  const own = Object.entries(v.categoryStores ?? {}) as [OptionalCategory, DeclaredStores][];
  return [...linesOf(v.stores), ...own.flatMap(([c, s]) => linesOf(s, c))];
}

const OPTIONAL_ORDER = ["analytics", "preferences", "marketing"] as const;
const isConfigured = (ids: ScriptIds, v: Vendor) => Boolean(ids[v.id]?.trim());

/**
 * The cookie notice's rows: the site's necessary stores, its own per category, then each vendor this build
 * configures, in catalog order. `consentProvider`: the hosted manager, if any (its row names its company).
 */
export function noticeRows(ids: ScriptIds, consentProvider?: string): NoticeRow[] {
  const site = (s: typeof NECESSARY_STORES, categories: readonly ConsentCategory[]): NoticeRow => ({
    name: s.name,
    purpose: s.purpose,
    recipient: SITE_RECIPIENT,
    categories,
    stores: linesOf(s.stores),
  });
  const manager = consentProvider ? CONSENT_MANAGER_RECIPIENTS[consentProvider] : undefined;
  const vendors = VENDORS.filter((v) => isConfigured(ids, v) && (v.id !== "consent-manager" || manager)).map((v): NoticeRow => ({
    name: v.name,
    purpose: v.purpose,
    recipient: v.id === "consent-manager" && manager ? manager : v.recipient,
    categories: v.categories,
    stores: vendorStoreLines(v),
  }));
  return [site(NECESSARY_STORES, ["necessary"]), ...OPTIONAL_ORDER.map((c) => site(SITE_STORES[c], [c])), ...vendors];
}

/** Per optional category, the names of the configured vendors that serve it (the preferences list them). */
export function vendorNamesByCategory(ids: ScriptIds): Record<OptionalCategory, string[]> {
  const names: Record<OptionalCategory, string[]> = { preferences: [], analytics: [], marketing: [] };
  for (const v of VENDORS) {
    if (!isConfigured(ids, v)) continue;
    for (const c of optionalCategories(v)) if (!names[c].includes(v.name)) names[c].push(v.name);
  }
  return names;
}
