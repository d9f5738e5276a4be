/** Traffic-source attribution (docs/product-rules.md#cookies, #attribution). */
import { COOKIE_NAMES, expiresAt, toCookieSafe, type CookieValues, type CookieWrite } from "../lib/cookies";
import { isOwnHost, isTrackedPage, siteHosts, type SiteHosts } from "./hosts";

export interface TouchSource {
  source: string;
  medium: string;
  term: string;
  campaign: string;
  content: string;
}

export const DIRECT_SOURCE = "(direct)";
export const NO_MEDIUM = "(none)";
export const NOT_SET = "(not set)";
/** Each stored value is cut to this many characters so the cookies stay far below 4 KB. */
export const MAX_VALUE_CHARS = 200;
const MAX_PATH_CHARS = 1024;

/** docs/product-rules.md#attribution step 1: any of these in the URL means the source comes from the URL. */
export const CAMPAIGN_PARAMS = ["gclid", "utm_source", "utm_medium", "utm_campaign", "utm_content", "utm_term"] as const;

/** docs/product-rules.md#attribution step 2: search engines, with the query parameters that carry the search terms. */
const SEARCH_ENGINES: Record<string, readonly string[]> = {
  google: ["q"],
  bing: ["q"],
  aol: ["q", "query"],
  yahoo: ["p", "q"],
  ask: ["q"],
  comcast: ["q"],
  xfinity: ["q"],
  yandex: ["text"],
  baidu: ["wd", "word"],
};

/** docs/product-rules.md#attribution step 3: listed social sites (name → its domains). */
const SOCIAL_SITES: Record<string, readonly string[]> = {
  facebook: ["facebook.com", "fb.com", "fb.me"],
  twitter: ["twitter.com", "x.com", "t.co"],
  linkedin: ["linkedin.com", "lnkd.in"],
  instagram: ["instagram.com"],
  youtube: ["youtube.com", "youtu.be"],
  reddit: ["reddit.com"],
  pinterest: ["pinterest.com"],
  quora: ["quora.com"],
  tiktok: ["tiktok.com"],
  threads: ["threads.net"],
};

const DIRECT: TouchSource = { source: DIRECT_SOURCE, medium: NO_MEDIUM, term: "", campaign: "", content: "" };

const cap = (value: string, max = MAX_VALUE_CHARS) => Array.from(value).slice(0, max).join("");

/** docs/product-rules.md#attribution: attribution URL helpers throw when given an undefined URL. */
export function toPageUrl(url: string | URL | undefined | null): URL {
  if (url === undefined || url === null) throw new Error("Attribution needs the page URL, but got " + String(url));
  if (url instanceof URL) return url;
  try {
    return new URL(url);
  } catch {
    throw new Error(`Attribution needs an absolute page URL, but got "${url}"`);
  }
}

/** The page path stored in nd_ft_url / nd_lt_url (docs/product-rules.md#cookies: "each a page path"). */
export const pagePath = (url: string | URL | undefined | null) => cap(toCookieSafe(toPageUrl(url).pathname), MAX_PATH_CHARS);

const param = (params: URLSearchParams, name: string) => cap(params.get(name) ?? "");

function parseReferrer(referrer: string | null | undefined): URL | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

const onDomain = (hostname: string, domain: string) => hostname === domain || hostname.endsWith(`.${domain}`);

/** docs/product-rules.md#attribution: the traffic source of one page view, decided in the spec's order. */
export function resolveSource(
  url: string | URL | undefined | null,
  referrer: string | null | undefined,
  hosts: SiteHosts = siteHosts,
): TouchSource {
  const page = toPageUrl(url);
  const params = page.searchParams;

  // 1. Campaign parameters; a paid-search click id defaults to google / cpc.
  if (CAMPAIGN_PARAMS.some((name) => param(params, name) !== "")) {
    const paid = param(params, "gclid") !== "";
    return {
      source: param(params, "utm_source") || (paid ? "google" : NOT_SET),
      medium: param(params, "utm_medium") || (paid ? "cpc" : NOT_SET),
      term: param(params, "utm_term"),
      campaign: param(params, "utm_campaign"),
      content: param(params, "utm_content"),
    };
  }

  const ref = parseReferrer(referrer);
  if (!ref || isOwnHost(ref.hostname, page.hostname, hosts)) return { ...DIRECT };
  const host = ref.hostname.toLowerCase();
  const labels = host.split(".");

  // 2. Search engine: organic, the query kept as the term.
  const engine = Object.keys(SEARCH_ENGINES).find((name) => labels.includes(name));
  if (engine) {
    const query = SEARCH_ENGINES[engine].map((name) => param(ref.searchParams, name)).find((q) => q !== "") ?? "";
    return { source: engine, medium: "organic", term: query, campaign: "", content: "" };
  }

  // 3. Listed social site.
  const social = Object.keys(SOCIAL_SITES).find((name) => SOCIAL_SITES[name].some((domain) => onDomain(host, domain)));
  if (social) return { source: social, medium: "social", term: "", campaign: "", content: "" };

  // 4. Any other referrer.
  return { source: cap(host), medium: "referral", term: "", campaign: "", content: cap(ref.pathname) };
}

