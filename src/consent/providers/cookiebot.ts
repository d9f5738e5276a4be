/**
 * Cookiebot CMP adapter (docs/consent-managers.md#cookiebot). Its surface (the stand-in in
 * tests/fixtures/consent-managers/cookiebot.ts installs the same):
 * - https://www.cookiebot.com/en/developer/ — `Cookiebot.consent.*`, `consented`, `declined`, `hasResponse`; `uc.js`
 *   with `data-cbid`; `submitCustomConsent(…)` and the events `CookiebotOnConsentReady`, `OnAccept`, `OnDecline`
 *   (methods and events confirmed second-hand, from public integrations and
 *   https://owntag.eu/blog/cookiebot-accept-event: OnAccept also fires when a visitor who consented loads a page).
 * The events fire on every load and submission, so window listeners cover either load order.
 */
import type { Choices } from "../../lib/consent-model";
import { recordManagerChoice, type ConsentAdapter, type ScriptAttributes } from "./types";

export interface CookiebotConsent {
  necessary: boolean;
  preferences: boolean;
  statistics: boolean;
  marketing: boolean;
}
export interface CookiebotGlobal {
  consent: CookiebotConsent;
  consented: boolean;
  declined: boolean;
  hasResponse: boolean;
  submitCustomConsent(optinPreferences: boolean, optinStatistics: boolean, optinMarketing: boolean): void;
}
type CookiebotWindow = Window & { Cookiebot?: Partial<CookiebotGlobal> };

export const COOKIEBOT_EVENTS = ["CookiebotOnConsentReady", "CookiebotOnAccept", "CookiebotOnDecline"] as const;

/** statistics → analytics, marketing → marketing, preferences → preferences. */
export const cookiebotChoices = (consent: Partial<CookiebotConsent>): Choices => ({
  preferences: consent.preferences === true,
  analytics: consent.statistics === true,
  marketing: consent.marketing === true,
});

export const cookiebotAdapter: ConsentAdapter = {
  connect(win, face) {
    const sync = () => {
      const cb = (win as CookiebotWindow).Cookiebot;
      // No response yet: Cookiebot's consent is its default, not the visitor's choice.
      if (!cb?.consent || cb.hasResponse !== true) return;
      recordManagerChoice(face, cookiebotChoices(cb.consent), false);
    };
    for (const name of COOKIEBOT_EVENTS) win.addEventListener(name, sync);
    sync();
    return () => {
      for (const name of COOKIEBOT_EVENTS) win.removeEventListener(name, sync);
    };
  },

  doNotSell(win) {
    const cb = (win as CookiebotWindow).Cookiebot;
    if (!cb || typeof cb.submitCustomConsent !== "function") return false;
    const current: Partial<CookiebotConsent> = cb.consent ?? {};
    // The model refused marketing already (src/browser/consent.ts); the manager's own events confirm it.
    cb.submitCustomConsent(current.preferences === true, current.statistics === true, false);
    return true;
  },
};

/**
 * Manual mode on the uc.js tag: no `data-blockingmode="auto"` (manual blocking is Cookiebot's mode without
 * it), and Cookiebot's Google Consent Mode integration off (`data-consentmode="disabled"`, and its default
 * command `data-consentmode-defaults="disabled"`): the site alone sends Google's consent signals.
 */
export const scriptAttributes: ScriptAttributes = () => ({
  id: "Cookiebot",
  "data-consentmode": "disabled",
  "data-consentmode-defaults": "disabled",
});
