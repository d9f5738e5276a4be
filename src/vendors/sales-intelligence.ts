import type { VendorEntry } from "./types";
import { scriptAndBeacon } from "./types";
import { BLOG_PATH, INTEGRATIONS_PATH, PRICING_PATH, PRODUCT_PATHS } from "../lib/paths";

/** docs/product-rules.md#layout-per-path leaves the list open: product, pricing, comparison and blog paths. */
// Pure: the early script's bundle drops what it does not use.
export const DEFAULT_SALES_INTELLIGENCE_PATHS: readonly string[] = /* @__PURE__ */ (() => [
  PRICING_PATH,
  "/pricing/contact-based/",
  ...PRODUCT_PATHS,
  `${INTEGRATIONS_PATH}*`,
  "/compare/*",
  `${BLOG_PATH}*`,
])();

/** Clearbit's tag (cb_user_id, cb_anonymous_id, cb_group_id: 1 year), on the pages of its path list. */
export const salesIntelligence = {
  id: "sales-intelligence" as const,
  env: "GATSBY_SALES_INTELLIGENCE_URL",
  name: "Clearbit",
  categories: ["marketing"],
  gate: "sales-intelligence-paths",
  start: { priority: 10 },
  stores: { cookies: { "cb_*": "1 year" } },
  csp: scriptAndBeacon,
  purpose: "Identifies the company a visitor works for from its network address, for our sales team.",
  recipient: { name: "Clearbit (HubSpot, Inc.)", policyUrl: "https://clearbit.com/privacy" },
  bench: { entity: "Clearbit", issueMs: 288 },
} satisfies VendorEntry;
