/**
 * What the privacy notice says about each catalog entry (docs/product-rules.md#consent, "The notice"): its
 * purpose, the recipient and its privacy policy, and the lifetime of every store it declares, as the vendor
 * documents it.
 */
import type { ConsentCategory, OptionalCategory } from "./consent-model";
import {
  SCRIPT_CATALOG,
  SITE_STORES,
  THIRD_PARTY_SCRIPT_IDS,
  type ScriptIds,
  type ThirdPartyScriptId,
  type VendorStores,
} from "./third-party-scripts";

export interface Recipient {
  /** The company that receives the data. */
  name: string;
  /** Its privacy policy. */
  policyUrl: string;
}

export interface Notice {
  /** The vendor's or feature's name as a visitor knows it. */
  name: string;
  /** One plain sentence: what it is for. */
  purpose: string;
  recipient: Recipient;
  /** Per store pattern the entry declares (cookies and storage keys alike), its lifetime in plain words. */
  lifetimes: Readonly<Record<string, string>>;
}

/** The site itself: what it keeps for a category is its own first-party data. */
export const SITE_RECIPIENT: Recipient = { name: "Northdesk, Inc. (this site)", policyUrl: "/privacy/" };
/** The lifetime of a cookie the site writes on consent: never longer than the consent (CONSENT_LIFETIME_MS). */
export const CONSENTED_LIFETIME = "until your choice expires (183 days at most)";
const UNTIL_WITHDRAWN = "no expiry; deleted when your choice expires or is withdrawn";

const GOOGLE: Recipient = { name: "Google LLC", policyUrl: "https://policies.google.com/privacy" };
const HUBSPOT: Recipient = { name: "HubSpot, Inc.", policyUrl: "https://legal.hubspot.com/privacy-policy" };
// Google's cookie lifetimes: https://support.google.com/analytics/answer/11397207 and
// https://business.safety.google/adscookies/
const GOOGLE_LIFETIMES = { _ga: "2 years", "_ga_*": "2 years", _gid: "24 hours", "_gat*": "1 minute", "_gcl_*": "90 days" };

/** Per catalog vendor (src/lib/third-party-scripts.ts). */
export const VENDOR_NOTICES: Readonly<Record<ThirdPartyScriptId, Notice>> = {
  "consent-manager": {
    name: "Consent manager",
    purpose: "Shows the cookie choices and remembers yours.",
    // Replaced by the configured manager's company (CONSENT_MANAGERS below).
    recipient: SITE_RECIPIENT,
    lifetimes: {},
  },
  "tag-manager": {
    name: "Google Tag Manager",
    purpose: "Loads Google Analytics (how the site is used) and Google Ads conversion tags (which ads brought visitors).",
    recipient: GOOGLE,
    lifetimes: GOOGLE_LIFETIMES,
  },
  gtag: {
    name: "Google tag",
    purpose: "Measures how the site is used (Google Analytics) and which ads brought visitors (Google Ads).",
    recipient: GOOGLE,
    lifetimes: GOOGLE_LIFETIMES,
  },
  // https://knowledge.hubspot.com/privacy-and-consent/what-cookies-does-hubspot-set-in-a-visitor-s-browser
  "crm-loader": {
    name: "HubSpot",
    purpose: "Connects your visits to the forms you send us, so our sales team knows what you looked at.",
    recipient: HUBSPOT,
    lifetimes: { hubspotutk: "6 months", __hstc: "6 months", __hssc: "30 minutes", __hssrc: "browser session", messagesUtk: "6 months" },
  },
  "support-widget": {
    name: "Help Scout Beacon",
    purpose: "The support chat and help articles you can open from any page.",
    recipient: { name: "Help Scout PBC", policyUrl: "https://www.helpscout.com/company/legal/privacy/" },
    lifetimes: {},
  },
  // https://segment.com/docs/connections/sources/catalog/libraries/website/javascript/cookie-validity-update/
  "visitor-analytics": {
    name: "Segment",
    purpose: "Counts page views and visits so we can see how the site is used.",
    recipient: { name: "Twilio Inc. (Segment)", policyUrl: "https://www.twilio.com/en-us/legal/privacy" },
    lifetimes: { "ajs_*": "1 year (cookies); local storage: no expiry, deleted when your choice expires or is withdrawn" },
  },
  // https://docs.mixpanel.com/docs/tracking-methods/sdks/javascript (cookie_expiration: 365 days)
  "product-analytics": {
    name: "Mixpanel",
    purpose: "Measures which product pages and features visitors look at.",
    recipient: { name: "Mixpanel, Inc.", policyUrl: "https://mixpanel.com/legal/privacy-policy/" },
    lifetimes: { "mp_*": "1 year" },
  },
  // https://help.heap.io/data-management/data-privacy/cookies-and-local-storage/
  heap: {
    name: "Heap",
    purpose: "Records clicks and page views to show how visitors use the site.",
    recipient: { name: "Heap Inc. (Contentsquare)", policyUrl: "https://www.heap.io/privacy" },
    lifetimes: {
      "_hp2_*": "13 months (visitor id), 30 minutes (session); local storage: deleted when your choice expires or is withdrawn",
    },
  },
  // https://developers.facebook.com/docs/marketing-api/conversions-api/parameters/fbp-and-fbc/
  "ad-pixel": {
    name: "Meta Pixel",
    purpose: "Tells Meta which of its ads brought visitors, and builds audiences for our ads.",
    recipient: { name: "Meta Platforms, Inc.", policyUrl: "https://www.facebook.com/privacy/policy/" },
    lifetimes: { _fbp: "90 days", _fbc: "90 days" },
  },
  // https://help.clearbit.com/hc/en-us/articles/360023428494 (cb_user_id, cb_anonymous_id, cb_group_id: 1 year)
  "sales-intelligence": {
    name: "Clearbit",
    purpose: "Identifies the company a visitor works for from its network address, for our sales team.",
    recipient: { name: "Clearbit (HubSpot, Inc.)", policyUrl: "https://clearbit.com/privacy" },
    lifetimes: { "cb_*": "1 year" },
  },
  "partner-referral": {
    name: "Partner referral tracking",
    purpose: "Credits the partner who referred a visitor who later signs up.",
    recipient: { name: "PartnerStack Inc.", policyUrl: "https://partnerstack.com/privacy-policy" },
    lifetimes: {},
  },
  "visitor-intelligence": {
    name: "Demandbase",
    purpose: "Identifies the company a visitor works for, to tailor our sales and advertising.",
    recipient: { name: "Demandbase, Inc.", policyUrl: "https://www.demandbase.com/privacy-policy/" },
    lifetimes: {},
  },
  "speed-insights": {
    name: "Speed insights",
    purpose: "Measures how fast pages load and respond, with no visitor id.",
    recipient: { name: "Vercel Inc.", policyUrl: "https://vercel.com/legal/privacy-policy" },
    lifetimes: {},
  },
};

