/**
 * The do-not-sell link (docs/product-rules.md#navigation-and-footer, #consent, #error-catalogue): "Do Not Sell or
 * Share My Personal Information".
 * - With a hosted consent manager, its adapter does the manager's documented thing (src/consent/providers),
 *   waiting up to 5000 ms (polled every 100 ms) for the manager's script; on timeout an error is logged, nothing else.
 * - With the built-in banner, `marketing` is refused at once, and the page says so (a polite live region; after
 *   the reload that stops a vendor without an off switch, src/consent/notice.ts).
 */
import { appConsent, consentSettings } from "../consent/app";
import { DO_NOT_SELL_DONE, announce } from "../consent/notice";
import { poll } from "../lib/poll";

export { DO_NOT_SELL_DONE };
export const CONSENT_WAIT_MS = 5000;
export const CONSENT_POLL_MS = 100;

export function requestDoNotSell(win: Window = window, waitMs = CONSENT_WAIT_MS, pollMs = CONSENT_POLL_MS): Promise<boolean> {
  const face = appConsent(win);
  const provider = consentSettings.provider;
  if (!provider) {
    // When refusing reloads the page (a vendor without an off switch), the runtime keeps this for the next load.
    face.choose("do-not-sell");
    announce(win.document, DO_NOT_SELL_DONE);
    return Promise.resolve(true);
  }
  return import("../consent/providers").then(async ({ adapterFor }) => {
    const adapter = adapterFor(provider.name);
    const done = await poll(() => adapter.doNotSell(win, face, consentSettings) || undefined, { intervalMs: pollMs, timeoutMs: waitMs });
    if (!done) console.error(`Timed out after ${waitMs} ms waiting for the consent manager to load`);
    return Boolean(done);
  });
}
