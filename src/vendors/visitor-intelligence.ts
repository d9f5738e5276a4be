import type { VendorEntry } from "./types";
import { scriptAndBeacon } from "./types";

/** Demandbase's loader; its documentation names no store on the site. */
export const visitorIntelligence = {
  id: "visitor-intelligence" as const,
  env: "GATSBY_VISITOR_INTELLIGENCE_URL",
  name: "Demandbase",
  categories: ["marketing"],
  gate: "always",
  start: { priority: 11 },
  csp: scriptAndBeacon,
  purpose: "Identifies the company a visitor works for, to tailor our sales and advertising.",
  recipient: { name: "Demandbase, Inc.", policyUrl: "https://www.demandbase.com/privacy-policy/" },
  bench: { entity: "Demandbase", issueMs: 116 },
} satisfies VendorEntry;