/** The site's own stores per category (SITE_STORES). */
export const SITE_NOTICES: Readonly<Record<OptionalCategory, Notice>> = {
  analytics: {
    name: "Northdesk attribution",
    purpose: "Remembers the campaign and page a visit started from, so a sign-up is credited to it.",
    recipient: SITE_RECIPIENT,
    lifetimes: Object.fromEntries(SITE_STORES.analytics.cookies!.map((name) => [name, CONSENTED_LIFETIME])),
  },
  preferences: {
    name: "Northdesk personalization",
    purpose: "Shows content suited to you and keeps what you typed in our free tools.",
    recipient: SITE_RECIPIENT,
    lifetimes: {
      nd_tvar: CONSENTED_LIFETIME,
      "__nt_*": UNTIL_WITHDRAWN,
      nd_interview_builder: UNTIL_WITHDRAWN,
      nd_staffing_calculator: UNTIL_WITHDRAWN,
    },
  },
  marketing: {
    name: "Northdesk marketing",
    purpose: "Keeps partner and company details our marketing tools found, for our sales team.",
    recipient: SITE_RECIPIENT,
    lifetimes: {
      hubspotutk: "6 months (set by HubSpot)",
      gspk: UNTIL_WITHDRAWN,
      gsxid: UNTIL_WITHDRAWN,
      ziDetails: UNTIL_WITHDRAWN,
      "HS--log-in-clicked": UNTIL_WITHDRAWN,
    },
  },
};

/** The strictly necessary stores (docs/product-rules.md#consent, "Allowed before a choice"): no choice needed. */
export const NECESSARY_NOTICE: Notice & { stores: VendorStores & { sessionStorage: readonly string[] } } = {
  name: "Northdesk (necessary)",
  purpose:
    "Remembers your cookie choice, a Do Not Sell request not yet passed on, a dismissed bar, notice or newsletter prompt, and recovers a page after an update.",
  recipient: SITE_RECIPIENT,
  stores: {
    cookies: ["nd_consent"],
    localStorage: [
      "nd_demo_bar_dismissed",
      "nd_trial_bar_dismissed",
      "newsletter_subscriber",
      "newsletter_nothanks",
      "nd_dns_pending",
      "nd_gpc_notice_dismissed",
    ],
    sessionStorage: ["nd_last_path", "nd_chunk_recovery", "nd_consent_notice"],
  },
  lifetimes: {
    nd_consent: "183 days",
    nd_demo_bar_dismissed: "1 year",
    nd_trial_bar_dismissed: "1 year",
    newsletter_subscriber: "1 year",
    newsletter_nothanks: "1 year",
    nd_dns_pending: "until passed on to the consent manager",
    nd_gpc_notice_dismissed: "until you clear your browser's storage",
    nd_last_path: "browser session",
    nd_chunk_recovery: "browser session",
    nd_consent_notice: "browser session",
  },
};

