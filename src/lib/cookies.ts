/** The site's cookies (docs/product-rules.md#cookies, #constants), through js-cookie: one module, two lifetimes. */
import Cookies from "js-cookie";
import { parentDomain } from "./host-names";

/** docs/product-rules.md#constants: attribution cookies live two years. */
export const COOKIE_LIFETIME_MS = 63_072_000_000;

export const COOKIE_NAMES = {
  firstTouchSource: "nd_ft_src",
  lastTouchSource: "nd_lt_src",
  firstTouchUrl: "nd_ft_url",
  lastTouchUrl: "nd_lt_url",
  mxid: "nd_mxid",
  testVariation: "nd_tvar",
  referralCode: "nd_ref",
  signupUtm: "nd_signup_utm",
  hubspotutk: "hubspotutk",
} as const;

export type CookieValues = Readonly<Record<string, string | undefined>>;

/** A write decided by a pure rule; the glue applies it with writeCookie. */
export interface CookieWrite {
  name: string;
  value: string;
  expires: Date;
}

export const expiresAt = (now: number) => new Date(now + COOKIE_LIFETIME_MS);

/** docs/product-rules.md#constants: path /, SameSite=Strict, domain = parent domain of the host (none on localhost). */
export function cookieAttributes(hostname: string, expires: Date): Cookies.CookieAttributes {
  const domain = parentDomain(hostname);
  return { path: "/", sameSite: "Strict", expires, ...(domain ? { domain } : {}) };
}

/** RFC 6265 cookie-octets; anything else is percent-encoded so the browser keeps the value whole. */
export const toCookieSafe = (value: string) => value.replace(/[^\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]/g, (c) => encodeURIComponent(c));
export const isCookieSafe = (value: string) => toCookieSafe(value) === value;

const raw = Cookies.withConverter<string>({ read: (value) => value, write: (value) => String(value) });

/** Every readable cookie, raw. */
export const readCookies = (): Record<string, string> => raw.get();

export const readCookie = (name: string): string | undefined => raw.get(name);

/** Writes cookies. */
export function writeCookies(writes: readonly CookieWrite[], hostname: string): void {
  if (writes.length === 0) return;
  const applied = writes.map((write) => {
    const value = toCookieSafe(write.value);
    const attributes = cookieAttributes(hostname, write.expires);
    raw.set(write.name, value, attributes);
    return { name: write.name, value, attributes };
  });
  if (!applied.some(({ attributes }) => attributes.domain)) return;
  const now = readCookies();
  for (const { name, value, attributes } of applied) {
    if (attributes.domain && now[name] !== value) raw.set(name, value, { ...attributes, domain: undefined });
  }
}

export const writeCookie = (write: CookieWrite, hostname: string): void => writeCookies([write], hostname);

/** docs/product-rules.md#constants: cookies written by the form's helper (setCookie) live 365 days. */
export const COOKIE_LIFETIME_DAYS = 365;

export const getCookie = (name: string): string | undefined => Cookies.get(name);

export function setCookie(name: string, value: string, options: Cookies.CookieAttributes = {}): void {
  Cookies.set(name, value, { expires: COOKIE_LIFETIME_DAYS, path: "/", sameSite: "Strict", ...options });
}

export const removeCookie = (name: string, options: Cookies.CookieAttributes = {}) => Cookies.remove(name, { path: "/", ...options });
