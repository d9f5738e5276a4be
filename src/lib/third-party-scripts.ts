// Every third-party script the site can load, from where and on which pages (docs/architecture.md#third-party-scripts);
// when each starts is src/browser/vendor-scheduler.ts's.
import type { ConsentCategory, OptionalCategory } from "./consent-model";
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
// Pure, as THIRD_PARTY_SCRIPT_IDS: the early script imports this module for its stores and drops the rest
// (src/consent/store-table.ts).
export const DEFAULT_SALES_INTELLIGENCE_PATHS: readonly string[] = /* @__PURE__ */ (() => [
  PRICING_PATH,
  "/pricing/contact-based/",
  ...PRODUCT_PATHS,
  `${INTEGRATIONS_PATH}*`,
  "/compare/*",
  `${BLOG_PATH}*`,
])();

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

/** The Content-Security-Policy directives a vendor's hosts may go in (docs/security.md#per-vendor-hosts). */
export type VendorDirective = "script-src" | "connect-src" | "img-src" | "frame-src";
export const VENDOR_DIRECTIVES: readonly VendorDirective[] = ["script-src", "connect-src", "img-src", "frame-src"];

/** Per directive, the sources a vendor needs: host sources only (`https://host`, `https://*.host`, `wss://*.host`). */
export type VendorHosts = Partial<Record<VendorDirective, readonly string[]>>;

/** What a vendor's declaration is given: its configured script's origin (undefined when root-relative: 'self'). */
export interface VendorPolicyContext {
  origin?: string;
  /** The hosted consent manager (src/config/consent.ts readConsentSettings); unset: the built-in banner decides. */
  consentProvider?: string;
}

export interface CatalogEntry {
  /**
   * The consent categories the vendor serves (docs/product-rules.md#consent): it loads once any of them is
   * granted, and is stopped when all of them are withdrawn. `necessary` loads always.
   */
  categories: readonly ConsentCategory[];
  /** What it writes, deleted when all its categories are withdrawn. */
  stores?: VendorStores;
  /**
   * What it writes for one of its categories alone, deleted when that one is withdrawn, even while another stays
   * granted: Google Ads' `_gcl_*` go with `marketing` while `_ga*` stay under `analytics` (docs/product-rules.md#consent).
   */
  categoryStores?: Partial<Record<OptionalCategory, VendorStores>>;
  /**
   * The vendor's own documented off switch, run on withdrawal; without one, a withdrawal after it loaded
   * reloads the page (a script cannot be unloaded).
   */
  off?: string;
  /** Builds the src from an id; without it the configured value must be the script's URL. */
  src?: (id: string) => string;
  gate: ScriptGate;
  /** docs/product-rules.md#error-catalogue: what a failure to load logs. */
  errorMessage?: string;
  /**
   * The hosts the security headers allow for it, per directive (src/node/hosting/security-headers.ts), from its
   * configured origin and the vendor's own documented hosts: docs/security.md#per-vendor-hosts.
   */
  csp: (context: VendorPolicyContext) => VendorHosts;
}

const only = (origin: string | undefined): string[] => (origin ? [origin] : []);
/** A vendor configured by URL that loads a script and reports to the same origin: script-src and connect-src. */
const scriptAndBeacon = ({ origin }: VendorPolicyContext): VendorHosts => ({ "script-src": only(origin), "connect-src": only(origin) });

/**
 * Google's tag (gtm.js and gtag.js load the same library), per Google's CSP guide,
 * https://developers.google.com/tag-platform/security/guides/csp : the container (www.googletagmanager.com),
 * "Google Analytics 4" (its documented wildcards) and "Google Ads" conversions (the `_gcl_*` cookies above):
 * its pixels and requests to googleads.g.doubleclick.net and www.google.com, its remarketing frame on
 * td.doubleclick.net.
 */
const GOOGLE_TAG: VendorHosts = {
  "script-src": ["https://*.googletagmanager.com"],
  "img-src": [
    "https://*.google-analytics.com",
    "https://*.googletagmanager.com",
    "https://googleads.g.doubleclick.net",
    "https://www.google.com",
  ],
  "connect-src": [
    "https://*.google-analytics.com",
    "https://*.analytics.google.com",
    "https://*.googletagmanager.com",
    "https://googleads.g.doubleclick.net",
    "https://www.google.com",
  ],
  "frame-src": ["https://td.doubleclick.net"],
};

/** Google Analytics' cookies under `analytics`, Google Ads' under `marketing` (Consent Mode keeps each apart). */
const GOOGLE_STORES: Partial<Record<OptionalCategory, VendorStores>> = {
  analytics: { cookies: ["_ga", "_ga_*", "_gid", "_gat*"] },
  marketing: { cookies: ["_gcl_*"] },
};

/**
 * Why every vendor stays on the main thread rather than in Partytown (Gatsby's `strategy="off-main-thread"`;
 * docs/architecture.md#third-party-scripts).
 */
