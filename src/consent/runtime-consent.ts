/** What the runtime does when consent changes (docs/product-rules.md#consent), wired once by src/browser/runtime.ts. */
import type { ConsentFace } from "./face";
import { withdrawn as withdrawnBetween } from "../lib/consent-model";
import { pushConsentDefault, pushConsentUpdate } from "./consent-mode";
import { releaseAttribution } from "./attribution-hold";
import { withdraw } from "./withdraw";
import { consentSettings } from "./app";
import { loadedVendors } from "./loaded-vendors";
import { publicConfig } from "../config/public";
import { consentModeConfigured } from "../vendors/catalog";
import { installBannerActions, PREFERENCES_EVENT, PREFERENCES_TRIGGERS, PREFERENCES_WANTED } from "./banner-actions";
import { DO_NOT_SELL_DONE, announceAfterReload, confirmGpc, showKeptNotice } from "./notice";
import { doNotSellPending, handOverDoNotSell } from "./do-not-sell-handover";

/** How long a later page waits for the hosted manager to hand it a pending do-not-sell (quietly: this page's link logged the timeout). */
const HANDOVER_WAIT_MS = 30_000;

export interface ConsentWiring {
  /** Links are decorated again (Heap's id, partner ids follow their categories). */
  redecorate: () => void;
}

/** Consent Mode is pushed when a configured vendor obeys it (src/vendors/catalog.ts). */
const googleTags = () => consentModeConfigured(publicConfig.scripts.ids);

/** Opens the built-in preferences (a chunk of its own, with the banner library). */
export function openPreferences(face: ConsentFace): void {
  import("./preferences")
    .then(({ openPreferences: open }) => open(face, consentSettings))
    .catch((error: unknown) => console.error("The cookie preferences could not open", error));
}

/**
 * The built-in preferences answer every request (the banner's and the footer's buttons, through the early script's
 * event), at once when one came before this ran (`<html data-consent-prefs="wanted">`); a pointer on or focus in a
 * trigger starts loading their chunk, so the click finds it there. Returns the function that stops listening.
 */
export function answerPreferenceRequests(win: Window, face: ConsentFace): () => void {
  const doc = win.document;
  const open = () => openPreferences(face);
  win.addEventListener(PREFERENCES_EVENT, open);
  let preloading = false;
  const intent = (event: Event) => {
    if (preloading || !(event.target as Element | null)?.closest?.(PREFERENCES_TRIGGERS)) return;
    preloading = true;
    import("./preferences").then(({ preloadPreferences }) => preloadPreferences(doc)).catch(() => (preloading = false));
  };
  doc.addEventListener("pointerover", intent, { passive: true });
  doc.addEventListener("focusin", intent);
  if (doc.documentElement.getAttribute(PREFERENCES_WANTED) === "wanted") open();
  return () => {
    win.removeEventListener(PREFERENCES_EVENT, open);
    doc.removeEventListener("pointerover", intent);
    doc.removeEventListener("focusin", intent);
  };
}

export function onConsentChange(win: Window, face: ConsentFace, { redecorate }: ConsentWiring): void {
  if (googleTags()) pushConsentDefault(win, face.state());
  showKeptNotice(win);
  confirmGpc(win, face.state());
  face.subscribe(({ state, previous }) => {
    if (state.record?.method === "accept-all") confirmGpc(win, state, true);
    if (googleTags()) pushConsentUpdate(win, state);
    if (state.granted.analytics) releaseAttribution(win, win.location.hostname, state);
    const gone = withdrawnBetween(previous.granted, state.granted);
    // The personalization SDK keeps its profile in memory and writes it back: it stops only with the page.
    const sdkRunning = gone.includes("preferences") && Boolean((win as Window & { ninetailed?: unknown }).ninetailed);
    if (
      gone.length > 0 &&
      (withdraw(win, { withdrawn: gone, stillGranted: (c) => state.granted[c], loaded: loadedVendors }) || sdkRunning)
    ) {
      if (state.record?.method === "do-not-sell") announceAfterReload(win, DO_NOT_SELL_DONE);
      win.location.reload();
      return;
    }
    redecorate();
  });

  const provider = consentSettings.provider;
  if (provider) {
    import("./providers")
      .then(({ adapterFor }) => {
        adapterFor(provider.name).connect(win, face, consentSettings);
        if (doNotSellPending(win)) void handOverDoNotSell(win, face, consentSettings, { waitMs: HANDOVER_WAIT_MS, pollMs: 250 });
      })
      .catch((error: unknown) => console.error("The consent manager's adapter could not start", error));
    return;
  }
  // Once per document: a no-op when the early script installed them; the banner's buttons otherwise (it was blocked).
  installBannerActions(win.document, face);
  answerPreferenceRequests(win, face);
}
