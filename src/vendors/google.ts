/**
 * What Google's two tags share (gtm.js and gtag.js load the same library): their hosts, their cookies and the
 * Consent Mode v2 signals they obey (docs/product-rules.md#consent).
 */
import type { OptionalCategory } from "../lib/consent-model";
import type { DeclaredStores, Recipient, VendorHosts } from "./types";

export const GOOGLE: Recipient = { name: "Google LLC", policyUrl: "https://policies.google.com/privacy" };

/**
 * Google's CSP guide, https://developers.google.com/tag-platform/security/guides/csp : the container
 * (www.googletagmanager.com), Google Analytics 4 (its documented wildcards) and Google Ads conversions: its pixels
 * and requests to googleads.g.doubleclick.net and www.google.com, its remarketing frame on td.doubleclick.net.
 */
export const GOOGLE_TAG_HOSTS: VendorHosts = {
  "script-src": ["https://*.googletagmanager.com"],
  "img-src": [
    "https://*.google-analytics.com",
    "https://*.googletagmanager.com",
    "https://googleads.g.doubleclick.net",
    "https://www.google.com",
  ],
  "connect-src": [
    "https://*.google-analytics.com",
    "https://*.analytics.google.com",
    "https://*.googletagmanager.com",
    "https://googleads.g.doubleclick.net",
    "https://www.google.com",
  ],
  "frame-src": ["https://td.doubleclick.net"],
};

/**
 * Google Analytics' cookies under `analytics`, Google Ads' under `marketing` (Consent Mode keeps each apart).
 * Lifetimes: https://support.google.com/analytics/answer/11397207 (GA4: `_ga`, `_ga_<id>` 2 years; `_gid` 24
 * hours and `_gat*` 1 minute are Universal Analytics', still set by older containers) and
 * https://business.safety.google/adscookies/ (`_gcl_au` and the other `_gcl_*`: 90 days).
 */
export const GOOGLE_STORES: Partial<Record<OptionalCategory, DeclaredStores>> = {
  analytics: { cookies: { _ga: "2 years", "_ga_*": "2 years", _gid: "24 hours", "_gat*": "1 minute" } },
  marketing: { cookies: { "_gcl_*": "90 days" } },
};

/** Consent Mode v2's signals, each following one category (`necessary`: always granted). */
export const CONSENT_MODE_SIGNALS = {
  analytics_storage: "analytics",
  ad_storage: "marketing",
  ad_user_data: "marketing",
  ad_personalization: "marketing",
  functionality_storage: "preferences",
  personalization_storage: "preferences",
  security_storage: "necessary",
} as const;