/** In the order they are rendered. */
export const SCRIPT_CATALOG: Readonly<Record<ThirdPartyScriptId, CatalogEntry>> = {
  // The hosted consent manager (GATSBY_CONSENT_PROVIDER) is loaded by the page's head (src/ssr/consent-head.ts), not here.
  "consent-manager": {
    categories: ["necessary"],
    gate: "always",
    // Allowed only when a provider is configured: without one the script is never loaded (src/ssr/consent-head.ts).
    csp: (context) => (context.consentProvider ? scriptAndBeacon(context) : {}),
  },
  // Idle rather than off-main-thread: Partytown would fetch GTM through the site's own proxy, adding
  // its runtime to every page and a server-side fetch; idle keeps GTM off the critical path too.
  // Google's tags obey Consent Mode v2 (src/consent/consent-mode.ts), so they load with either category.
  "tag-manager": {
    categories: ["analytics", "marketing"],
    categoryStores: GOOGLE_STORES,
    src: (id) => `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`,
    gate: "always",
    csp: () => GOOGLE_TAG,
  },
  gtag: {
    categories: ["analytics", "marketing"],
    categoryStores: GOOGLE_STORES,
    src: (id) => `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`,
    gate: "always",
    csp: () => GOOGLE_TAG,
  },
  "crm-loader": {
    categories: ["marketing"],
    stores: { cookies: ["hubspotutk", "__hstc", "__hssc", "__hssrc", "messagesUtk"] },
    off: "HubSpot: _hsp.push(['revokeCookieConsent'])",
    src: (id) => `https://js.hs-scripts.com/${encodeURIComponent(id)}.js`,
    gate: "always",
    // The loader's modules (analytics, collected forms, cookie banner, chat) and what they call; chat opens an
    // app.hubspot.com frame. HubSpot: https://knowledge.hubspot.com/domains-and-urls/ssl-and-domain-security-in-hubspot
    csp: ({ origin }) => ({
      "script-src": [
        ...only(origin),
        "https://*.hs-analytics.net",
        "https://*.hs-banner.com",
        "https://*.hscollectedforms.net",
        "https://*.usemessages.com",
      ],
      "connect-src": ["https://*.hubspot.com", "https://*.hs-banner.com", "https://*.hscollectedforms.net"],
      "img-src": ["https://track.hubspot.com"],
      "frame-src": ["https://app.hubspot.com"],
    }),
  },
  // Refused `preferences`: a tap on the launcher still loads it (the visitor asked for the service).
  "support-widget": {
    categories: ["preferences"],
    src: () => "https://beacon-v2.helpscout.net",
    gate: "always",
    // Help Scout, "CSP settings for Beacon": https://docs.helpscout.com/article/815-csp-settings-for-beacon (its
    // frames are srcdoc frames, which frame-src does not govern; child-src only for videos in Docs articles).
    csp: ({ origin }) => ({
      "script-src": only(origin),
      "connect-src": [
        "https://beaconapi.helpscout.net",
        "https://chatapi.helpscout.net",
        "https://d3hb14vkzrxvla.cloudfront.net",
        "https://sockjs-helpscout.pusher.com",
        "wss://*.pusher.com",
      ],
    }),
  },
  "visitor-analytics": {
    categories: ["analytics"],
    stores: { cookies: ["ajs_*"], localStorage: ["ajs_*"] },
    gate: "analytics-pages",
    csp: scriptAndBeacon,
  },
  "product-analytics": {
    categories: ["analytics"],
    stores: { cookies: ["mp_*"] },
    off: "Mixpanel: mixpanel.opt_out_tracking()",
    gate: "analytics-pages",
    csp: scriptAndBeacon,
  },
  heap: {
    categories: ["analytics"],
    stores: { cookies: ["_hp2_*"], localStorage: ["_hp2_*"] },
    src: (id) => `https://cdn.heapanalytics.com/js/heap-${encodeURIComponent(id)}.js`,
    gate: "analytics-pages",
    // Heap, "Content Security Policy (CSP)": https://help.heap.io/installation/standard-installations/web-installation/
    // (its heapanalytics.com script-src entry is for the visual labeler, which visitors never load).
    csp: ({ origin }) => ({
      "script-src": only(origin),
      "connect-src": ["https://heapanalytics.com"],
      "img-src": ["https://heapanalytics.com"],
    }),
  },
  "ad-pixel": {
    categories: ["marketing"],
    stores: { cookies: ["_fbp", "_fbc"] },
    off: "Meta: fbq('consent', 'revoke')",
    gate: "see-it-in-action",
    // A pixel: it reports with image requests as well as fetch.
    csp: (context) => ({ ...scriptAndBeacon(context), "img-src": only(context.origin) }),
  },
  "sales-intelligence": {
    categories: ["marketing"],
    stores: { cookies: ["cb_*"] },
    gate: "sales-intelligence-paths",
    csp: scriptAndBeacon,
  },
  "partner-referral": {
    categories: ["marketing"],
    gate: "always",
    csp: scriptAndBeacon,
  },
  "visitor-intelligence": {
    categories: ["marketing"],
    gate: "always",
    csp: scriptAndBeacon,
  },
  "speed-insights": {
    categories: ["analytics"],
    gate: "always",
    errorMessage: "Speed insights could not load; a content blocker may be blocking it.",
    csp: scriptAndBeacon,
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

export const THIRD_PARTY_SCRIPT_IDS = /* @__PURE__ */ Object.keys(SCRIPT_CATALOG) as ThirdPartyScriptId[];
