import type { VendorEntry } from "./types";
import { GOOGLE, GOOGLE_STORES, GOOGLE_TAG_HOSTS } from "./google";

type Gtag = (...args: unknown[]) => void;

/** docs/product-rules.md#scripts-and-analytics: the gtag config. Page views are sent by analytics.ts, not by gtag itself. */
function gtagConfig(win: Window, id: string): void {
  const w = win as Window & { dataLayer?: unknown[]; gtag?: Gtag };
  w.dataLayer = w.dataLayer ?? [];
  // gtag.js reads the Arguments object itself (not an array), hence `arguments` in a function.
  w.gtag =
    w.gtag ??
    function gtag() {
      // eslint-disable-next-line prefer-rest-params
      w.dataLayer!.push(arguments);
    };
  w.gtag("js", new Date());
  w.gtag("config", id);
}

/** The Google tag (gtag.js): Google Analytics and Google Ads, under Consent Mode v2. */
export const gtag = {
  id: "gtag" as const,
  env: "GATSBY_GTAG_ID",
  name: "Google tag",
  categories: ["analytics", "marketing"],
  gate: "always",
  start: { priority: 3 },
  src: (id) => `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`,
  init: (id) => (win) => gtagConfig(win, id),
  categoryStores: GOOGLE_STORES,
  consentMode: true,
  csp: () => GOOGLE_TAG_HOSTS,
  purpose: "Measures how the site is used (Google Analytics) and which ads brought visitors (Google Ads).",
  recipient: GOOGLE,
  bench: { entity: "Google Analytics", issueMs: 108 },
} satisfies VendorEntry;
