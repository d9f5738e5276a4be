/**
 * The site's own stores (docs/product-rules.md#consent): per optional category what it keeps on consent, and the
 * strictly necessary ones (docs/product-rules.md#consent "Allowed before a choice"), each with its lifetime. The
 * cookie notice lists them beside the vendors' (src/vendors/notice.ts); the sweep and withdrawal remove the
 * optional ones (src/consent/store-table.ts).
 */
import type { OptionalCategory } from "../lib/consent-model";
import { CONSENTED_LIFETIME, UNTIL_WITHDRAWN, type DeclaredStores, type Recipient } from "./types";

/** The site itself: what it keeps for a category is its own first-party data. */
export const SITE_RECIPIENT: Recipient = { name: "Northdesk, Inc. (this site)", policyUrl: "/privacy/" };

export interface SiteStores {
  name: string;
  purpose: string;
  stores: DeclaredStores;
}

/**
 * `nd_ref` (the referral code passed to sign-up) is attribution kept first-party for our own sign-up credit, so it
 * goes with `analytics`, not `marketing`: docs/product-rules.md#consent explains why.
 */
export const SITE_STORES: Readonly<Record<OptionalCategory, SiteStores>> = {
  analytics: {
    name: "Northdesk attribution",
    purpose: "Remembers the campaign, page or referral a visit started from, so a sign-up is credited to it.",
    stores: {
      cookies: {
        nd_ft_src: CONSENTED_LIFETIME,
        nd_lt_src: CONSENTED_LIFETIME,
        nd_ft_url: CONSENTED_LIFETIME,
        nd_lt_url: CONSENTED_LIFETIME,
        nd_mxid: CONSENTED_LIFETIME,
        nd_signup_utm: CONSENTED_LIFETIME,
        nd_ref: CONSENTED_LIFETIME,
      },
    },
  },
  preferences: {
    name: "Northdesk personalization",
    purpose: "Shows content suited to you and keeps what you typed in our free tools.",
    stores: {
      cookies: { nd_tvar: CONSENTED_LIFETIME },
      localStorage: { "__nt_*": UNTIL_WITHDRAWN, nd_interview_builder: UNTIL_WITHDRAWN, nd_staffing_calculator: UNTIL_WITHDRAWN },
    },
  },
  marketing: {
    name: "Northdesk marketing",
    purpose: "Keeps partner and company details our marketing tools found, for our sales team.",
    stores: {
      cookies: { hubspotutk: "6 months (set by HubSpot)" },
      localStorage: { gspk: UNTIL_WITHDRAWN, gsxid: UNTIL_WITHDRAWN, ziDetails: UNTIL_WITHDRAWN, "HS--log-in-clicked": UNTIL_WITHDRAWN },
    },
  },
};

/** The strictly necessary stores: no choice needed. */
export const NECESSARY_STORES: SiteStores = {
  name: "Northdesk (necessary)",
  purpose:
    "Remembers your cookie choice, a Do Not Sell request not yet passed on, a dismissed bar, notice or newsletter prompt, and recovers a page after an update.",
  stores: {
    cookies: { nd_consent: "183 days" },
    localStorage: {
      nd_demo_bar_dismissed: "1 year",
      nd_trial_bar_dismissed: "1 year",
      newsletter_subscriber: "1 year",
      newsletter_nothanks: "1 year",
      nd_dns_pending: "until passed on to the consent manager",
      nd_gpc_notice_dismissed: "until you clear your browser's storage",
    },
    sessionStorage: { nd_last_path: "browser session", nd_chunk_recovery: "browser session", nd_consent_notice: "browser session" },
  },
};
