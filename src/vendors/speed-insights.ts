import type { VendorEntry } from "./types";
import { scriptAndBeacon } from "./types";

/** Vercel Speed Insights: Web Vitals with no visitor id and no store. No third-party-web entity: assumed weight. */
export const speedInsights = {
  id: "speed-insights" as const,
  env: "GATSBY_SPEED_INSIGHTS_URL",
  name: "Speed insights",
  categories: ["analytics"],
  gate: "always",
  start: { priority: 6 },
  errorMessage: "Speed insights could not load; a content blocker may be blocking it.",
  csp: scriptAndBeacon,
  purpose: "Measures how fast pages load and respond, with no visitor id.",
  recipient: { name: "Vercel Inc.", policyUrl: "https://vercel.com/legal/privacy-policy" },
  bench: { assumedMs: 20 },
} satisfies VendorEntry;
