// Real-user LCP, INP and CLS, sent once per document with `analytics` granted
// (docs/browser-runtime.md#real-user-measurement-web-vitals).
import type {
  CLSMetricWithAttribution,
  INPMetricWithAttribution,
  LCPMetricWithAttribution,
  MetricType,
  onCLS as OnCLS,
  onINP as OnINP,
  onLCP as OnLCP,
} from "web-vitals/attribution";
import { STUB_BEACON_PATH, beaconBody, eventId, sendBeacon, type BeaconEvent } from "./analytics-beacon";
import { afterLoadWhenIdle } from "./idle";
import type { AnalyticsBeaconSettings } from "../config/analytics";
import type { ConsentFace } from "../consent/face";

/** The product-analytics event (docs/browser-runtime.md#real-user-measurement-web-vitals). */
export const WEB_VITALS = "Web Vitals";

export type VitalsMetric = LCPMetricWithAttribution | INPMetricWithAttribution | CLSMetricWithAttribution;

/** The latest value the library reported for each metric of this document (a metric may be missing). */
export interface DocumentVitals {
  LCP?: LCPMetricWithAttribution;
  INP?: INPMetricWithAttribution;
  CLS?: CLSMetricWithAttribution;
}

type Rating = MetricType["rating"];

/** The event's own properties (docs/browser-runtime.md#real-user-measurement-web-vitals has the table). */
export interface WebVitalsProperties {
  /** The document's path when it loaded (its landing page: where LCP was painted). */
  path: string;
  navigation_type?: MetricType["navigationType"];
  /** Milliseconds, rounded. */
  lcp?: number;
  lcp_rating?: Rating;
  /** CSS selector of the LCP element. */
  lcp_element?: string;
  /** Milliseconds, rounded. */
  inp?: number;
  inp_rating?: Rating;
  /** CSS selector of the element of the INP interaction. */
  inp_target?: string;
  inp_type?: "pointer" | "keyboard";
  /** Layout shift score, 4 decimals. */
  cls?: number;
  cls_rating?: Rating;
  /** CSS selector of the element of the largest shift. */
  cls_target?: string;
}

/** The library's attribution selectors are short already (at most 100 characters); an empty one is left out. */
const selector = (value: string | undefined) => value || undefined;

/** The event's properties, or undefined when the library reported nothing yet (nothing to send). */
export function vitalsProperties(vitals: DocumentVitals, path: string): WebVitalsProperties | undefined {
  const { LCP: lcp, INP: inp, CLS: cls } = vitals;
  if (!lcp && !inp && !cls) return undefined;
  return {
    path,
    navigation_type: (lcp ?? inp ?? cls)?.navigationType,
    ...(lcp && { lcp: Math.round(lcp.value), lcp_rating: lcp.rating, lcp_element: selector(lcp.attribution.target) }),
    ...(inp && {
      inp: Math.round(inp.value),
      inp_rating: inp.rating,
      inp_target: selector(inp.attribution.interactionTarget),
      inp_type: inp.attribution.interactionType,
    }),
    ...(cls && {
      cls: Math.round(cls.value * 10_000) / 10_000,
      cls_rating: cls.rating,
      cls_target: selector(cls.attribution.largestShiftTarget),
    }),
  };
}

/**
 * The beacon's body: analytics-beacon.ts's track form for the one event, with the vitals added to the event's
 * properties (its own token, time, $insert_id and $current_url win over a name taken twice).
 */
export function vitalsBody(event: BeaconEvent, properties: WebVitalsProperties, token: string): URLSearchParams {
  return beaconBody([{ ...event, properties }], token);
}

/** The part of the attribution build this module uses. */
export interface VitalsLibrary {
  onLCP: typeof OnLCP;
  onINP: typeof OnINP;
  onCLS: typeof OnCLS;
}

export interface WebVitalsOptions {
  /** Only the production host sends to the collection endpoint; anywhere else beacons go to STUB_BEACON_PATH. */
  production: boolean;
  /** src/config/analytics.ts: unset on the production host, nothing is measured nor sent. */
  beacon?: AnalyticsBeaconSettings;
  /** The library's chunk (tests pass a stand-in). */
  load?: () => Promise<VitalsLibrary>;
  /** When the library may load: after the load event, in the first idle period. */
  whenReady?: (run: () => void) => void;
  now?: () => number;
}

/** Measures this document's vitals and sends them once, when the page is hidden with `analytics` granted at that moment. */
export function measureWebVitals(
  win: Window,
  consent: ConsentFace,
  {
    production,
    beacon,
    load = () => import(/* webpackChunkName: "web-vitals" */ "web-vitals/attribution"),
    whenReady = (run) => afterLoadWhenIdle(win, run),
    now = Date.now,
  }: WebVitalsOptions,
): void {
  const url = production ? beacon?.url : STUB_BEACON_PATH;
  if (!url) return;
  const path = win.location.pathname;
  const vitals: DocumentVitals = {};
  let sent = false;

  const report = () => {
    if (sent || win.document.visibilityState !== "hidden" || !consent.granted("analytics")) return;
    const properties = vitalsProperties(vitals, path);
    if (!properties) return;
    const event: BeaconEvent = { id: eventId(), event: WEB_VITALS, url: win.location.href, time: now() };
    // refused by the browser (too large): not sent, the next hide tries again
    sent = sendBeacon(win.navigator, url, vitalsBody(event, properties, beacon?.token ?? ""));
  };

  const start = () =>
    load().then(
      ({ onLCP, onINP, onCLS }) => {
        onLCP((metric) => (vitals.LCP = metric));
        onINP((metric) => (vitals.INP = metric));
        onCLS((metric) => (vitals.CLS = metric));
        // The library reports on `visibilitychange` in the capture phase on window; this listener (on the document,
        // where the event is dispatched) runs after it, with every final value in hand. Not pagehide: on a
        // navigation it comes before visibilitychange, when the library has not reported yet.
        win.document.addEventListener("visibilitychange", report);
      },
      (error: unknown) => console.error("Web vitals could not load", error),
    );

  whenReady(() => {
    if (consent.granted("analytics")) return void start();
    // a grant later in the visit: load then (the buffered observers still see what came before)
    const stop = consent.subscribe(({ state }) => {
      if (!state.granted.analytics) return;
      stop();
      void start();
    });
  });
}
