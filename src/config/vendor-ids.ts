/**
 * Each vendor's id or URL, read through the variable its catalog entry names (src/vendors/catalog.ts). Every
 * variable is written out literally because Gatsby inlines process.env.GATSBY_* only in that form; a test checks
 * this list against the catalog (tests/src/vendors/catalog.test.ts).
 */
import { scriptIdsFrom, type ScriptIds } from "../vendors/catalog";

export const readVendorEnv = (): Record<string, string | undefined> => ({
  GATSBY_CONSENT_SCRIPT_URL: process.env.GATSBY_CONSENT_SCRIPT_URL,
  GATSBY_GTM_ID: process.env.GATSBY_GTM_ID,
  GATSBY_GTAG_ID: process.env.GATSBY_GTAG_ID,
  GATSBY_HUBSPOT_PORTAL_ID: process.env.GATSBY_HUBSPOT_PORTAL_ID,
  GATSBY_BEACON_ID: process.env.GATSBY_BEACON_ID,
  GATSBY_VISITOR_ANALYTICS_URL: process.env.GATSBY_VISITOR_ANALYTICS_URL,
  GATSBY_PRODUCT_ANALYTICS_URL: process.env.GATSBY_PRODUCT_ANALYTICS_URL,
  GATSBY_HEAP_ID: process.env.GATSBY_HEAP_ID,
  GATSBY_AD_PIXEL_URL: process.env.GATSBY_AD_PIXEL_URL,
  GATSBY_SALES_INTELLIGENCE_URL: process.env.GATSBY_SALES_INTELLIGENCE_URL,
  GATSBY_PARTNER_REFERRAL_URL: process.env.GATSBY_PARTNER_REFERRAL_URL,
  GATSBY_VISITOR_INTELLIGENCE_URL: process.env.GATSBY_VISITOR_INTELLIGENCE_URL,
  GATSBY_SPEED_INSIGHTS_URL: process.env.GATSBY_SPEED_INSIGHTS_URL,
});

/** The configured vendors' ids (unset: the vendor never loads). */
export const readScriptIds = (): ScriptIds => scriptIdsFrom(readVendorEnv());
