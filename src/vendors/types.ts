/**
 * The shape of one vendor's catalog entry (docs/architecture.md#the-vendor-catalog): every fact about a third party
 * the site can load, declared once; the loader, the scheduler, withdrawal, the CSP, Consent Mode, the preferences,
 * the cookie notice and the bench read it from src/vendors/catalog.ts.
 */
import type { ConsentCategory, OptionalCategory } from "../lib/consent-model";

/** Which pages a vendor loads on (src/browser/vendor-loader.ts decides each for a page). */
export type ScriptGate = "always" | "analytics-pages" | "see-it-in-action" | "sales-intelligence-paths";

/**
 * When it starts (docs/page-load.md#vendor-scheduling): a priority (lower first), on the visitor's intent only, or
 * from the page's head (the hosted consent manager: src/ssr/consent-head.ts), never through the loader.
 */
export type VendorStart = { priority: number } | "on-intent" | "head";

/** Per kind of store, each cookie name or key (a trailing `*` for a prefix) and its lifetime in plain words. */
export interface DeclaredStores {
  cookies?: Readonly<Record<string, string>>;
  localStorage?: Readonly<Record<string, string>>;
  sessionStorage?: Readonly<Record<string, string>>;
}

/** The names only, as the consent sweep and withdrawal match them (src/consent/store-table.ts). */
export interface VendorStores {
  cookies?: readonly string[];
  localStorage?: readonly string[];
}

/** The Content-Security-Policy directives a vendor's hosts may go in (docs/security.md#per-vendor-hosts). */
export type VendorDirective = "script-src" | "connect-src" | "img-src" | "frame-src";
export const VENDOR_DIRECTIVES: readonly VendorDirective[] = ["script-src", "connect-src", "img-src", "frame-src"];

/** Per directive, the sources a vendor needs: host sources only (`https://host`, `https://*.host`, `wss://*.host`). */
export type VendorHosts = Partial<Record<VendorDirective, readonly string[]>>;

/** What a vendor's CSP declaration is given: its configured script's origin (undefined when root-relative: 'self'). */
export interface VendorPolicyContext {
  origin?: string;
  /** The hosted consent manager (src/config/consent.ts readConsentSettings); unset: the built-in banner decides. */
  consentProvider?: string;
}

export interface Recipient {
  /** The company that receives the data. */
  name: string;
  /** Its privacy policy. */
  policyUrl: string;
}

/**
 * Its weight in `npm run bench -- --vendors` (docs/page-load.md#vendors-at-their-weight-npm-run-bench------vendors):
 * the third-party-web entity whose average main-thread time a stand-in burns, the figure first quoted for it, or
 * an assumed figure for a vendor the package lacks.
 */
export type BenchWeight = { entity: string; issueMs: number } | { assumedMs: number };

export interface VendorEntry {
  id: string;
  /** The GATSBY_* variable holding its id or URL (read in src/config/vendor-ids.ts); unset: it never loads. */
  env: `GATSBY_${string}`;
  /** The vendor's name as a visitor knows it. */
  name: string;
  /**
   * The consent categories it serves (docs/product-rules.md#consent): it loads once any is granted and is stopped
   * when all are withdrawn. `necessary` loads always.
   */
  categories: readonly ConsentCategory[];
  gate: ScriptGate;
  start: VendorStart;
  /** Builds the script's URL from the configured id; without it the configured value must be the URL. */
  src?: (id: string) => string;
  /** Run once its script has loaded, given the configured value. */
  init?: (value: string) => (win: Window) => void;
  /**
   * Its own documented off switch, run on withdrawal; true when it stopped. Without one (or false), a withdrawal
   * after it loaded reloads the page: a script cannot be unloaded.
   */
  off?: (win: Window) => boolean;
  /** What it writes, with lifetimes, deleted when all its categories are withdrawn. */
  stores?: DeclaredStores;
  /**
   * What it writes for one of its categories alone, deleted when that one is withdrawn even while another stays
   * granted: Google Ads' `_gcl_*` go with `marketing` while `_ga*` stay under `analytics`.
   */
  categoryStores?: Partial<Record<OptionalCategory, DeclaredStores>>;
  /** Whether it obeys Google Consent Mode v2 (the site pushes the signals when one is configured). */
  consentMode?: true;
  /** The hosts the security headers allow for it, per directive: docs/security.md#per-vendor-hosts. */
  csp: (context: VendorPolicyContext) => VendorHosts;
  /** One plain sentence: what it is for. */
  purpose: string;
  recipient: Recipient;
  bench: BenchWeight;
  /** docs/product-rules.md#error-catalogue: what a failure to load logs. */
  errorMessage?: string;
}

const only = (origin: string | undefined): string[] => (origin ? [origin] : []);
/** The configured origin in the script directive alone, or nothing. */
export const originOnly = only;
/** A vendor configured by URL that loads a script and reports to the same origin: script-src and connect-src. */
export const scriptAndBeacon = ({ origin }: VendorPolicyContext): VendorHosts => ({
  "script-src": only(origin),
  "connect-src": only(origin),
});

/** The lifetime of a key in local storage, which has no expiry of its own. */
export const UNTIL_WITHDRAWN = "no expiry; deleted when your choice expires or is withdrawn";
/** The lifetime of a cookie the site writes on consent: never longer than the consent (CONSENT_LIFETIME_MS). */
export const CONSENTED_LIFETIME = "until your choice expires (183 days at most)";
