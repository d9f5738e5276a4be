// Link decoration rules (docs/product-rules.md#link-decoration). No framework import: the early script
// decorates with these same rules before the app runs.
import { readAttribution } from "./attribution";
import { COOKIE_NAMES, type CookieValues } from "../lib/cookies";
import { isAppHost, isMarketingHost, siteHosts, type SiteHosts } from "./hosts";
import { isSignupPage } from "../lib/layout-rules";
import { LOGIN_PATH, SIGNUP_PATH } from "../lib/paths";

// Prefixes without the trailing slash: "/members/register" and anything below it count.
export const SIGNUP_PATH_PREFIX = SIGNUP_PATH.slice(0, -1);
export const LOGIN_PATH_PREFIX = LOGIN_PATH.slice(0, -1);
/** docs/product-rules.md#markers: set on a click of the login link. */
export const LOGIN_CLICKED_KEY = "HS--log-in-clicked";
export const PROMO_PARAM = "promo";
export const PARTNER_PARAMS = ["gspk", "gsxid"] as const;
export type PartnerParams = Partial<Record<(typeof PARTNER_PARAMS)[number], string>>;
/** docs/product-rules.md#link-decoration: partner params are appended this long after load. */
export const PARTNER_DECORATION_DELAY_MS = 100;

export type Params = ReadonlyArray<readonly [string, string]>;

export interface DecorationContext {
  /** The current page. */
  page: URL;
  cookies: CookieValues;
  /** Heap's user id once its script has loaded (hpid). */
  heapUserId?: string;
  /** gspk / gsxid, supplied once the runtime's post-load timer has fired. */
  partner?: PartnerParams;
  hosts?: SiteHosts;
}

/** docs/product-rules.md#link-decoration: the sign-up link params, in the spec's order; empty values are left off. */
export function signupAttributionParams(cookies: CookieValues): Params {
  const { firstTouch, lastTouch, firstTouchUrl, lastTouchUrl } = readAttribution(cookies);
  const params: Array<[string, string]> = [
    ["utm_source", lastTouch?.source ?? ""],
    ["utm_campaign", lastTouch?.campaign ?? ""],
    ["utm_medium", lastTouch?.medium ?? ""],
    ["last_touch_url", lastTouchUrl],
    ["utm_first_source", firstTouch?.source ?? ""],
    ["utm_first_campaign", firstTouch?.campaign ?? ""],
    ["utm_first_medium", firstTouch?.medium ?? ""],
    ["first_touch_url", firstTouchUrl],
    ["hs_tvar", cookies[COOKIE_NAMES.testVariation] ?? ""],
    ["referrer", cookies[COOKIE_NAMES.referralCode] ?? ""],
  ];
  return params.filter(([, value]) => value !== "");
}

interface Target {
  pathname: string;
  hostname: string;
  relative: boolean;
}

/**
 * A root-relative path of plain characters ("/blog/x/?a=1#b"): its pathname is the text before any ? or #, as
 * URL would give it, without parsing one (a page has about a hundred of these links).
 */
const PLAIN_PATH = /^\/(?![/\\])[!-~]*$/;
const REWRITTEN = /[\\%]|\/\./;

