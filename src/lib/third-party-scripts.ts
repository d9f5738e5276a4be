/**
 * The third-party script catalog (docs/product-rules.md#layout-per-path, #attribution, #scripts-and-analytics; docs/architecture.md#third-party-scripts): every script the site can load,
 * where it loads from, with which <Script> strategy and on which pages. Shared by the browser (which
 * scripts a page renders: src/browser/scripts.ts) and the build (which hosts the security headers allow:
 * src/node/hosting/security-headers.ts). Pure data and rules.
 */
import { normalizePath } from "./layout-rules";
import type { ConsentCategory, OptionalCategory } from "../consent/model";
import { BLOG_PATH, INTEGRATIONS_PATH, PRICING_PATH, PRODUCT_PATHS } from "./paths";

export type ThirdPartyScriptId =
  | "consent-manager"
  | "tag-manager"
  | "gtag"
  | "crm-loader"
  | "support-widget"
  | "visitor-analytics"
  | "product-analytics"
  | "heap"
  | "ad-pixel"
  | "sales-intelligence"
  | "partner-referral"
  | "visitor-intelligence"
  | "speed-insights";

export type ScriptStrategy = "idle" | "off-main-thread";

/**
 * Per script, its id (tag manager, gtag, CRM portal, support widget, heap) or, for the scripts whose
 * address is not built from an id, the script's URL (https:// or a root-relative path). Unset or
 * empty: the script does not load.
 */
export type ScriptIds = Partial<Record<ThirdPartyScriptId, string>>;

export interface ScriptsConfig {
  ids: ScriptIds;
  /** docs/product-rules.md#layout-per-path: where the sales-intelligence tag loads; "/x/*" matches /x/ and below. */
  salesIntelligencePaths?: readonly string[];
}

/** docs/product-rules.md#layout-per-path leaves the list open: product, pricing, comparison and blog paths. */
export const DEFAULT_SALES_INTELLIGENCE_PATHS: readonly string[] = [
  PRICING_PATH,
  "/pricing/contact-based/",
  ...PRODUCT_PATHS,
  `${INTEGRATIONS_PATH}*`,
  "/compare/*",
  `${BLOG_PATH}*`,
];

/** Which pages a script loads on; src/browser/scripts.ts decides each for a page. */
export type ScriptGate = "always" | "analytics-pages" | "see-it-in-action" | "sales-intelligence-paths";

/**
 * What a vendor keeps in the browser (docs/product-rules.md#consent): cookie names and local-storage keys, a
 * trailing `*` for a prefix. Withdrawing its category deletes them (src/consent/withdraw.ts).
 */
export interface VendorStores {
  cookies?: readonly string[];
  localStorage?: readonly string[];
}

export interface CatalogEntry {
  /**
   * The consent categories the vendor serves (docs/product-rules.md#consent): it loads once any of them is
   * granted, and is stopped when all of them are withdrawn. `necessary` loads always.
   */
  categories: readonly ConsentCategory[];
  /** What it writes, deleted when its categories are withdrawn. */
  stores?: VendorStores;
  /**
   * The vendor's own documented off switch, run on withdrawal; without one, a withdrawal after it loaded
   * reloads the page (a script cannot be unloaded).
   */
  off?: string;
  /** Builds the src from an id; without it the configured value must be the script's URL. */
  src?: (id: string) => string;
  strategy: ScriptStrategy;
  gate: ScriptGate;
  forward?: string[];
  /** docs/product-rules.md#error-catalogue: what a failure to load logs. */
  errorMessage?: string;
}

