import type { VendorEntry } from "./types";
import { GOOGLE, GOOGLE_STORES, GOOGLE_TAG_HOSTS } from "./google";

/**
 * Google Tag Manager. Idle rather than off-main-thread: Partytown would fetch GTM through the site's own proxy,
 * adding its runtime to every page (docs/architecture.md#third-party-scripts). It obeys Consent Mode v2, so it
 * loads with either category.
 */
export const tagManager = {
  id: "tag-manager" as const,
  env: "GATSBY_GTM_ID",
  name: "Google Tag Manager",
  categories: ["analytics", "marketing"],
  gate: "always",
  start: { priority: 4 },
  src: (id) => `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`,
  init: () => (win) => {
    const w = win as Window & { dataLayer?: unknown[] };
    (w.dataLayer = w.dataLayer ?? []).push({ "gtm.start": Date.now(), event: "gtm.js" });
  },
  categoryStores: GOOGLE_STORES,
  consentMode: true,
  csp: () => GOOGLE_TAG_HOSTS,
  purpose: "Loads Google Analytics (how the site is used) and Google Ads conversion tags (which ads brought visitors).",
  recipient: GOOGLE,
  bench: { entity: "Google Tag Manager", issueMs: 1066 },
} satisfies VendorEntry;
