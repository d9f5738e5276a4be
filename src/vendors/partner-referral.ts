import type { VendorEntry } from "./types";
import { scriptAndBeacon } from "./types";

/** PartnerStack's referral script; its documentation names no store on the site. No third-party-web entity: assumed weight. */
export const partnerReferral = {
  id: "partner-referral" as const,
  env: "GATSBY_PARTNER_REFERRAL_URL",
  name: "Partner referral tracking",
  categories: ["marketing"],
  gate: "always",
  start: { priority: 12 },
  csp: scriptAndBeacon,
  purpose: "Credits the partner who referred a visitor who later signs up.",
  recipient: { name: "PartnerStack Inc.", policyUrl: "https://partnerstack.com/privacy-policy" },
  bench: { assumedMs: 100 },
} satisfies VendorEntry;