export const isDirect = (touch: TouchSource) => touch.source === DIRECT_SOURCE;

const FIELDS = ["source", "medium", "term", "campaign", "content"] as const;
const LAST_TOUCH_KEYS: Record<(typeof FIELDS)[number], string> = {
  source: "utmcsr",
  medium: "utmcmd",
  term: "utmctr",
  campaign: "utmccn",
  content: "utmcct",
};

/** encodeURIComponent, with lone surrogates (which it rejects) replaced first. */
const encode = (value: string) =>
  encodeURIComponent(value.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]|[\uD800-\uDFFF]/g, (unit) => (unit.length === 2 ? unit : "\uFFFD")));

function decode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/** nd_ft_src: `source|medium|term|campaign|content`, each URI-encoded (docs/product-rules.md#cookies). */
export const formatFirstTouch = (touch: TouchSource) => FIELDS.map((field) => encode(touch[field])).join("|");

export function parseFirstTouch(value: string | null | undefined): TouchSource | null {
  if (!value) return null;
  const parts = value.split("|").map(decode);
  if (parts.length !== FIELDS.length || parts.some((part) => part === null)) return null;
  const [source, medium, term, campaign, content] = parts as string[];
  return { source, medium, term, campaign, content };
}

/** nd_lt_src: `utmcsr=…|utmcmd=…|utmctr=…|utmccn=…|utmcct=…`, values URI-encoded (docs/product-rules.md#cookies). */
export const formatLastTouch = (touch: TouchSource) => FIELDS.map((field) => `${LAST_TOUCH_KEYS[field]}=${encode(touch[field])}`).join("|");

export function parseLastTouch(value: string | null | undefined): TouchSource | null {
  if (!value) return null;
  const pairs = new Map<string, string>();
  for (const pair of value.split("|")) {
    const at = pair.indexOf("=");
    if (at < 0) return null;
    const decoded = decode(pair.slice(at + 1));
    if (decoded === null) return null;
    pairs.set(pair.slice(0, at), decoded);
  }
  const touch = {} as TouchSource;
  for (const field of FIELDS) {
    const found = pairs.get(LAST_TOUCH_KEYS[field]);
    if (found === undefined) return null;
    touch[field] = found;
  }
  return touch;
}

/** What the attribution cookies currently say (for sign-up links and the sign-up form). */
export interface Attribution {
  firstTouch: TouchSource | null;
  lastTouch: TouchSource | null;
  firstTouchUrl: string;
  lastTouchUrl: string;
}

export function readAttribution(cookies: CookieValues): Attribution {
  return {
    firstTouch: parseFirstTouch(cookies[COOKIE_NAMES.firstTouchSource]),
    lastTouch: parseLastTouch(cookies[COOKIE_NAMES.lastTouchSource]),
    firstTouchUrl: cookies[COOKIE_NAMES.firstTouchUrl] ?? "",
    lastTouchUrl: cookies[COOKIE_NAMES.lastTouchUrl] ?? "",
  };
}

export interface PageView {
  /** The page's absolute URL (location.href). Required: an undefined URL throws. */
  url: string | URL | undefined | null;
  /** document.referrer on a full page load; empty for client-side navigations. */
  referrer: string | null | undefined;
  cookies: CookieValues;
  /** Epoch milliseconds; the cookies expire two years later. */
  now: number;
  hosts?: SiteHosts;
}

export interface AttributionDecision {
  tracked: boolean;
  source: TouchSource;
  writes: CookieWrite[];
}

/** docs/product-rules.md#attribution: one tracked page view. */
export function trackPageView({ url, referrer, cookies, now, hosts = siteHosts }: PageView): AttributionDecision {
  const page = toPageUrl(url);
  const source = resolveSource(page, referrer, hosts);
  if (!isTrackedPage(page, hosts)) return { tracked: false, source, writes: [] };

  const expires = expiresAt(now);
  const path = pagePath(page);
  const writes: CookieWrite[] = [];
  if (!cookies[COOKIE_NAMES.firstTouchSource])
    writes.push({ name: COOKIE_NAMES.firstTouchSource, value: formatFirstTouch(source), expires });
  const stored = parseLastTouch(cookies[COOKIE_NAMES.lastTouchSource]);
  if (!(isDirect(source) && stored && !isDirect(stored)))
    writes.push({ name: COOKIE_NAMES.lastTouchSource, value: formatLastTouch(source), expires });
  if (!cookies[COOKIE_NAMES.firstTouchUrl]) writes.push({ name: COOKIE_NAMES.firstTouchUrl, value: path, expires });
  writes.push({ name: COOKIE_NAMES.lastTouchUrl, value: path, expires });
  return { tracked: true, source, writes };
}

/** The cookies as they are after applying a decision (for tests and for chaining views). */
export function applyWrites(cookies: CookieValues, writes: readonly CookieWrite[]): Record<string, string | undefined> {
  const next: Record<string, string | undefined> = { ...cookies };
  for (const write of writes) next[write.name] = write.value;
  return next;
}
