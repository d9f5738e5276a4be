/**
 * Every store the site or a vendor keeps in the browser, with the optional categories it serves, derived from
 * the script catalog (src/lib/third-party-scripts.ts: each vendor's `stores`, and SITE_STORES). See
 * docs/product-rules.md#consent-over-time.
 */
import { SCRIPT_CATALOG, SITE_STORES, THIRD_PARTY_SCRIPT_IDS, type VendorStores } from "../lib/third-party-scripts";
import { OPTIONAL_CATEGORIES, type OptionalCategory } from "../lib/consent-model";

export interface StoreOwner extends VendorStores {
  /** The stores go once none of these is granted. */
  categories: readonly OptionalCategory[];
  /** The site's own (its cookies are renewed with the consent: consented-store.ts). */
  site?: true;
}

const optionalOnly = (categories: readonly string[]): categories is readonly OptionalCategory[] =>
  categories.every((c) => c !== "necessary");

/**
 * Set by the early script's build (src/node/bundling/early-script.ts): this table computed from the catalog at build
 * time, and `true` beside it, a flag esbuild folds so the catalog is left out of that bundle. Undeclared elsewhere.
 */
declare const EARLY_STORE_TABLE: readonly StoreOwner[];
declare const EARLY_STORE_TABLE_SET: boolean | undefined;

/** Only the names: the table goes into the early script as it is. */
const names = ({ cookies, localStorage }: VendorStores): VendorStores => ({
  ...(cookies?.length ? { cookies } : {}),
  ...(localStorage?.length ? { localStorage } : {}),
});

/** The site's own stores (one category each), then each vendor's whose categories are all optional. */
const fromCatalog = (): readonly StoreOwner[] => [
  ...OPTIONAL_CATEGORIES.map((category) => ({ categories: [category], site: true as const, ...names(SITE_STORES[category]) })),
  ...THIRD_PARTY_SCRIPT_IDS.flatMap((id) => {
    const { categories, stores, categoryStores = {} } = SCRIPT_CATALOG[id];
    // What the vendor keeps for one category alone (Google Ads' `_gcl_*` under marketing), then what serves them all.
    const own = OPTIONAL_CATEGORIES.flatMap((c) => (categoryStores[c] ? [{ categories: [c], ...names(categoryStores[c]) }] : []));
    return [...own, ...(stores && optionalOnly(categories) ? [{ categories, ...names(stores) }] : [])];
  }),
];

export const STORE_TABLE: readonly StoreOwner[] = typeof EARLY_STORE_TABLE_SET === "boolean" ? EARLY_STORE_TABLE : fromCatalog();
