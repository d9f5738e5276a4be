/**
 * The third-party script catalog (docs/product-rules.md#layout-per-path, #attribution, #scripts-and-analytics; docs/architecture.md#third-party-scripts): every script the site can load,
 * where it loads from, with which <Script> strategy and on which pages. Shared by the browser (which
 * scripts a page renders: src/browser/scripts.ts) and the build (which hosts the security headers allow:
 * src/node/hosting/security-headers.ts). Pure data and rules.
 */
import { normalizePath } from "./layout-rules";
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

export interface CatalogEntry {
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
  "consent-manager": { strategy: "idle", gate: "always" },
  // Idle rather than off-main-thread: Partytown would fetch GTM through the site's own proxy, adding
  // its runtime to every page and a server-side fetch; idle keeps GTM off the critical path too.
  "tag-manager": { src: (id) => `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`, strategy: "idle", gate: "always" },
  gtag: { src: (id) => `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`, strategy: "idle", gate: "always" },
  "crm-loader": { src: (id) => `https://js.hs-scripts.com/${encodeURIComponent(id)}.js`, strategy: "idle", gate: "always" },
  "support-widget": { src: () => "https://beacon-v2.helpscout.net", strategy: "idle", gate: "always" },
  "visitor-analytics": { strategy: "idle", gate: "analytics-pages" },
  "product-analytics": { strategy: "idle", gate: "analytics-pages" },
  heap: { src: (id) => `https://cdn.heapanalytics.com/js/heap-${encodeURIComponent(id)}.js`, strategy: "idle", gate: "analytics-pages" },
  "ad-pixel": { strategy: "idle", gate: "see-it-in-action" },
  "sales-intelligence": { strategy: "idle", gate: "sales-intelligence-paths" },
  "partner-referral": { strategy: "idle", gate: "always" },
  "visitor-intelligence": { strategy: "idle", gate: "always" },
  "speed-insights": {
    strategy: "idle",
    gate: "always",
    errorMessage: "Speed insights could not load; a content blocker may be blocking it.",
  },
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
