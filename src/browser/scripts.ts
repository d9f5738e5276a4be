/**
 * Which third-party scripts a page loads (docs/product-rules.md#layout-per-path, #attribution, #scripts-and-analytics; docs/architecture.md#third-party-scripts), from the catalog in
 * src/lib/third-party-scripts.ts. Pure rules: the caller renders each descriptor with Gatsby's <Script>.
 * A script whose id is unset never loads.
 */
import { isAnalyticsPage, siteHosts, type SiteHosts } from "./hosts";
import { normalizePath } from "../lib/layout-rules";
import {
  DEFAULT_SALES_INTELLIGENCE_PATHS,
  SCRIPT_CATALOG,
  THIRD_PARTY_SCRIPT_IDS,
  type ScriptGate,
  type ScriptsConfig,
  type ThirdPartyScriptId,
} from "../lib/third-party-scripts";
import { matchesPathList, scriptSource } from "../lib/vendor-sources";
import { initSupportWidget } from "./support-widget";

export interface ScriptDescriptor {
  id: ThirdPartyScriptId;
  src: string;
  /** To run from <Script onLoad>. */
  init?: (win: Window) => void;
  /** Logged from <Script onError>. */
  errorMessage: string;
}

/** What runs from <Script onLoad>, per script that needs it, given the configured id. */
const INIT: Partial<Record<ThirdPartyScriptId, (id: string) => (win: Window) => void>> = {
  "tag-manager": () => (win) => {
    const w = win as Window & { dataLayer?: unknown[] };
    (w.dataLayer = w.dataLayer ?? []).push({ "gtm.start": Date.now(), event: "gtm.js" });
  },
  gtag: (id) => (win) => gtagConfig(win, id),
  "support-widget": (id) => (win) => initSupportWidget(win, id),
};

type Gtag = (...args: unknown[]) => void;
/** docs/product-rules.md#scripts-and-analytics: the gtag config. Page views are sent by analytics.ts, not by gtag itself. */
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

export interface ScriptsInput {
  pathname: string;
  /** The page's host (at build time: the host of SITE_URL). */
  hostname: string;
  config: ScriptsConfig;
  hosts?: SiteHosts;
}

/** docs/product-rules.md#layout-per-path, #attribution, #scripts-and-analytics: the scripts this page loads. */
export function thirdPartyScripts({ pathname, hostname, config, hosts = siteHosts }: ScriptsInput): ScriptDescriptor[] {
  const allowed: Record<ScriptGate, () => boolean> = {
    always: () => true,
    "analytics-pages": () => isAnalyticsPage(hostname, pathname, hosts),
    "see-it-in-action": () => normalizePath(pathname).includes("/see-it-in-action/"),
    "sales-intelligence-paths": () => matchesPathList(pathname, config.salesIntelligencePaths ?? DEFAULT_SALES_INTELLIGENCE_PATHS),
  };
  const scripts: ScriptDescriptor[] = [];
  for (const id of THIRD_PARTY_SCRIPT_IDS) {
    // The hosted consent manager loads from the page's head (src/ssr/consent-head.ts), never here.
    if (id === "consent-manager") continue;
    const value = config.ids[id]?.trim();
    const entry = SCRIPT_CATALOG[id];
    if (!value || !allowed[entry.gate]()) continue;
    const src = scriptSource(id, value);
    if (!src) continue;
    const init = INIT[id];
    scripts.push({
      id,
      src,
      ...(init ? { init: init(value) } : {}),
      errorMessage: entry.errorMessage ?? `The ${id} script could not load; a content blocker may be blocking it.`,
    });
  }
  return scripts;
}