/** A category as the notice names it: the purposes the banner names (analytics, personalization, advertising). */
export const CATEGORY_LABELS: Readonly<Record<ConsentCategory, string>> = {
  necessary: "Necessary",
  preferences: "Personalization",
  analytics: "Analytics",
  marketing: "Advertising (sale or sharing)",
};

export interface StoreLine {
  name: string;
  kind: "cookie" | "local storage" | "session storage";
  lifetime: string;
  /** Set when the store is kept for one of the vendor's categories alone (`categoryStores`). */
  category?: OptionalCategory;
}

/** One row of the cookie notice's table. */
export interface NoticeRow extends Omit<Notice, "lifetimes"> {
  categories: readonly ConsentCategory[];
  stores: StoreLine[];
}

type AnyStores = VendorStores & { sessionStorage?: readonly string[] };

function linesOf(stores: AnyStores | undefined, lifetimes: Notice["lifetimes"], category?: OptionalCategory): StoreLine[] {
  const line = (kind: StoreLine["kind"]) => (name: string) => ({
    name,
    kind,
    lifetime: lifetimes[name] ?? "",
    ...(category ? { category } : {}),
  });
  return [
    ...(stores?.cookies ?? []).map(line("cookie")),
    ...(stores?.localStorage ?? []).map(line("local storage")),
    ...(stores?.sessionStorage ?? []).map(line("session storage")),
  ];
}

/** Every store a vendor entry declares, whichever category it is kept for. */
export function vendorStoreLines(id: ThirdPartyScriptId): StoreLine[] {
  const { stores, categoryStores = {} } = SCRIPT_CATALOG[id];
  const { lifetimes } = VENDOR_NOTICES[id];
  return [
    ...linesOf(stores, lifetimes),
    ...(Object.entries(categoryStores) as [OptionalCategory, VendorStores][]).flatMap(([c, s]) => linesOf(s, lifetimes, c)),
  ];
}

/** The hosted consent managers' companies (GATSBY_CONSENT_PROVIDER; docs/consent-managers.md). */
const CONSENT_MANAGERS: Readonly<Record<string, Recipient>> = {
  osano: { name: "Osano, Inc.", policyUrl: "https://www.osano.com/legal/privacy" },
  onetrust: { name: "OneTrust LLC", policyUrl: "https://www.onetrust.com/privacy-notice/" },
  cookiebot: { name: "Usercentrics A/S (Cookiebot)", policyUrl: "https://www.cookiebot.com/en/privacy-policy/" },
};

const OPTIONAL_ORDER = ["analytics", "preferences", "marketing"] as const;
const configured = (ids: ScriptIds, id: ThirdPartyScriptId) => Boolean(ids[id]?.trim());

/**
 * The cookie notice's rows (docs/content.md#privacy-and-cookie-notices): the site's necessary stores, its own per
 * category, then each vendor this build configures, in catalog order. `consentProvider`: the hosted manager, if any.
 */
export function noticeRows(ids: ScriptIds, consentProvider?: string): NoticeRow[] {
  const necessary: NoticeRow = {
    ...NECESSARY_NOTICE,
    categories: ["necessary"],
    stores: linesOf(NECESSARY_NOTICE.stores, NECESSARY_NOTICE.lifetimes),
  };
  const site = OPTIONAL_ORDER.map((category): NoticeRow => ({
    ...SITE_NOTICES[category],
    categories: [category],
    stores: linesOf(SITE_STORES[category], SITE_NOTICES[category].lifetimes),
  }));
  const manager = consentProvider ? CONSENT_MANAGERS[consentProvider] : undefined;
  const vendors = THIRD_PARTY_SCRIPT_IDS.filter((id) => configured(ids, id) && (id !== "consent-manager" || manager)).map(
    (id): NoticeRow => ({
      ...VENDOR_NOTICES[id],
      ...(id === "consent-manager" && manager ? { recipient: manager } : {}),
      categories: SCRIPT_CATALOG[id].categories,
      stores: vendorStoreLines(id),
    }),
  );
  return [necessary, ...site, ...vendors];
}

/** Per optional category, the names of the configured vendors that serve it (the preferences list them). */
export function vendorNamesByCategory(ids: ScriptIds): Record<OptionalCategory, string[]> {
  const names: Record<OptionalCategory, string[]> = { preferences: [], analytics: [], marketing: [] };
  for (const id of THIRD_PARTY_SCRIPT_IDS) {
    if (!configured(ids, id)) continue;
    for (const c of SCRIPT_CATALOG[id].categories)
      if (c !== "necessary" && !names[c].includes(VENDOR_NOTICES[id].name)) names[c].push(VENDOR_NOTICES[id].name);
  }
  return names;
}
