import type { VendorEntry } from "./types";
import { UNTIL_WITHDRAWN, scriptAndBeacon } from "./types";

/**
 * Segment's Analytics.js: first-party `ajs_*` cookies (maxage 1 year by default) and the same ids in local
 * storage. Twilio Segment, "Client-side persistence in Analytics.js"
 * (segment.com/docs/connections/sources/catalog/libraries/website/javascript/cookie-validity-update/).
 */
export const visitorAnalytics = {
  id: "visitor-analytics" as const,
  env: "GATSBY_VISITOR_ANALYTICS_URL",
  name: "Segment",
  categories: ["analytics"],
  gate: "analytics-pages",
  start: { priority: 2 },
  stores: { cookies: { "ajs_*": "1 year" }, localStorage: { "ajs_*": UNTIL_WITHDRAWN } },
  csp: scriptAndBeacon,
  purpose: "Counts page views and visits so we can see how the site is used.",
  recipient: { name: "Twilio Inc. (Segment)", policyUrl: "https://www.twilio.com/en-us/legal/privacy" },
  bench: { entity: "Segment", issueMs: 383 },
} satisfies VendorEntry;
