// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CLSMetricWithAttribution, INPMetricWithAttribution, LCPMetricWithAttribution } from "web-vitals/attribution";
import { STUB_BEACON_PATH, beaconBody } from "../../../src/browser/analytics-beacon";
import {
  WEB_VITALS,
  measureWebVitals,
  vitalsBody,
  vitalsProperties,
  type VitalsLibrary,
  type WebVitalsOptions,
} from "../../../src/browser/web-vitals";
import { installConsent } from "../../../src/consent/face";
import { consentAs, forgetConsent } from "../../fixtures/consent";

const lcp = {
  name: "LCP",
  value: 2345.67,
  rating: "good",
  navigationType: "navigate",
  attribution: { target: "main>section.hero>img" },
} as unknown as LCPMetricWithAttribution;
const inp = {
  name: "INP",
  value: 232,
  rating: "needs-improvement",
  navigationType: "navigate",
  attribution: { interactionTarget: "#staffing-phone-volume", interactionType: "keyboard" },
} as unknown as INPMetricWithAttribution;
const cls = {
  name: "CLS",
  value: 0.123456,
  rating: "needs-improvement",
  navigationType: "navigate",
  attribution: { largestShiftTarget: "footer" },
} as unknown as CLSMetricWithAttribution;

describe("the Web Vitals event (pure)", () => {
  it("carries each metric's value, rating and attribution, the navigation type and the document's path", () => {
    expect(vitalsProperties({ LCP: lcp, INP: inp, CLS: cls }, "/pricing/")).toEqual({
      path: "/pricing/",
      navigation_type: "navigate",
      lcp: 2346,
      lcp_rating: "good",
      lcp_element: "main>section.hero>img",
      inp: 232,
      inp_rating: "needs-improvement",
      inp_target: "#staffing-phone-volume",
      inp_type: "keyboard",
      cls: 0.1235,
      cls_rating: "needs-improvement",
      cls_target: "footer",
    });
  });

  it("leaves out a metric the library did not report (no interaction: no INP), and is undefined with none", () => {
    const properties = vitalsProperties({ LCP: lcp, CLS: cls }, "/");
    expect(Object.keys(properties!).filter((k) => k.startsWith("inp"))).toEqual([]);
    expect(properties).toMatchObject({ lcp: 2346, cls: 0.1235 });
    expect(vitalsProperties({}, "/")).toBeUndefined();
  });

  it("is sent in the shared beacon form: the track form of analytics-beacon.ts, the vitals among the event's properties", () => {
    const event = { id: "abc123", event: WEB_VITALS, url: "https://www.northdesk.com/pricing/", time: 1_700_000_000_000 };
    const properties = vitalsProperties({ LCP: lcp }, "/pricing/")!;
    const body = vitalsBody(event, properties, "tok");
    expect([...body.keys()]).toEqual(["data"]);
    const [base] = JSON.parse(beaconBody([event], "tok").get("data")!);
    expect(JSON.parse(body.get("data")!)).toEqual([{ event: WEB_VITALS, properties: { ...base.properties, ...properties } }]);
    expect(base.properties).toEqual({
      token: "tok",
      time: 1_700_000_000,
      $insert_id: "abc123",
      $current_url: "https://www.northdesk.com/pricing/",
    });
  });
});

/**
 * A stand-in for the library: like it, each function reports its metric from a `visibilitychange` listener in
 * the capture phase on window (so before the module's own listener), with the values set here.
 */
function fakeLibrary(values: { LCP?: typeof lcp; INP?: typeof inp; CLS?: typeof cls } = { LCP: lcp, INP: inp, CLS: cls }) {
  const registered: string[] = [];
  const on =
    <M>(name: string, value: M | undefined) =>
    (report: (metric: M) => void) => {
      registered.push(name);
      window.addEventListener(
        "visibilitychange",
        () => {
          if (document.visibilityState === "hidden" && value) report(value);
        },
        true,
      );
    };
  const library = {
    onLCP: on("LCP", values.LCP),
    onINP: on("INP", values.INP),
    onCLS: on("CLS", values.CLS),
  } as unknown as VitalsLibrary;
  return { library, registered };
}

let visibility: DocumentVisibilityState = "visible";
const setVisibility = (next: DocumentVisibilityState) => {
  visibility = next;
  document.dispatchEvent(new Event("visibilitychange", { bubbles: true }));
};
const hide = () => setVisibility("hidden");
const show = () => setVisibility("visible");
const sendBeacon = vi.fn((_url: string, _body: URLSearchParams) => true);
const beacons = () =>
  sendBeacon.mock.calls.map(([url, body]) => ({
    url,
    events: JSON.parse(body.get("data") ?? "[]") as { event: string; properties: any }[],
  }));

/** Starts the measurement with the stand-in library, the load/idle moment under the test's control. */
async function start(options: Partial<WebVitalsOptions> = {}, library = fakeLibrary()) {
  let ready!: () => void;
  const load = vi.fn(() => Promise.resolve(library.library));
  measureWebVitals(window, installConsent(window, { policy: "opt-in" }), {
    production: false,
    load,
    whenReady: (run) => (ready = run),
    ...options,
  });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    load,
    registered: library.registered,
    /** The page has loaded and the main thread is idle. */
    ready: async () => {
      ready?.();
      await settle();
    },
    settle,
  };
}

