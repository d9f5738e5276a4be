/**
 * The vendor catalog (docs/architecture.md#the-vendor-catalog): every third party the site can load, one entry
 * each, in the order the notice lists them. What the loader, the scheduler, withdrawal, the CSP, Consent Mode, the
 * preferences, the cookie notice and the bench need is derived here or beside it, never declared again.
 * Adding a vendor: its file in this folder, one line below, and its test (tests/src/vendors/catalog.test.ts).
 */
import type { ConsentCategory, OptionalCategory } from "../lib/consent-model";
import type { DeclaredStores, VendorEntry, VendorStores } from "./types";
import { consentManager } from "./consent-manager";
import { tagManager } from "./tag-manager";
import { gtag } from "./gtag";
import { crmLoader } from "./crm-loader";
import { supportWidget } from "./support-widget";
import { visitorAnalytics } from "./visitor-analytics";
import { productAnalytics } from "./product-analytics";
import { heap } from "./heap";
import { adPixel } from "./ad-pixel";
import { salesIntelligence } from "./sales-intelligence";
import { partnerReferral } from "./partner-referral";
import { visitorIntelligence } from "./visitor-intelligence";
import { speedInsights } from "./speed-insights";

const ENTRIES = [
  consentManager,
  tagManager,
  gtag,
  crmLoader,
  supportWidget,
  visitorAnalytics,
  productAnalytics,
  heap,
  adPixel,
  salesIntelligence,
  partnerReferral,
  visitorIntelligence,
  speedInsights,
] as const;

export type VendorId = (typeof ENTRIES)[number]["id"];
/** The variables the vendors are configured by. */
export type VendorEnv = (typeof ENTRIES)[number]["env"];
export type Vendor = VendorEntry & { id: VendorId; env: VendorEnv };

export const VENDORS: readonly Vendor[] = ENTRIES;
export const VENDOR_IDS: readonly VendorId[] = /* @__PURE__ */ (() => VENDORS.map((v) => v.id))();
/** One entry by id. */
export const vendor = (id: VendorId): Vendor => VENDORS.find((v) => v.id === id)!;

/**
 * Per vendor, its id (tag manager, gtag, CRM portal, support widget, heap) or, for the scripts whose address is
 * not built from an id, the script's URL (https:// or a root-relative path). Unset or empty: it does not load.
 */
export type ScriptIds = Partial<Record<VendorId, string>>;

export interface ScriptsConfig {
  ids: ScriptIds;
  /** docs/product-rules.md#layout-per-path: where the sales-intelligence tag loads; "/x/*" matches /x/ and below. */
  salesIntelligencePaths?: readonly string[];
}

/** The ids read from the environment, each through its entry's variable (src/config/vendor-ids.ts reads them). */
export const scriptIdsFrom = (env: Readonly<Record<string, string | undefined>>): ScriptIds =>
  Object.fromEntries(VENDORS.map((v) => [v.id, env[v.env]]));

/** docs/page-load.md#vendor-scheduling: the scheduled vendors by priority, first to start first. */
export const START_ORDER: readonly VendorId[] = /* @__PURE__ */ (() =>
  VENDORS.flatMap((v) => (typeof v.start === "object" ? [{ id: v.id, at: v.start.priority }] : []))
    .sort((a, b) => a.at - b.at)
    .map((v) => v.id))();

/** Vendors loaded on the visitor's intent only, never scheduled. */
export const onIntent = (id: VendorId): boolean => vendor(id).start === "on-intent";

/** Whether a vendor of `categories` may load given the granted ones. */
export const vendorAllowed = (categories: readonly ConsentCategory[], granted: (category: ConsentCategory) => boolean): boolean =>
  categories.some((category) => granted(category));

/** The optional categories a vendor serves (none: it is necessary). */
export const optionalCategories = (v: Vendor): OptionalCategory[] => v.categories.filter((c): c is OptionalCategory => c !== "necessary");

/** The names a declaration lists (cookies and local storage), as the sweep matches them. */
export const storeNames = ({ cookies, localStorage }: DeclaredStores): VendorStores => ({
  ...(cookies ? { cookies: Object.keys(cookies) } : {}),
  ...(localStorage ? { localStorage: Object.keys(localStorage) } : {}),
});

/** Whether any configured vendor obeys Google Consent Mode (the site then pushes its signals). */
export const consentModeConfigured = (ids: ScriptIds): boolean => VENDORS.some((v) => v.consentMode && Boolean(ids[v.id]?.trim()));
