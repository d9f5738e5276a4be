import type { VendorEntry } from "./types";
import { originOnly } from "./types";

export const HUBSPOT = { name: "HubSpot, Inc.", policyUrl: "https://legal.hubspot.com/privacy-policy" };

/**
 * HubSpot's tracking code. Cookies and lifetimes: HubSpot, "What cookies does HubSpot set in a visitor's browser?"
 * (knowledge.hubspot.com/privacy-and-consent/what-cookies-does-hubspot-set-in-a-visitor-s-browser).
 */
export const crmLoader = {
  id: "crm-loader" as const,
  env: "GATSBY_HUBSPOT_PORTAL_ID",
  name: "HubSpot",
  categories: ["marketing"],
  gate: "always",
  start: { priority: 8 },
  src: (id) => `https://js.hs-scripts.com/${encodeURIComponent(id)}.js`,
  // https://developers.hubspot.com/docs/api/events/cookie-banner (revokeCookieConsent)
  off: (win) => {
    const w = win as Window & { _hsp?: unknown[] };
    (w._hsp = w._hsp ?? []).push(["revokeCookieConsent"]);
    return true;
  },
  stores: {
    cookies: { hubspotutk: "6 months", __hstc: "6 months", __hssc: "30 minutes", __hssrc: "browser session", messagesUtk: "6 months" },
  },
  // The loader's modules (analytics, collected forms, cookie banner, chat) and what they call; chat opens an
  // app.hubspot.com frame. https://knowledge.hubspot.com/domains-and-urls/ssl-and-domain-security-in-hubspot
  csp: ({ origin }) => ({
    "script-src": [
      ...originOnly(origin),
      "https://*.hs-analytics.net",
      "https://*.hs-banner.com",
      "https://*.hscollectedforms.net",
      "https://*.usemessages.com",
    ],
    "connect-src": ["https://*.hubspot.com", "https://*.hs-banner.com", "https://*.hscollectedforms.net"],
    "img-src": ["https://track.hubspot.com"],
    "frame-src": ["https://app.hubspot.com"],
  }),
  purpose: "Connects your visits to the forms you send us, so our sales team knows what you looked at.",
  recipient: HUBSPOT,
  bench: { entity: "Hubspot", issueMs: 1226 },
} satisfies VendorEntry;
