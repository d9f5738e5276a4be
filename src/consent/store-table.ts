/**
 * Every store the site or a vendor keeps in the browser, with the optional categories it serves, derived from
 * the vendor catalog (src/vendors/catalog.ts: each entry's stores, and the site's own in src/vendors/site.ts). See
 * docs/product-rules.md#consent-over-time.
 */
import { VENDORS, optionalCategories, storeNames } from "../vendors/catalog";
import { SITE_STORES } from "../vendors/site";
import type { VendorStores } from "../vendors/types";
import { OPTIONAL_CATEGORIES, type OptionalCategory } from "../lib/consent-model";

export interface StoreOwner extends VendorStores {
  /** The stores go once none of these is granted. */
  categories: readonly OptionalCategory[];
  /** The site's own (its cookies are renewed with the consent: consented-store.ts). */
  site?: true;
}

/**
 * Set by the early script's build (src/node/bundling/early-script.ts): this table computed from the catalog at build
 * time, and `true` beside it, a flag esbuild folds so the catalog is left out of that bundle. Undeclared elsewhere.
 */
declare const EARLY_STORE_TABLE: readonly StoreOwner[];
declare const EARLY_STORE_TABLE_SET: boolean | undefined;

/**
 * Vendors' owners with the same categories as one (the sweep and withdrawal match by categories alone): a shorter
 * table for the early script, and Google's two tags declare their stores once.
 */
function merged(owners: StoreOwner[]): StoreOwner[] {
  const byCategories = new Map<string, { categories: readonly OptionalCategory[]; cookies: Set<string>; localStorage: Set<string> }>();
  for (const { categories, cookies = [], localStorage = [] } of owners) {
    const key = categories.join();
    const into = byCategories.get(key) ?? { categories, cookies: new Set<string>(), localStorage: new Set<string>() };
    byCategories.set(key, into);
    cookies.forEach((name) => into.cookies.add(name));
    localStorage.forEach((name) => into.localStorage.add(name));
  }
  return [...byCategories.values()].map(({ categories, cookies, localStorage }) => ({
    categories,
    ...(cookies.size ? { cookies: [...cookies] } : {}),
    ...(localStorage.size ? { localStorage: [...localStorage] } : {}),
  }));
}

/** The site's own stores (one category each), then each vendor's whose categories are all optional. */
const fromCatalog = (): readonly StoreOwner[] => [
  ...OPTIONAL_CATEGORIES.map((category) => ({ categories: [category], site: true as const, ...storeNames(SITE_STORES[category].stores) })),
  ...merged(
    VENDORS.flatMap((v) => {
      const { stores, categoryStores = {} } = v;
      const optional = optionalCategories(v);
      // What the vendor keeps for one category alone (Google Ads' `_gcl_*` under marketing), then what serves them all.
      const own = OPTIONAL_CATEGORIES.flatMap((c) => (categoryStores[c] ? [{ categories: [c], ...storeNames(categoryStores[c]) }] : []));
      return [...own, ...(stores && optional.length === v.categories.length ? [{ categories: optional, ...storeNames(stores) }] : [])];
    }),
  ),
];

export const STORE_TABLE: readonly StoreOwner[] = typeof EARLY_STORE_TABLE_SET === "boolean" ? EARLY_STORE_TABLE : fromCatalog();
