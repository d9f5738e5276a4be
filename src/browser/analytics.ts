/**
 * Third-party analytics behind one typed module (docs/product-rules.md#scripts-and-analytics, #constants). On each route change a
 * page view goes to the visitor-analytics script (if loaded) and to the product-analytics script as
 * 'Viewed Page' with no properties. Off the production host every event is stubbed to console.info.
 */

/** docs/product-rules.md#constants: polling of the analytics and heap scripts. */
export const ANALYTICS_POLL_MS = 100;
/** docs/product-rules.md#constants: how long to wait for a script ("plugin") to load. */
export const PLUGIN_WAIT_MS = 10_000;
/** docs/product-rules.md#constants: events waiting for the product-analytics script are delivered this often. */
export const QUEUE_DRAIN_MS = 3_000;
export const VIEWED_PAGE = "Viewed Page";

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

/** Every event the site sends. Add a member here, then handle it in deliver(). */
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

/** Polls `get` every `intervalMs` until it returns a value, or resolves undefined after `timeoutMs`. */
export function pollFor<T>(
  get: () => T | undefined,
  { intervalMs = ANALYTICS_POLL_MS, timeoutMs = PLUGIN_WAIT_MS } = {},
): Promise<T | undefined> {
  return new Promise((resolve) => {
    const started = Date.now();
    const attempt = () => {
      const value = get();
      if (value !== undefined) resolve(value);
      else if (Date.now() - started >= timeoutMs) resolve(undefined);
      else setTimeout(attempt, intervalMs);
    };
    attempt();
  });
}

export interface Tracker {
  track(event: AnalyticsEvent): void;
  /** Events waiting for the product-analytics script. */
  pending(): number;
  dispose(): void;
}

export interface TrackerOptions {
  sinks: AnalyticsSinks;
  /** Only the production host sends anything (docs/product-rules.md#scripts-and-analytics). */
  production: boolean;
  log?: Pick<Console, "info" | "warn" | "error">;
  drainMs?: number;
  waitMs?: number;
}

export function createTracker({
  sinks,
  production,
  log = console,
  drainMs = QUEUE_DRAIN_MS,
  waitMs = PLUGIN_WAIT_MS,
}: TrackerOptions): Tracker {
  const queue: AnalyticsEvent[] = [];
  let timer: ReturnType<typeof setInterval> | undefined;
  let waitingSince = 0;

  const stop = () => {
    clearInterval(timer);
    timer = undefined;
  };
  const send = (product: ProductAnalytics, event: AnalyticsEvent) => {
    try {
      switch (event.type) {
        case "pageView":
          product.track(VIEWED_PAGE);
          break;
      }
    } catch (error) {
      log.error("Product analytics failed to track an event", error);
    }
  };
  const drain = () => {
    const product = sinks.product();
    if (product) {
      queue.splice(0).forEach((event) => send(product, event));
    } else if (Date.now() - waitingSince >= waitMs) {
      log.warn(`Product analytics did not load within ${waitMs} ms; dropped ${queue.length} event(s)`);
      queue.length = 0;
    }
    if (queue.length === 0) stop();
  };

  return {
    track(event) {
      if (!production) {
        log.info("[analytics stub]", event);
        return;
      }
      if (event.type === "pageView") {
        try {
          sinks.visitor()?.page();
        } catch (error) {
          log.error("Visitor analytics failed to record a page view", error);
        }
      }
      const product = sinks.product();
      if (product && queue.length === 0) return send(product, event);
      queue.push(event);
      if (timer === undefined) {
        waitingSince = Date.now();
        timer = setInterval(drain, drainMs);
      }
    },
    pending: () => queue.length,
    dispose: stop,
  };
}
