/**
 * Public (browser) configuration. Gatsby inlines process.env.GATSBY_* at build time, so each
 * variable must be written out literally here; nothing secret belongs in a GATSBY_* variable.
 */
import type { ScriptIds } from "../browser/scripts";

const pick = (value: string | undefined, fallback: string) => (value && value.trim() !== "" ? value.trim() : fallback);
const list = (value: string | undefined) =>
  value
    ?.split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);

/**
 * Third-party scripts (SPEC 7.5): an id, or for scripts not built from an id, the script's URL.
 * Unset: the script never loads.
 */
const scriptIds: ScriptIds = {
  "consent-manager": process.env.GATSBY_CONSENT_SCRIPT_URL,
  "tag-manager": process.env.GATSBY_GTM_ID,
  gtag: process.env.GATSBY_GTAG_ID,
  "crm-loader": process.env.GATSBY_HUBSPOT_PORTAL_ID,
  "support-widget": process.env.GATSBY_BEACON_ID,
  "visitor-analytics": process.env.GATSBY_VISITOR_ANALYTICS_URL,
  "product-analytics": process.env.GATSBY_PRODUCT_ANALYTICS_URL,
  heap: process.env.GATSBY_HEAP_ID,
  "ad-pixel": process.env.GATSBY_AD_PIXEL_URL,
  "sales-intelligence": process.env.GATSBY_SALES_INTELLIGENCE_URL,
  "partner-referral": process.env.GATSBY_PARTNER_REFERRAL_URL,
  "visitor-intelligence": process.env.GATSBY_VISITOR_INTELLIGENCE_URL,
  "speed-insights": process.env.GATSBY_SPEED_INSIGHTS_URL,
};

/**
 * Personalization (SPEC 7.2, ARCHITECTURE.md 4): on only when a client id (the organization) is set.
 * Unset: baseline content everywhere, and the SDK is never loaded.
 */
const ninetailedClientId = process.env.GATSBY_NINETAILED_CLIENT_ID?.trim() || undefined;
const personalization = ninetailedClientId
  ? {
      clientId: ninetailedClientId,
      environment: pick(process.env.GATSBY_NINETAILED_ENVIRONMENT, "main"),
      url: process.env.GATSBY_NINETAILED_URL?.trim() || undefined,
    }
  : undefined;

/**
 * Loads the SDK chunk. A build-time conditional: with the client id unset (inlined as ""), webpack
 * drops the branch and never emits the SDK chunk.
 */
export const loadPersonalizationSdk = process.env.GATSBY_NINETAILED_CLIENT_ID ? () => import("../personalization/sdk") : undefined;

export const publicConfig = {
  hosts: {
    marketing: pick(process.env.GATSBY_MARKETING_HOST, "www.northdesk.com"),
    staging: pick(process.env.GATSBY_STAGING_HOST, "staging.northdesk.com"),
    app: pick(process.env.GATSBY_APP_HOST, "secure.northdesk.com"),
  },
  signupPath: "/members/register/",
  loginPath: "/members/login/",
  personalization,
  scripts: {
    ids: scriptIds,
    /** Comma-separated paths ("/x/*" matches below /x/); unset: the default list in scripts.ts. */
    salesIntelligencePaths: list(process.env.GATSBY_SALES_INTELLIGENCE_PATHS),
  },
  /** Public IP lookup the lead form calls before every submit (SPEC 7.1); must answer {"ip": "..."}. */
  ipLookupUrl: pick(process.env.GATSBY_IP_LOOKUP_URL, "https://api.ipify.org?format=json"),
} as const;
