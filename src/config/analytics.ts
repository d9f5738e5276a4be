/** Where page views and events still queued when a visitor leaves are sent (docs/browser-runtime.md#analytics). */

/** The product-analytics vendor's track endpoint: the one its own library beacons to. */
export const PRODUCT_ANALYTICS_TRACK_URL = "https://api-js.mixpanel.com/track/";

export interface AnalyticsBeaconSettings {
  /** Collection endpoint taking the vendor's track form (`data=<JSON events>`); root-relative for one of ours. */
  url: string;
  /** The product-analytics project token (public: the vendor's script carries it too). */
  token: string;
}

/** Unset token: no beacon (the vendor rejects events without it); queued events then wait for the script only. */
export function readAnalyticsBeacon(): AnalyticsBeaconSettings | undefined {
  const token = process.env.GATSBY_PRODUCT_ANALYTICS_TOKEN?.trim();
  if (!token) return undefined;
  const url = process.env.GATSBY_ANALYTICS_BEACON_URL?.trim();
  return { url: url || PRODUCT_ANALYTICS_TRACK_URL, token };
}
