/** Which layout pieces a path gets (docs/product-rules.md#layout-per-path). Pure: given a pathname and page flags. */
import { INTEGRATIONS_PATH, LOGIN_PATH, PRICING_PATH, PRODUCT_PATHS, SIGNUP_PATH } from "./paths";

export type FooterVariant = "full" | "small" | "none";

/** A pathname without query or hash, with a trailing slash ("/pricing?x" → "/pricing/"). */
export const normalizePath = (pathname: string) => {
  const clean = pathname.split(/[?#]/)[0] || "/";
  return clean.endsWith("/") ? clean : `${clean}/`;
};

const SMALL_FOOTER = [
  "/fundraising-with-purpose/",
  "/interview-builder/",
  "/lp/personalized-customer-experience/",
  "/webinars/foundations-of-great-service/",
];

export function footerVariant(pathname: string): FooterVariant {
  const p = normalizePath(pathname);
  if (p === "/product-tour/") return "none";
  return SMALL_FOOTER.includes(p) ? "small" : "full";
}

/** Static header: any path containing /interview-builder/, /pricing/ (incl. /pricing/contact-based/), or a flagged page. */
export function isStaticHeader(pathname: string, useStaticHeader = false): boolean {
  const p = normalizePath(pathname);
  return useStaticHeader || p.includes("/interview-builder/") || p.includes("/pricing/");
}

// Pure (a spread is a side effect to esbuild): bundles that import this module but not the list drop it.
const FIXED_BAR_EXACT = /* @__PURE__ */ (() => [
  "/",
  PRICING_PATH,
  ...PRODUCT_PATHS,
  "/customer-champions/",
  INTEGRATIONS_PATH,
  "/lp/get-a-demo/",
  "/for-good/",
  "/startups/",
])();
const FIXED_BAR_PREFIX = ["/industry/", "/compare/", "/customer-referral/"];

export type FixedBarVariant = "trial" | "demo";

/** docs/product-rules.md#layout-per-path: the fixed call-to-action bar's paths; the home page uses the trial variant. */
export function fixedBarVariant(pathname: string): FixedBarVariant | null {
  const p = normalizePath(pathname);
  const listed = FIXED_BAR_EXACT.includes(p) || FIXED_BAR_PREFIX.some((prefix) => p.startsWith(prefix) && p.length > prefix.length);
  if (!listed) return null;
  return p === "/" ? "trial" : "demo";
}

/** docs/product-rules.md#layout-per-path: the home page shows Login instead of Get a Demo. */
export const showsLoginButton = (pathname: string) => normalizePath(pathname) === "/";

export const isSignupPage = (pathname: string) => normalizePath(pathname).startsWith(SIGNUP_PATH);
export const isLoginPage = (pathname: string) => normalizePath(pathname).startsWith(LOGIN_PATH);
