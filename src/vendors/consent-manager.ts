import type { Recipient, VendorEntry } from "./types";
import { scriptAndBeacon } from "./types";

/** The hosted consent managers' companies (GATSBY_CONSENT_PROVIDER; docs/consent-managers.md). */
export const CONSENT_MANAGER_RECIPIENTS: Readonly<Record<string, Recipient>> = {
  osano: { name: "Osano, Inc.", policyUrl: "https://www.osano.com/legal/privacy" },
  onetrust: { name: "OneTrust LLC", policyUrl: "https://www.onetrust.com/privacy-notice/" },
  cookiebot: { name: "Usercentrics A/S (Cookiebot)", policyUrl: "https://www.cookiebot.com/en/privacy-policy/" },
};

/**
 * The hosted consent manager (GATSBY_CONSENT_PROVIDER), loaded by the page's head (src/ssr/consent-head.ts), never
 * by the vendor loader; allowed by the CSP only when a provider is configured. Its recipient is the configured
 * manager's company.
 */
export const consentManager = {
  id: "consent-manager" as const,
  env: "GATSBY_CONSENT_SCRIPT_URL",
  name: "Consent manager",
  categories: ["necessary"],
  gate: "always",
  start: "head",
  csp: (context) => (context.consentProvider ? scriptAndBeacon(context) : {}),
  purpose: "Shows the cookie choices and remembers yours.",
  recipient: { name: "Northdesk, Inc. (this site)", policyUrl: "/privacy/" },
  bench: { entity: "Cookiebot", issueMs: 398 },
} satisfies VendorEntry;
