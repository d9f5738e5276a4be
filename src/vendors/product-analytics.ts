import type { VendorEntry } from "./types";
import { UNTIL_WITHDRAWN, scriptAndBeacon } from "./types";

/**
 * Mixpanel's JavaScript SDK: one `mp_<project token>_mixpanel` cookie, 365 days (its `cookie_expiration` default:
 * docs.mixpanel.com/docs/tracking-methods/sdks/javascript), and its batched requests queued in local storage under
 * `__mpq_<project token>_ev`, `_pp`, `_gr` (mixpanel-js, `RequestBatcher` in src/mixpanel-core.js).
 */
export const productAnalytics = {
  id: "product-analytics" as const,
  env: "GATSBY_PRODUCT_ANALYTICS_URL",
  name: "Mixpanel",
  categories: ["analytics"],
  gate: "analytics-pages",
  start: { priority: 1 },
  // https://docs.mixpanel.com/docs/privacy/protecting-user-data (opt_out_tracking)
  off: (win) => {
    const mixpanel = (win as Window & { mixpanel?: { opt_out_tracking?: () => void } }).mixpanel;
    if (typeof mixpanel?.opt_out_tracking !== "function") return false;
    mixpanel.opt_out_tracking();
    return true;
  },
  stores: { cookies: { "mp_*": "1 year" }, localStorage: { "__mpq_*": UNTIL_WITHDRAWN } },
  csp: scriptAndBeacon,
  purpose: "Measures which product pages and features visitors look at.",
  recipient: { name: "Mixpanel, Inc.", policyUrl: "https://mixpanel.com/legal/privacy-policy/" },
  bench: { entity: "Mixpanel", issueMs: 319 },
} satisfies VendorEntry;
