import Cookies from "js-cookie";

/** SPEC 9: cookies written by this helper live 365 days. */
export const COOKIE_LIFETIME_DAYS = 365;

export const getCookie = (name: string): string | undefined => Cookies.get(name);

export function setCookie(name: string, value: string, options: Cookies.CookieAttributes = {}): void {
  Cookies.set(name, value, { expires: COOKIE_LIFETIME_DAYS, path: "/", sameSite: "Strict", ...options });
}

export const removeCookie = (name: string, options: Cookies.CookieAttributes = {}) => Cookies.remove(name, { path: "/", ...options });
