/**
 * Stand-ins for the site's vendor scripts (docs/page-load.md#vendors-at-their-weight-npm-run-bench------vendors): each
 * answers its vendor's address (the catalog's addresses for the build's ids, e.g. tests/e2e/third-party.env), implements the API the site calls
 * (the globals tests/e2e/third-party.ts stubs), and burns the vendor's main-thread time (weights.ts) in wall-clock
 * time, in four tasks with a zero timeout between them. Each records on `window.__ndVendors[id]`
 * (performance.now(), ms after navigation start): `start` (its first execution), `ready` (its last task done),
 * `pageView` (the page view: the site's call to its API, or, for a vendor that tracks by itself, its ready) and
 * `tasks` (each burn's [start, end], to tell which vendor an input waited for).
 */
import type { ScriptIds, VendorId } from "../../../src/vendors/catalog";
import { vendorForSource } from "../../../src/vendors/sources";

/** Tasks each vendor's time is split into (a real vendor script runs as several tasks, not one). */
export const BURN_TASKS = 4;

/**
 * Per-click main-thread time of the vendors that listen to every click, wall-clock ms on the phone profile.
 * GTM's click and link-click triggers build the `gtm.click` event (the element, its classes, id, URL and text)
 * and evaluate the container's triggers: about 1.5 ms on a desktop, so 6 ms at 4×. Heap's autocapture walks
 * the target's ancestors to build its selector hierarchy and queues the event: about 2.5 ms, so 10 ms at 4×.
 * Both are modest: a busy container or a deep DOM costs more.
 */
export const CLICK_BURN_MS: Partial<Record<VendorId, number>> = { "tag-manager": 6, heap: 10 };

/** Which vendor an address belongs to, by the catalog's addresses for the build's ids (src/vendors/sources.ts). */
export const vendorForUrl = (url: string, ids: ScriptIds): VendorId | undefined => vendorForSource(ids, url);

/**
 * Each vendor's API, as ES5 text run in the stand-in's first task, before its burn. `rec` is its record,
 * `view()` records the page view (once). Vendors that send their page view by themselves on load (HubSpot's
 * tracking code, Heap, the Meta pixel's base code) record it at `ready`: `selfTracking`.
 */
const API: Partial<Record<VendorId, { code: string; selfTracking?: boolean }>> = {
  // GTM's page-view trigger fires on the gtm.js event the site pushes from the script's onLoad
  // (src/vendors/tag-manager.ts init); GTM replaces dataLayer.push and reads what is already there.
  "tag-manager": { code: `watchDataLayer(function (e) { return e && e.event === "gtm.js"; });` },
  // gtag.js sends its page view on the config command (an Arguments object), pushed from onLoad.
  gtag: { code: `watchDataLayer(function (e) { return e && e[0] === "config"; });` },
  "crm-loader": { code: `window._hsq = window._hsq || []; window._hsp = window._hsp || [];`, selfTracking: true },
  "support-widget": {
    code: `window.Beacon = function (method) { rec.calls = (rec.calls || 0) + 1; if (method === "info") return { beaconId: "beacon-bench" }; };`,
  },
  "visitor-analytics": { code: `window.analytics = { page: function () { view(); } };` },
  "product-analytics": {
    code: `window.mixpanel = { track: function (event) { if (event === "Viewed Page") view(); }, get_distinct_id: function () { return "mx-bench"; }, opt_out_tracking: function () {} };`,
  },
  heap: { code: `window.heap = { userId: "hp-bench", track: function () {}, identify: function () {} };`, selfTracking: true },
  "ad-pixel": { code: `window.fbq = window.fbq || function () {};`, selfTracking: true },
};

export interface StandInOptions {
  /** Total burn, wall-clock ms; 0 for the empty stand-in. */
  burnMs: number;
  /** Burned on every click (document listener), wall-clock ms; 0: no listener. */
  clickBurnMs?: number;
  tasks?: number;
}

/** The stand-in script for one vendor (ES5: it runs as the vendor's would, under the site's CSP, no eval). */
export function standInScript(id: VendorId, { burnMs, clickBurnMs = 0, tasks = BURN_TASKS }: StandInOptions): string {
  const api = API[id];
  const perTask = burnMs / tasks;
  return `(function () {
  var now = function () { return performance.now(); };
  var all = (window.__ndVendors = window.__ndVendors || {});
  if (all[${JSON.stringify(id)}]) return;
  var rec = (all[${JSON.stringify(id)}] = { start: now() });
  function spin(ms) { var end = now() + ms; while (now() < end) {} }
  function view() { if (rec.pageView === undefined) rec.pageView = now(); }
  function watchDataLayer(match) {
    var dl = (window.dataLayer = window.dataLayer || []);
    for (var i = 0; i < dl.length; i++) if (match(dl[i])) view();
    var push = dl.push;
    dl.push = function () {
      for (var j = 0; j < arguments.length; j++) if (match(arguments[j])) view();
      return push.apply(this, arguments);
    };
  }
  ${api?.code ?? ""}
  ${clickBurnMs > 0 ? `document.addEventListener("click", function () { spin(${clickBurnMs}); }, true);` : ""}
  var left = ${tasks};
  rec.tasks = [];
  function task() {
    var from = now();
    spin(${perTask});
    rec.tasks.push([from, now()]);
    if (--left > 0) return void setTimeout(task, 0);
    rec.ready = now();
    ${api?.selfTracking ? "view();" : ""}
  }
  task();
})();
`;
}

/** Vendors whose page view the bench checks (the others send none). */
export const PAGE_VIEW_VENDORS: readonly VendorId[] = (Object.keys(API) as VendorId[]).filter((id) => id !== "support-widget");
