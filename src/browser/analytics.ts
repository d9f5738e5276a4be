/**
 * Third-party analytics behind one typed module (docs/product-rules.md#scripts-and-analytics, #constants). See
 * docs/browser-runtime.md#analytics.
 */
import { poll } from "../lib/poll";
import { VIEWED_PAGE, eventId, type BeaconEvent } from "./analytics-beacon";

export { VIEWED_PAGE };

/** docs/product-rules.md#constants: polling of the analytics and heap scripts. */
export const ANALYTICS_POLL_MS = 100;
/** docs/product-rules.md#constants: how long to wait for a script ("plugin") to load. */
export const PLUGIN_WAIT_MS = 10_000;
/** docs/product-rules.md#constants: events waiting for the product-analytics script are delivered this often. */
export const QUEUE_DRAIN_MS = 3_000;

export interface VisitorAnalytics {
  page(): void;
}
export interface ProductAnalytics {
  track(event: string, properties?: Record<string, unknown>): void;
  get_distinct_id?(): unknown;
}
export interface HeapAnalytics {
  userId?: string | number;
}

declare global {
  interface Window {
    analytics?: VisitorAnalytics;
    mixpanel?: ProductAnalytics;
    heap?: HeapAnalytics;
  }
}

/** Every event the site sends. Add a member here, then name it in productEvent(). */
export type AnalyticsEvent = { type: "pageView"; path: string };

export interface AnalyticsSinks {
  visitor(): VisitorAnalytics | undefined;
  product(): ProductAnalytics | undefined;
}

/** The scripts' globals, counted as loaded once they expose the method we call. */
export const windowSinks = (win: Window): AnalyticsSinks => ({
  visitor: () => (typeof win.analytics?.page === "function" ? win.analytics : undefined),
  product: () => (typeof win.mixpanel?.track === "function" ? win.mixpanel : undefined),
});

/** Heap's user id (hpid), once its script has loaded. */
export const heapUserId = (win: Window): string | undefined => {
  const id = win.heap?.userId;
  return id === undefined || id === null || id === "" ? undefined : String(id);
};

/** The product-analytics visitor id (kept in nd_mxid, sent as mxid on app links), once loaded. */
export const productVisitorId = (win: Window): string | undefined => {
  try {
    const id = win.mixpanel?.get_distinct_id?.();
    return typeof id === "string" && id !== "" ? id : typeof id === "number" ? String(id) : undefined;
  } catch {
    return undefined;
  }
};

/** Polls `get` every 100 ms until it returns a value, or resolves undefined after 10 s (docs/product-rules.md#constants). */
export const pollFor = <T>(get: () => T | undefined, { intervalMs = ANALYTICS_POLL_MS, timeoutMs = PLUGIN_WAIT_MS } = {}) =>
  poll(get, { intervalMs, timeoutMs });

/** What the product-analytics script is told for each event. */
function productEvent(event: AnalyticsEvent): string {
  switch (event.type) {
    case "pageView":
      return VIEWED_PAGE;
  }
}

export interface Tracker {
  track(event: AnalyticsEvent): void;
  /** Events waiting for the product-analytics script. */
  pending(): number;
  /** The page is hidden or left: product-analytics events still queued go by beacon. */
  flush(): void;
  dispose(): void;
}

/** The landing page's view as the early script recorded it (early-page-view.ts `adopt`). */
export interface AdoptedPageView {
  id: string;
  time: number;
  /** Already sent by the early script's beacon: not counted again. */
  sent: boolean;
}

export interface TrackerOptions {
  sinks: AnalyticsSinks;
  /** Only the production host sends anything (docs/product-rules.md#scripts-and-analytics). */
  production: boolean;
  log?: Pick<Console, "info" | "warn" | "error">;
  drainMs?: number;
  waitMs?: number;
  /**
   * Sends product-analytics events with navigator.sendBeacon; true when the browser took them. Unset (no
   * collection endpoint configured): events the script never took are dropped after the wait, as docs/product-rules.md#constants says.
   */
  beacon?: (events: BeaconEvent[]) => boolean;
  /** The first page view takes over the early script's record (called once). */
  adoptEarly?: () => AdoptedPageView | undefined;
  /** The page's origin, for the events' address. */
  origin?: string;
  now?: () => number;
}

export function createTracker({
  sinks,
  production,
  log = console,
  drainMs = QUEUE_DRAIN_MS,
  waitMs = PLUGIN_WAIT_MS,
  beacon,
  adoptEarly,
  origin = "",
  now = Date.now,
}: TrackerOptions): Tracker {
  /** Page views waiting for the visitor-analytics script, in order. */
  const pages: AnalyticsEvent[] = [];
  /** Events waiting for the product-analytics script, in order, each with the id the vendor dedupes on. */
  const queue: BeaconEvent[] = [];
  let timer: ReturnType<typeof setInterval> | undefined;
  let waitingSince = 0;
  let first = true;

  const stop = () => {
    clearInterval(timer);
    timer = undefined;
  };
  const page = (visitor: VisitorAnalytics) => {
    try {
      visitor.page();
    } catch (error) {
      log.error("Visitor analytics failed to record a page view", error);
    }
  };
  const send = (product: ProductAnalytics, event: BeaconEvent) => {
    try {
      product.track(event.event);
    } catch (error) {
      log.error("Product analytics failed to track an event", error);
    }
  };
  const sendByBeacon = (): number => {
    const events = queue.slice();
    if (events.length === 0 || !beacon?.(events)) return 0;
    queue.splice(0, events.length);
    return events.length;
  };
  const drain = () => {
    const visitor = sinks.visitor();
    if (visitor) pages.splice(0).forEach(() => page(visitor));
    const product = sinks.product();
    if (product) queue.splice(0).forEach((event) => send(product, event));
    if (now() - waitingSince >= waitMs) {
      if (pages.length > 0) log.warn(`Visitor analytics did not load within ${waitMs} ms; dropped ${pages.splice(0).length} page view(s)`);
      if (queue.length > 0) {
        const sent = sendByBeacon();
        if (sent > 0) log.warn(`Product analytics did not load within ${waitMs} ms; sent ${sent} event(s) by beacon`);
        else log.warn(`Product analytics did not load within ${waitMs} ms; dropped ${queue.splice(0).length} event(s)`);
      }
    }
    if (pages.length === 0 && queue.length === 0) stop();
  };
  const waitForScripts = () => {
    if (timer !== undefined) return;
    waitingSince = now();
    timer = setInterval(drain, drainMs);
  };

  return {
    track(event) {
      const early = first && event.type === "pageView" ? adoptEarly?.() : undefined;
      first = false;
      if (!production) {
        // the early script's stub beacon already recorded this view
        if (!early?.sent) log.info("[analytics stub]", event);
        return;
      }
      if (event.type === "pageView") {
        const visitor = sinks.visitor();
        if (visitor && pages.length === 0) page(visitor);
        else pages.push(event);
      }
      if (!early?.sent) {
        const queued: BeaconEvent = {
          id: early?.id ?? eventId(),
          event: productEvent(event),
          url: `${origin}${event.path}`,
          time: early?.time ?? now(),
        };
        const product = sinks.product();
        if (product && queue.length === 0) send(product, queued);
        else queue.push(queued);
      }
      if (pages.length > 0 || queue.length > 0) waitForScripts();
    },
    pending: () => queue.length,
    flush() {
      if (production) sendByBeacon();
    },
    dispose: stop,
  };
}
