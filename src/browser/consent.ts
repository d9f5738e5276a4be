/**
 * The do-not-sell link (docs/product-rules.md#navigation-and-footer, #consent-over-time): "Do Not Sell or
 * Share My Personal Information".
 */
import { appConsent, consentSettings } from "../consent/app";
import { DO_NOT_SELL_DONE, announce } from "../consent/notice";
import { handOverDoNotSell, markDoNotSellPending } from "../consent/do-not-sell-handover";

export { DO_NOT_SELL_DONE };
export const CONSENT_WAIT_MS = 5000;
export const CONSENT_POLL_MS = 100;

export function requestDoNotSell(win: Window = window, waitMs = CONSENT_WAIT_MS, pollMs = CONSENT_POLL_MS): Promise<boolean> {
  const face = appConsent(win);
  // When refusing reloads the page (a vendor without an off switch), the runtime keeps the notice for the next load.
  face.choose("do-not-sell");
  announce(win.document, DO_NOT_SELL_DONE);
  if (!consentSettings.provider) return Promise.resolve(true);
  markDoNotSellPending(win);
  return handOverDoNotSell(win, face, consentSettings, { waitMs, pollMs }).then((done) => {
    if (!done) console.error(`Timed out after ${waitMs} ms waiting for the consent manager to load`);
    return done;
  });
}