// Each test's window gets its listeners anew: the stand-in's and the module's listeners of earlier tests stay on
// jsdom's window, so every test counts only the beacons of its own measurement (a fresh `sendBeacon` mock).
let listeners: { target: EventTarget; type: string; fn: EventListenerOrEventListenerObject; capture: boolean }[] = [];
beforeEach(() => {
  visibility = "visible";
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => visibility });
  Object.defineProperty(window.navigator, "sendBeacon", { configurable: true, value: sendBeacon });
  sendBeacon.mockClear();
  sendBeacon.mockImplementation(() => true);
  for (const target of [window, document]) {
    const add = target.addEventListener.bind(target);
    vi.spyOn(target, "addEventListener").mockImplementation((type, fn, options) => {
      if (fn) listeners.push({ target, type, fn, capture: options === true || (typeof options === "object" && !!options.capture) });
      add(type, fn, options);
    });
  }
});
afterEach(() => {
  vi.restoreAllMocks();
  listeners.forEach(({ target, type, fn, capture }) => target.removeEventListener(type, fn, capture));
  listeners = [];
  forgetConsent();
});

describe("measureWebVitals: one event per document, when the page is hidden, with analytics consent", () => {
  it("with analytics granted, the library loads after load/idle and one beacon goes when the page is hidden", async () => {
    consentAs({ analytics: true });
    const page = await start();
    expect(page.load).not.toHaveBeenCalled(); // not on the first paint
    await page.ready();
    expect(page.registered).toEqual(["LCP", "INP", "CLS"]);
    hide();
    expect(beacons()).toEqual([
      {
        url: STUB_BEACON_PATH,
        events: [
          {
            event: WEB_VITALS,
            properties: expect.objectContaining({
              token: "",
              path: window.location.pathname,
              $current_url: window.location.href,
              lcp: 2346,
              inp: 232,
              inp_target: "#staffing-phone-volume",
              lcp_element: "main>section.hero>img",
              cls: 0.1235,
            }),
          },
        ],
      },
    ]);
  });

  it("once per document: coming back and hiding again (as after a bfcache restore) sends nothing more", async () => {
    consentAs({ analytics: true });
    const page = await start();
    await page.ready();
    hide();
    show();
    hide();
    show();
    hide();
    expect(beacons()).toHaveLength(1);
  });

  it("on the production host, to the collection endpoint with the project token; without one, nothing is loaded", async () => {
    consentAs({ analytics: true });
    const page = await start({ production: true, beacon: { url: "https://collect.example.com/track/", token: "tok" } });
    await page.ready();
    hide();
    expect(beacons().map((b) => [b.url, b.events[0].properties.token])).toEqual([["https://collect.example.com/track/", "tok"]]);

    show();
    sendBeacon.mockClear();
    const unconfigured = await start({ production: true, beacon: undefined });
    await unconfigured.ready();
    expect(unconfigured.load).not.toHaveBeenCalled();
  });

  it("without analytics consent nothing is loaded and nothing is sent", async () => {
    consentAs({ analytics: false, preferences: true, marketing: true });
    const page = await start();
    await page.ready();
    hide();
    expect(page.load).not.toHaveBeenCalled();
    expect(beacons()).toEqual([]);
  });

  it("a visitor who has not chosen yet: nothing is loaded nor sent", async () => {
    forgetConsent();
    const page = await start();
    await page.ready();
    hide();
    expect(page.load).not.toHaveBeenCalled();
    expect(beacons()).toEqual([]);
  });

  it("analytics granted later in the visit: the library loads then, and the report still goes when the page is hidden", async () => {
    forgetConsent();
    const page = await start();
    await page.ready();
    expect(page.load).not.toHaveBeenCalled();
    installConsent(window, { policy: "opt-in" }).choose("accept-all");
    await page.settle();
    expect(page.load).toHaveBeenCalledTimes(1);
    hide();
    expect(beacons()).toHaveLength(1);
    expect(beacons()[0].events[0]).toMatchObject({ event: WEB_VITALS, properties: { lcp: 2346, inp: 232 } });
  });

  it("granted after the page was first hidden: nothing went then, the next hide sends the report", async () => {
    consentAs({ analytics: false });
    const page = await start();
    await page.ready();
    hide();
    show();
    expect(beacons()).toEqual([]);
    installConsent(window, { policy: "opt-in" }).choose("preferences", { analytics: true });
    await page.settle();
    hide();
    expect(beacons()).toHaveLength(1);
  });

  it("analytics withdrawn before the page is hidden: nothing is sent (consent is read at hide time)", async () => {
    consentAs({ analytics: true });
    const page = await start();
    await page.ready();
    installConsent(window, { policy: "opt-in" }).choose("reject-all");
    hide();
    expect(beacons()).toEqual([]);
  });

  it("hidden before the library reported anything: nothing is sent", async () => {
    consentAs({ analytics: true });
    const page = await start({}, fakeLibrary({}));
    await page.ready();
    hide();
    expect(beacons()).toEqual([]);
  });

  it("a beacon the browser refused is not counted: the next hide tries again", async () => {
    consentAs({ analytics: true });
    sendBeacon.mockImplementationOnce(() => false);
    const page = await start();
    await page.ready();
    hide();
    show();
    hide();
    show();
    hide();
    expect(sendBeacon).toHaveBeenCalledTimes(2);
  });

  it("a library chunk that fails to load costs the page nothing: logged, nothing sent", async () => {
    consentAs({ analytics: true });
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    let ready!: () => void;
    measureWebVitals(window, installConsent(window, { policy: "opt-in" }), {
      production: false,
      load: () => Promise.reject(new Error("ChunkLoadError")),
      whenReady: (run) => (ready = run),
    });
    ready();
    await new Promise((resolve) => setTimeout(resolve, 0));
    hide();
    expect(beacons()).toEqual([]);
    expect(error).toHaveBeenCalledWith("Web vitals could not load", expect.any(Error));
  });
});