/** Where an href points (http and https only). */
function locate(href: string, page: URL): Target | null {
  if (PLAIN_PATH.test(href) && (page.protocol === "http:" || page.protocol === "https:")) {
    const end = href.search(/[?#]/);
    const pathname = end < 0 ? href : href.slice(0, end);
    if (!REWRITTEN.test(pathname)) return { pathname, hostname: page.hostname, relative: true };
  }
  const url = resolveHttpUrl(href, page);
  return url && { pathname: url.pathname, hostname: url.hostname, relative: isRelative(href) };
}

/** An href as an absolute http(s) URL, or null. */
export function resolveHttpUrl(href: string, page: URL): URL | null {
  try {
    const url = new URL(href, page);
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

const isRelative = (href: string) => !/^([a-z][a-z\d+.-]*:|\/\/)/i.test(href.trim());

const signupTarget = (target: Target | null, hosts: SiteHosts) =>
  !!target && target.pathname.startsWith(SIGNUP_PATH_PREFIX) && (target.relative || isMarketingHost(target.hostname, hosts));

/** A sign-up link: path under /members/register, relative or on a marketing host. */
export function isSignupLink(href: string, page: URL, hosts: SiteHosts = siteHosts): boolean {
  return signupTarget(locate(href, page), hosts);
}

/** A cross-domain link: to the app host. */
export function isAppLink(href: string, page: URL, hosts: SiteHosts = siteHosts): boolean {
  const target = locate(href, page);
  return !!target && isAppHost(target.hostname, hosts);
}

/** The login link (on the app host or ours). */
export function isLoginLink(href: string, page: URL): boolean {
  const target = locate(href, page);
  return !!target && target.pathname.startsWith(LOGIN_PATH_PREFIX);
}

/** Appends the params the href does not have yet, keeping its query text and hash as they are. */
export function appendParams(href: string, params: Params): string {
  const hashAt = href.indexOf("#");
  const hash = hashAt < 0 ? "" : href.slice(hashAt);
  const beforeHash = hashAt < 0 ? href : href.slice(0, hashAt);
  const queryAt = beforeHash.indexOf("?");
  const base = queryAt < 0 ? beforeHash : beforeHash.slice(0, queryAt);
  const query = queryAt < 0 ? "" : beforeHash.slice(queryAt + 1);
  const present = new URLSearchParams(query);
  const added: string[] = [];
  for (const [name, value] of params) {
    if (present.has(name)) continue;
    present.append(name, value);
    added.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  }
  if (added.length === 0) return href;
  const joined = query === "" ? added.join("&") : `${query}${query.endsWith("&") ? "" : "&"}${added.join("&")}`;
  return `${base}?${joined}${hash}`;
}

/** docs/product-rules.md#attribution, #link-decoration: the decorated form of one href (unchanged if no rule applies). */
export function decorateHref(href: string, ctx: DecorationContext): string {
  const hosts = ctx.hosts ?? siteHosts;
  const target = locate(href, ctx.page);
  if (signupTarget(target, hosts)) {
    const params: Array<readonly [string, string]> = isSignupPage(ctx.page.pathname) ? [] : [...signupAttributionParams(ctx.cookies)];
    const promo = ctx.page.searchParams.get(PROMO_PARAM);
    if (promo) params.push([PROMO_PARAM, promo]);
    return appendParams(href, params);
  }
  if (target && isAppHost(target.hostname, hosts)) {
    const params: Array<readonly [string, string]> = [];
    const mxid = ctx.cookies[COOKIE_NAMES.mxid];
    if (mxid) params.push(["mxid", mxid]);
    if (ctx.heapUserId) params.push(["hpid", ctx.heapUserId]);
    for (const name of PARTNER_PARAMS) {
      const value = ctx.partner?.[name];
      if (value) params.push([name, value]);
    }
    return appendParams(href, params);
  }
  return href;
}

const ORIGINAL = "data-nd-href";
/** Set on a decorated anchor: its decorated href (the undecorated one is in data-nd-href). */
export const DECORATED = "data-nd-decorated";

/** Decorates one anchor from its undecorated href, so decorating again with new values replaces ours. */
export function decorateAnchor(anchor: Element, ctx: DecorationContext, memo?: Map<string, string>): void {
  const current = anchor.getAttribute("href");
  if (current === null) return;
  // If someone else (React) changed the href since we decorated it, that is the new original.
  const original = anchor.getAttribute(DECORATED) === current ? (anchor.getAttribute(ORIGINAL) ?? current) : current;
  let next = memo?.get(original);
  if (next === undefined) {
    next = decorateHref(original, ctx);
    memo?.set(original, next);
  }
  if (next === original && !anchor.hasAttribute(DECORATED)) return;
  anchor.setAttribute(ORIGINAL, original);
  anchor.setAttribute(DECORATED, next);
  if (next !== current) anchor.setAttribute("href", next);
}

export function decorateLinks(root: ParentNode, ctx: DecorationContext): void {
  const memo = new Map<string, string>();
  const self = root as Element;
  if (typeof self.matches === "function" && self.matches("a[href]")) decorateAnchor(self, ctx, memo);
  root.querySelectorAll("a[href]").forEach((anchor) => decorateAnchor(anchor, ctx, memo));
}
