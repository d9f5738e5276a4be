import type { VendorEntry } from "./types";
import { UNTIL_WITHDRAWN, originOnly } from "./types";

/**
 * Heap. Its cookies, per "What cookies does Heap set and what are they used for?" (help.heap.io, data privacy
 * FAQs): heap.js v4's `_hp2_id.<app>` and `_hp2_props.<app>` (13 months) and `_hp2_ses_props.<app>` (30 minutes);
 * heap.js v5's `_hp5_meta.<app>`, `_hp5_event_props.<app>` and `_hp5_let.<env>` (13 months).
 */
export const heap = {
  id: "heap" as const,
  env: "GATSBY_HEAP_ID",
  name: "Heap",
  categories: ["analytics"],
  gate: "analytics-pages",
  start: { priority: 5 },
  src: (id) => `https://cdn.heapanalytics.com/js/heap-${encodeURIComponent(id)}.js`,
  stores: {
    cookies: { "_hp2_*": "13 months (visitor id), 30 minutes (session)", "_hp5_*": "13 months" },
    localStorage: { "_hp2_*": UNTIL_WITHDRAWN },
  },
  // Heap, "Content Security Policy (CSP)": https://help.heap.io/installation/standard-installations/web-installation/
  // (its heapanalytics.com script-src entry is for the visual labeler, which visitors never load).
  csp: ({ origin }) => ({
    "script-src": originOnly(origin),
    "connect-src": ["https://heapanalytics.com"],
    "img-src": ["https://heapanalytics.com"],
  }),
  purpose: "Records clicks and page views to show how visitors use the site.",
  recipient: { name: "Heap Inc. (Contentsquare)", policyUrl: "https://www.heap.io/privacy" },
  bench: { entity: "Heap", issueMs: 230 },
} satisfies VendorEntry;
