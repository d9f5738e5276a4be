/**
 * The vendor loader (docs/browser-runtime.md#from-accept-all-to-a-vendor-start): a plain module subscribed to the
 * consent face. On every choice and every page it works out which catalog vendors this page may load now
 * (docs/product-rules.md#layout-per-path, #scripts-and-analytics, #consent) and hands them to the scheduler, which
 * starts each in turn (src/browser/vendor-start.ts). No React state on the way: the layout renders no script.
 */
import type { ConsentFace } from "../lib/consent-model";
import { isAnalyticsPage, siteHosts, type SiteHosts } from "./hosts";
import { normalizePath } from "../lib/layout-rules";
import { VENDORS, onIntent, vendor, vendorAllowed, type ScriptsConfig, type VendorId } from "../vendors/catalog";
import { DEFAULT_SALES_INTELLIGENCE_PATHS } from "../vendors/sales-intelligence";
import { matchesPathList, scriptSource } from "../vendors/sources";
import type { ScriptGate } from "../vendors/types";
import { publicConfig } from "../config/public";
import { VENDOR_REQUEST_EVENT } from "./support-widget";
import { browserSchedulerHost, createVendorScheduler, type SchedulerHost } from "./vendor-scheduler";
import { vendorStarter, type ScriptDescriptor } from "./vendor-start";

export interface ScriptsInput {
  pathname: string;
  /** The page's host (at build time: the host of SITE_URL). */
  hostname: string;
  config: ScriptsConfig;
  hosts?: SiteHosts;
}

/** The scripts this page loads, consent aside; a vendor whose id is unset never loads. */
export function thirdPartyScripts({ pathname, hostname, config, hosts = siteHosts }: ScriptsInput): ScriptDescriptor[] {
  const allowed: Record<ScriptGate, () => boolean> = {
    always: () => true,
    "analytics-pages": () => isAnalyticsPage(hostname, pathname, hosts),
    "see-it-in-action": () => normalizePath(pathname).includes("/see-it-in-action/"),
    "sales-intelligence-paths": () => matchesPathList(pathname, config.salesIntelligencePaths ?? DEFAULT_SALES_INTELLIGENCE_PATHS),
  };
  return VENDORS.flatMap((entry) => {
    const value = config.ids[entry.id]?.trim();
    // The hosted consent manager loads from the page's head (src/ssr/consent-head.ts), never here.
    if (entry.start === "head" || !value || !allowed[entry.gate]()) return [];
    const src = scriptSource(entry.id, value);
    if (!src) return [];
    const errorMessage = entry.errorMessage ?? `The ${entry.id} script could not load; a content blocker may be blocking it.`;
    return [{ id: entry.id, src, ...(entry.init ? { init: entry.init(value) } : {}), errorMessage }];
  });
}

export interface VendorLoader {
  /** The page shown now (every route update, the first included): its vendors are wanted from then on. */
  page(pathname: string): void;
  /** The vendors started so far. */
  started(): ReadonlySet<VendorId>;
  /** Stops listening (a page never needs it; a test's next page does). */
  stop(): void;
}

/** Starts the page's loader: call once, with the page's consent face. */
export function startVendorLoader(
  win: Window,
  face: ConsentFace,
  config: ScriptsConfig = publicConfig.scripts,
  host: SchedulerHost = browserSchedulerHost(win),
): VendorLoader {
  let pathname: string | undefined;
  // The scheduler hears back from the script's load event (a later task), once both exist.
  const starter = vendorStarter(win, (id) => scheduler.settled(id));
  const scheduler = createVendorScheduler(host, starter.start);
  const scripts = () => thirdPartyScripts({ pathname: pathname ?? win.location.pathname, hostname: win.location.hostname, config });

  const refresh = () => {
    if (pathname === undefined) return;
    const page = scripts();
    starter.offer(page);
    const wanted = page.filter(({ id }) => !onIntent(id) && vendorAllowed(vendor(id).categories, face.granted));
    scheduler.want(wanted.map(({ id }) => id));
  };
  const unsubscribe = face.subscribe(refresh);
  // A vendor the visitor asked for (the support widget's launcher) starts at once, whatever the page's turn.
  const request = (event: Event) => {
    starter.offer(scripts());
    scheduler.requestNow((event as CustomEvent<VendorId>).detail);
  };
  win.addEventListener(VENDOR_REQUEST_EVENT, request);
  // Input holds the next start (capture, passive: never delaying the input watched).
  const input = () => scheduler.input();
  const INPUTS = ["pointerdown", "keydown"] as const;
  for (const type of INPUTS) win.addEventListener(type, input, { capture: true, passive: true });

  return {
    page(next) {
      pathname = next;
      refresh();
    },
    started: () => scheduler.started(),
    stop() {
      unsubscribe();
      win.removeEventListener(VENDOR_REQUEST_EVENT, request);
      for (const type of INPUTS) win.removeEventListener(type, input, { capture: true });
    },
  };
}