/** In the order they are rendered. */
export const SCRIPT_CATALOG: Readonly<Record<ThirdPartyScriptId, CatalogEntry>> = {
  // The hosted consent manager (GATSBY_CONSENT_PROVIDER) is loaded by the page's head (src/ssr/consent-head.ts), not here.
  "consent-manager": { categories: ["necessary"], strategy: "idle", gate: "always" },
  // Idle rather than off-main-thread: Partytown would fetch GTM through the site's own proxy, adding
  // its runtime to every page and a server-side fetch; idle keeps GTM off the critical path too.
  // Google's tags obey Consent Mode v2 (src/consent/consent-mode.ts), so they load with either category.
  "tag-manager": {
    categories: ["analytics", "marketing"],
    stores: { cookies: ["_ga", "_ga_*", "_gid", "_gat*", "_gcl_*"] },
    src: (id) => `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`,
    strategy: "idle",
    gate: "always",
  },
  gtag: {
    categories: ["analytics", "marketing"],
    stores: { cookies: ["_ga", "_ga_*", "_gid", "_gat*", "_gcl_*"] },
    src: (id) => `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`,
    strategy: "idle",
    gate: "always",
  },
  "crm-loader": {
    categories: ["marketing"],
    stores: { cookies: ["hubspotutk", "__hstc", "__hssc", "__hssrc", "messagesUtk"] },
    off: "HubSpot: _hsp.push(['revokeCookieConsent'])",
    src: (id) => `https://js.hs-scripts.com/${encodeURIComponent(id)}.js`,
    strategy: "idle",
    gate: "always",
  },
  // Refused `preferences`: a tap on the launcher still loads it (the visitor asked for the service).
  "support-widget": { categories: ["preferences"], src: () => "https://beacon-v2.helpscout.net", strategy: "idle", gate: "always" },
  "visitor-analytics": {
    categories: ["analytics"],
    stores: { cookies: ["ajs_*"], localStorage: ["ajs_*"] },
    strategy: "idle",
    gate: "analytics-pages",
  },
  "product-analytics": {
    categories: ["analytics"],
    stores: { cookies: ["mp_*"] },
    off: "Mixpanel: mixpanel.opt_out_tracking()",
    strategy: "idle",
    gate: "analytics-pages",
  },
  heap: {
    categories: ["analytics"],
    stores: { cookies: ["_hp2_*"], localStorage: ["_hp2_*"] },
    src: (id) => `https://cdn.heapanalytics.com/js/heap-${encodeURIComponent(id)}.js`,
    strategy: "idle",
    gate: "analytics-pages",
  },
  "ad-pixel": {
    categories: ["marketing"],
    stores: { cookies: ["_fbp", "_fbc"] },
    off: "Meta: fbq('consent', 'revoke')",
    strategy: "idle",
    gate: "see-it-in-action",
  },
  "sales-intelligence": { categories: ["marketing"], stores: { cookies: ["cb_*"] }, strategy: "idle", gate: "sales-intelligence-paths" },
  "partner-referral": { categories: ["marketing"], strategy: "idle", gate: "always" },
  "visitor-intelligence": { categories: ["marketing"], strategy: "idle", gate: "always" },
  "speed-insights": {
    categories: ["analytics"],
    strategy: "idle",
    gate: "always",
    errorMessage: "Speed insights could not load; a content blocker may be blocking it.",
  },
};

/** Whether a vendor of `categories` may load given the granted ones. */
export const vendorAllowed = (categories: readonly ConsentCategory[], granted: (category: ConsentCategory) => boolean): boolean =>
  categories.some((category) => granted(category));

/**
 * The site's own stores per category (docs/product-rules.md#consent), beside the vendors' (SCRIPT_CATALOG):
 * withdrawing a category deletes these too.
 */
export const SITE_STORES: Readonly<Record<OptionalCategory, VendorStores>> = {
  analytics: { cookies: ["nd_ft_src", "nd_lt_src", "nd_ft_url", "nd_lt_url", "nd_mxid", "nd_signup_utm"] },
  preferences: {
    cookies: ["nd_tvar"],
    localStorage: ["__nt_*", "nd_interview_builder", "nd_staffing_calculator"],
  },
  marketing: { cookies: ["hubspotutk"], localStorage: ["gspk", "gsxid", "ziDetails", "HS--log-in-clicked"] },
};

export const THIRD_PARTY_SCRIPT_IDS = Object.keys(SCRIPT_CATALOG) as ThirdPartyScriptId[];

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
