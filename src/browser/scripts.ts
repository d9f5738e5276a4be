/**
 * Which third-party scripts a page loads (SPEC 2.2, 4.1, 7.5; ARCHITECTURE.md 7). Pure rules: the
 * caller renders each descriptor with Gatsby's <Script>. A script whose id is unset never loads.
 */
import { isAnalyticsPage, siteHosts, type SiteHosts } from "./hosts";
import { normalizePath } from "../lib/layout-rules";
import { initSupportWidget } from "./support-widget";

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

export interface ScriptDescriptor {
  id: ThirdPartyScriptId;
  src: string;
  strategy: ScriptStrategy;
  /** For off-main-thread scripts: globals forwarded from the main thread (<Script forward>). */
  forward?: string[];
  /** To run from <Script onLoad> (never set on off-main-thread scripts). */
  init?: (win: Window) => void;
  /** Logged from <Script onError>. */
  errorMessage: string;
}

/**
 * Per script, its id (tag manager, gtag, CRM portal, support widget, heap) or, for the scripts whose
 * address is not built from an id, the script's URL (https:// or a root-relative path). Unset or
 * empty: the script does not load.
 */
export type ScriptIds = Partial<Record<ThirdPartyScriptId, string>>;

export interface ScriptsConfig {
  ids: ScriptIds;
  /** SPEC 2.2: where the sales-intelligence tag loads; "/x/*" matches /x/ and below. */
  salesIntelligencePaths?: readonly string[];
}

/** SPEC 2.2 leaves the list open: product, pricing, comparison and blog paths. */
export const DEFAULT_SALES_INTELLIGENCE_PATHS: readonly string[] = [
  "/pricing/",
  "/pricing/contact-based/",
  "/platform/",
  "/shared-inbox/",
  "/customer-support/",
  "/inbox/",
  "/knowledge-base/",
  "/beacon-messaging/",
  "/help-desk-workflows/",
  "/customer-management/",
  "/collaboration/",
  "/customer-support-channels/",
  "/proactive-messages/",
  "/ai-features/",
  "/analytics/",
  "/integrations/*",
  "/compare/*",
  "/blog/*",
];

type Gate = "always" | "analytics-pages" | "see-it-in-action" | "sales-intelligence-paths";

interface CatalogEntry {
  /** Builds the src from an id; without it the configured value must be the script's URL. */
  src?: (id: string) => string;
  strategy: ScriptStrategy;
  gate: Gate;
  forward?: string[];
  init?: (id: string) => (win: Window) => void;
  /** SPEC 8: what a failure to load logs. */
  errorMessage?: string;
}

/** In the order they are rendered. */
const CATALOG: Record<ThirdPartyScriptId, CatalogEntry> = {
  "consent-manager": { strategy: "idle", gate: "always" },
  // Idle rather than off-main-thread: Partytown would fetch GTM through the site's own proxy, adding
  // its runtime to every page and a server-side fetch; idle keeps GTM off the critical path too.
  "tag-manager": {
    src: (id) => `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`,
    strategy: "idle",
    gate: "always",
    init: () => (win) => {
      const w = win as Window & { dataLayer?: unknown[] };
      (w.dataLayer = w.dataLayer ?? []).push({ "gtm.start": Date.now(), event: "gtm.js" });
    },
  },
  gtag: {
    src: (id) => `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`,
    strategy: "idle",
    gate: "always",
    init: (id) => (win) => gtagConfig(win, id),
  },
  "crm-loader": { src: (id) => `https://js.hs-scripts.com/${encodeURIComponent(id)}.js`, strategy: "idle", gate: "always" },
  "support-widget": {
    src: () => "https://beacon-v2.helpscout.net",
    strategy: "idle",
    gate: "always",
    init: (id) => (win) => initSupportWidget(win, id),
  },
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

export const THIRD_PARTY_SCRIPT_IDS = Object.keys(CATALOG) as ThirdPartyScriptId[];

type Gtag = (...args: unknown[]) => void;
/** SPEC 7.5: the gtag config. Page views are sent by analytics.ts, not by gtag itself. */
function gtagConfig(win: Window, id: string): void {
  const w = win as Window & { dataLayer?: unknown[]; gtag?: Gtag };
  w.dataLayer = w.dataLayer ?? [];
  // gtag.js reads the Arguments object itself (not an array), hence `arguments` in a function.
  w.gtag =
    w.gtag ??
    function gtag() {
      // eslint-disable-next-line prefer-rest-params
      w.dataLayer!.push(arguments);
    };
  w.gtag("js", new Date());
  w.gtag("config", id);
}

/** "/x/*" matches /x/ and everything below; anything else matches exactly (trailing slash optional). */
export function matchesPathList(pathname: string, list: readonly string[]): boolean {
  const path = normalizePath(pathname);
  return list.some((entry) => (entry.endsWith("*") ? path.startsWith(normalizePath(entry.slice(0, -1))) : path === normalizePath(entry)));
}

const isUrl = (value: string) => /^(https:\/\/|\/)/.test(value);

/** The script's address: built from its id, or the configured value when that is a URL (https:// or root-relative). */
const sourceOf = (id: ThirdPartyScriptId, value: string): string | undefined => {
  const build = CATALOG[id].src;
  return build ? build(value) : isUrl(value) ? value : undefined;
};

export interface ScriptsInput {
  pathname: string;
  /** The page's host (at build time: the host of SITE_URL). */
  hostname: string;
  config: ScriptsConfig;
  hosts?: SiteHosts;
}

/** SPEC 2.2, 4.1, 7.5: the scripts this page loads. */
export function thirdPartyScripts({ pathname, hostname, config, hosts = siteHosts }: ScriptsInput): ScriptDescriptor[] {
  const allowed: Record<Gate, () => boolean> = {
    always: () => true,
    "analytics-pages": () => isAnalyticsPage(hostname, pathname, hosts),
    "see-it-in-action": () => normalizePath(pathname).includes("/see-it-in-action/"),
    "sales-intelligence-paths": () => matchesPathList(pathname, config.salesIntelligencePaths ?? DEFAULT_SALES_INTELLIGENCE_PATHS),
  };
  const scripts: ScriptDescriptor[] = [];
  for (const id of THIRD_PARTY_SCRIPT_IDS) {
    const value = config.ids[id]?.trim();
    const entry = CATALOG[id];
    if (!value || !allowed[entry.gate]()) continue;
    const src = sourceOf(id, value);
    if (!src) continue;
    scripts.push({
      id,
      src,
      strategy: entry.strategy,
      ...(entry.forward ? { forward: entry.forward } : {}),
      ...(entry.init ? { init: entry.init(value) } : {}),
      errorMessage: entry.errorMessage ?? `The ${id} script could not load; a content blocker may be blocking it.`,
    });
  }
  return scripts;
}

/**
 * Every script address the configured ids can load, on any page (the security headers allow exactly
 * these hosts: src/node/security-headers.ts). Unset ids and values that are not URLs give nothing.
 */
export function configuredScriptSources(ids: ScriptIds): string[] {
  const sources: string[] = [];
  for (const id of THIRD_PARTY_SCRIPT_IDS) {
    const value = ids[id]?.trim();
    const src = value ? sourceOf(id, value) : undefined;
    if (src) sources.push(src);
  }
  return sources;
}
