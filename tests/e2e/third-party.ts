import type { Page, Request } from "@playwright/test";
import { offOrigin } from "./fixtures";
import { writeDocumentedStores } from "../fixtures/vendor-documented-stores";

/**
 * Local stand-ins for the third-party scripts configured in tests/e2e/third-party.env. Every request
 * that would leave localhost is answered here or aborted: no test reaches the internet.
 */
const STUBS: Record<string, string> = {
  "beacon-v2.helpscout.net": `
    window.__beacon = { calls: [], handlers: {} };
    window.Beacon = function (method) {
      var args = Array.prototype.slice.call(arguments, 1);
      window.__beacon.calls.push([method].concat(args.filter(function (a) { return typeof a !== "function"; })));
      if (method === "on") window.__beacon.handlers[args[0]] = args[1];
      if (method === "info") return window.__beaconInfo === undefined ? { beaconId: "beacon-e2e" } : window.__beaconInfo;
    };`,
  "product-analytics.third-party.test": `window.mixpanel = { events: [], track: function (e, p) { this.events.push([e, p]); }, get_distinct_id: function () { return "mx-e2e"; } };`,
  "visitor-analytics.third-party.test": `window.analytics = { pages: 0, page: function () { this.pages++; } };`,
  "cdn.heapanalytics.com": `window.heap = { userId: "hp-e2e" };`,
};

export interface ThirdParty {
  /** Every non-local URL the page asked for. */
  requested: string[];
  hosts(): string[];
}

/**
 * Routes every request off localhost: known script hosts get their stub, speed insights fails, the rest is aborted.
 * `documentedStores`: each stand-in also stores what its vendor documents (tests/fixtures/vendor-documented-stores.ts).
 */
export async function interceptThirdParties(
  page: Page,
  baseURL: string,
  { documentedStores = false }: { documentedStores?: boolean } = {},
): Promise<ThirdParty> {
  const requested: string[] = [];
  await page.route(offOrigin(baseURL), async (route) => {
    const request: Request = route.request();
    requested.push(request.url());
    const host = new URL(request.url()).hostname;
    if (host === "speed-insights.third-party.test") return route.fulfill({ status: 404, body: "" });
    if (request.resourceType() !== "script") return route.abort();
    return route.fulfill({
      status: 200,
      contentType: "text/javascript",
      body:
        (STUBS[host] ?? `window.__loaded = (window.__loaded || []).concat(${JSON.stringify(host)});`) +
        (documentedStores ? writeDocumentedStores(host) : ""),
    });
  });
  return { requested, hosts: () => [...new Set(requested.map((url) => new URL(url).hostname))] };
}
