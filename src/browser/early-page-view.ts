/** The page view of a visitor who leaves before the runtime starts (docs/browser-runtime.md#analytics). */
import { STUB_BEACON_PATH, VIEWED_PAGE, beaconBody, eventId } from "./analytics-beacon";
import { PAGE_VIEW_GLOBAL, type EarlyPageView } from "../lib/handover";

export interface EarlyPageViewTarget {
  /** The production host (the marketing host): anywhere else the beacon goes to STUB_BEACON_PATH. */
  host: string;
  /** From src/config/analytics.ts; unset, production sends nothing (the runtime's page view then counts). */
  beacon?: { url: string; token: string };
  /**
   * Whether `analytics` is granted at the moment the page is hidden (docs/product-rules.md#consent): otherwise the
   * view is not sent (the visitor has not chosen, or refused). Unset: always.
   */
  granted?: () => boolean;
}

/** Runs `fn` when the page is hidden or left: on mobile, pagehide may never come, but visibilitychange does. */
export function whenHidden(win: Window, fn: () => void): void {
  win.addEventListener("pagehide", fn);
  win.document.addEventListener("visibilitychange", () => win.document.hidden && fn());
}

/** Records this page's view and sends it if the page is hidden or left before the runtime adopts it. */
export function install(win: Window, { host, beacon, granted = () => true }: EarlyPageViewTarget): void {
  if (win[PAGE_VIEW_GLOBAL]) return;
  const { location } = win;
  const stub = location.hostname !== host;
  const url = stub ? STUB_BEACON_PATH : beacon?.url;
  const view: EarlyPageView = (win[PAGE_VIEW_GLOBAL] = { id: eventId(), event: VIEWED_PAGE, url: location.href, time: Date.now() });
  whenHidden(win, () => {
    if (view.state || !url || !granted()) return;
    // refused by the browser: not sent, so the runtime still counts it if the page comes back
    if (win.navigator.sendBeacon(url, beaconBody([view], beacon?.token ?? "")) || stub) view.state = "sent";
  });
}

/**
 * The runtime takes the early page view over, once: its id and time, and whether it was already sent (the page
 * was hidden before the runtime started). Undefined when there is none, or it was taken already.
 */
export function adopt(win: Window): { id: string; time: number; sent: boolean } | undefined {
  const view = win[PAGE_VIEW_GLOBAL];
  if (!view || view.state === "adopted") return undefined;
  const sent = view.state === "sent";
  view.state = "adopted";
  return { id: view.id, time: view.time, sent };
}
