/**
 * The one wire format of events sent with navigator.sendBeacon, shared by the early page view
 * (early-page-view.ts, in the early script) and the runtime's tracker (analytics.ts): the product-analytics
 * vendor's track form, `data=<JSON array of {event, properties}>`, form-encoded.
 */

/** docs/product-rules.md#scripts-and-analytics: the product-analytics page view. */
export const VIEWED_PAGE = "Viewed Page";

/** Off the production host, beacons go here (the local server answers 404; tests watch the request). */
export const STUB_BEACON_PATH = "/__analytics-stub";

export interface BeaconEvent {
  /** Unique per event: the vendor's `$insert_id`. */
  id: string;
  event: string;
  /** The page's address when the event happened. */
  url: string;
  /** Milliseconds since the epoch. */
  time: number;
  /** The event's own properties (the web-vitals report's measurements); the wire fields above win over them. */
  properties?: object;
}

/** A random id, ~60 bits in base 36 (not crypto.randomUUID: it needs a secure context). */
export const eventId = () => Math.random().toString(36).slice(2);

/** The vendor's time is in seconds. */
export const beaconBody = (events: readonly BeaconEvent[], token: string) =>
  new URLSearchParams({
    data: JSON.stringify(
      events.map((e) => ({
        event: e.event,
        properties: { ...e.properties, token, time: e.time / 1000, $insert_id: e.id, $current_url: e.url },
      })),
    ),
  });

/** True when the browser took the beacon; false when it refused (too large, or no sendBeacon). */
export function sendBeacon(nav: Navigator, url: string, body: URLSearchParams): boolean {
  try {
    return nav.sendBeacon(url, body);
  } catch {
    return false;
  }
}
