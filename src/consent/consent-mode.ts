/**
 * Google Consent Mode v2, basic mode (docs/product-rules.md#consent): the site owns the signals.
 * https://developers.google.com/tag-platform/security/guides/consent?consentmode=basic
 */
import { isGranted, type ConsentState } from "../lib/consent-model";
import { CONSENT_MODE_SIGNALS } from "../vendors/google";

type ConsentValue = "granted" | "denied";
export type ConsentModeSignals = Record<keyof typeof CONSENT_MODE_SIGNALS, ConsentValue>;

/** Each signal follows its category in the Google entries' mapping (src/vendors/google.ts); `necessary` is always granted. */
export function consentSignals(state: ConsentState): ConsentModeSignals {
  const signals = Object.entries(CONSENT_MODE_SIGNALS).map(([signal, category]) => [
    signal,
    isGranted(state, category) ? "granted" : "denied",
  ]);
  return Object.fromEntries(signals) as ConsentModeSignals;
}

type DataLayerWindow = Window & { dataLayer?: unknown[] };

/**
 * gtag's own command shape: an Arguments object pushed on dataLayer (gtag.js and GTM read `arguments`, not
 * arrays). https://developers.google.com/tag-platform/gtagjs/reference#consent
 */
function gtagPush(win: Window, ...args: unknown[]): void {
  const w = win as DataLayerWindow;
  const push = function (this: unknown) {
    // eslint-disable-next-line prefer-rest-params
    (w.dataLayer = w.dataLayer ?? []).push(arguments);
  };
  push(...(args as []));
}

let defaulted = new WeakSet<Window>();

/** `consent default` once per page, before any Google tag entry. */
export function pushConsentDefault(win: Window, state: ConsentState): void {
  if (defaulted.has(win)) return;
  defaulted.add(win);
  gtagPush(win, "consent", "default", consentSignals(state));
}

/** `consent update` after a choice. */
export function pushConsentUpdate(win: Window, state: ConsentState): void {
  if (!defaulted.has(win)) return pushConsentDefault(win, state);
  gtagPush(win, "consent", "update", consentSignals(state));
}

/** For tests: forget which windows had their default. */
export const resetConsentMode = () => {
  defaulted = new WeakSet<Window>();
};
