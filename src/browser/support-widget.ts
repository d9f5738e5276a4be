/**
 * The support widget (docs/product-rules.md#hash-routes, #support-widget, #scripts-and-analytics, #error-catalogue): the Beacon global, opened on its ask or answers page.
 */
export type BeaconFn = (method: string, ...args: unknown[]) => unknown;

declare global {
  interface Window {
    Beacon?: BeaconFn;
  }
}

export type SupportWidgetPage = "ask" | "answers";

/**
 * A vendor's script asked for by the visitor (docs/product-rules.md#consent): opening the support widget is a
 * request for that service, so its script loads even under a refused `preferences` (src/browser/vendor-loader.ts).
 */
export const VENDOR_REQUEST_EVENT = "nd:vendor-request";

export const SUPPORT_MAILTO = "mailto:help@northdesk.com";
/** docs/product-rules.md#support-widget, #constants: retry every 100 ms while the widget is absent. */
export const WIDGET_RETRY_MS = 100;
/** After this long without a widget (blocked script) the visitor gets the mailto link instead. */
export const WIDGET_WAIT_MS = 10_000;
export const WIDGET_ROUTES: Record<SupportWidgetPage, string> = { ask: "/ask/", answers: "/answers/" };

/** docs/product-rules.md#support-widget: a close event clears the hash. */
export function clearHash(win: Window): void {
  if (!win.location.hash) return;
  win.history.replaceState(win.history.state, "", `${win.location.pathname}${win.location.search}`);
}

const closeListeners = new WeakSet<BeaconFn>();

function infoOf(beacon: BeaconFn): unknown {
  try {
    return beacon("info");
  } catch {
    return undefined;
  }
}

/**
 * The visitor shows they want the widget (the launcher hovered, focused or tapped; a hash route): its script,
 * loaded on intent only (docs/page-load.md#vendor-scheduling), starts loading now.
 */
export function requestSupportWidget(win: Window): void {
  if (typeof win.Beacon !== "function" && typeof win.dispatchEvent === "function")
    win.dispatchEvent(new CustomEvent(VENDOR_REQUEST_EVENT, { detail: "support-widget" }));
}

/** docs/product-rules.md#hash-routes, #support-widget: opens the widget, on a page's route when given. */
export function openSupportWidget(
  win: Window,
  page?: SupportWidgetPage,
  { retryMs = WIDGET_RETRY_MS, waitMs = WIDGET_WAIT_MS } = {},
): () => void {
  const started = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  requestSupportWidget(win);
  const attempt = () => {
    const beacon = win.Beacon;
    if (typeof beacon !== "function") {
      if (Date.now() - started >= waitMs) win.location.assign(SUPPORT_MAILTO);
      else timer = setTimeout(attempt, retryMs);
      return;
    }
    if (!infoOf(beacon)) {
      win.location.assign(SUPPORT_MAILTO);
      return;
    }
    if (!closeListeners.has(beacon)) {
      closeListeners.add(beacon);
      beacon("on", "close", () => clearHash(win));
    }
    beacon("open");
    if (page) beacon("navigate", WIDGET_ROUTES[page]);
  };
  attempt();
  return () => clearTimeout(timer);
}
