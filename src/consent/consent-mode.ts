/**
 * Google Consent Mode v2, basic mode (docs/product-rules.md#consent): the site owns the signals.
 * https://developers.google.com/tag-platform/security/guides/consent?consentmode=basic
 */
import type { ConsentState } from "../lib/consent-model";

type ConsentValue = "granted" | "denied";
export type ConsentModeSignals = Record<
  | "analytics_storage"
  | "ad_storage"
  | "ad_user_data"
  | "ad_personalization"
  | "functionality_storage"
  | "personalization_storage"
  | "security_storage",
  ConsentValue
>;

const value = (granted: boolean): ConsentValue => (granted ? "granted" : "denied");

/** analytics → analytics_storage; marketing → the three ad signals; preferences → functionality and personalization; security always. */
export function consentSignals(state: ConsentState): ConsentModeSignals {
  const { analytics, marketing, preferences } = state.granted;
  return {
    analytics_storage: value(analytics),
    ad_storage: value(marketing),
    ad_user_data: value(marketing),
    ad_personalization: value(marketing),
    functionality_storage: value(preferences),
    personalization_storage: value(preferences),
    security_storage: "granted",
  };
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
