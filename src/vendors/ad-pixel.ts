import type { VendorEntry } from "./types";
import { originOnly, scriptAndBeacon } from "./types";

/**
 * The Meta Pixel, on /see-it-in-action/ pages: `_fbp` (browser id) and `_fbc` (the ad click id), first-party, 90
 * days. developers.facebook.com/docs/marketing-api/conversions-api/parameters/fbp-and-fbc/
 */
export const adPixel = {
  id: "ad-pixel" as const,
  env: "GATSBY_AD_PIXEL_URL",
  name: "Meta Pixel",
  categories: ["marketing"],
  gate: "see-it-in-action",
  start: { priority: 9 },
  // https://developers.facebook.com/docs/meta-pixel/implementation/gdpr/ (fbq('consent', 'revoke'))
  off: (win) => {
    const fbq = (win as Window & { fbq?: (...args: unknown[]) => void }).fbq;
    if (typeof fbq !== "function") return false;
    fbq("consent", "revoke");
    return true;
  },
  stores: { cookies: { _fbp: "90 days", _fbc: "90 days" } },
  // A pixel: it reports with image requests as well as fetch.
  csp: (context) => ({ ...scriptAndBeacon(context), "img-src": originOnly(context.origin) }),
  purpose: "Tells Meta which of its ads brought visitors, and builds audiences for our ads.",
  recipient: { name: "Meta Platforms, Inc.", policyUrl: "https://www.facebook.com/privacy/policy/" },
  bench: { entity: "Facebook", issueMs: 514 },
} satisfies VendorEntry;
