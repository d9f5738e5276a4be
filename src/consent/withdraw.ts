/**
 * Withdrawal (docs/product-rules.md#consent): when a granted category is withdrawn, its vendors stop (their own
 * documented off switch where they have one, otherwise the page reloads: a script cannot be unloaded) and
 * everything the category wrote goes: cookies (on the host and the parent domain) and local and session storage.
 */
import { SCRIPT_CATALOG, type ThirdPartyScriptId } from "../lib/third-party-scripts";
import type { OptionalCategory } from "../lib/consent-model";
import { clearStores, storesOf } from "./stores";

type Fn = (...args: unknown[]) => void;
type VendorWindow = Window & { _hsp?: unknown[]; fbq?: Fn; mixpanel?: { opt_out_tracking?: () => void } };

/** Each documented off switch, by vendor. True when the vendor was stopped without a reload. */
const OFF_SWITCHES: Partial<Record<ThirdPartyScriptId, (win: VendorWindow) => boolean>> = {
  // https://developers.hubspot.com/docs/api/events/cookie-banner (revokeCookieConsent)
  "crm-loader": (win) => {
    (win._hsp = win._hsp ?? []).push(["revokeCookieConsent"]);
    return true;
  },
  // https://developers.facebook.com/docs/meta-pixel/implementation/gdpr/ (fbq('consent', 'revoke'))
  "ad-pixel": (win) => {
    if (typeof win.fbq !== "function") return false;
    win.fbq("consent", "revoke");
    return true;
  },
  // https://docs.mixpanel.com/docs/privacy/protecting-user-data (opt_out_tracking)
  "product-analytics": (win) => {
    if (typeof win.mixpanel?.opt_out_tracking !== "function") return false;
    win.mixpanel.opt_out_tracking();
    return true;
  },
};

export interface WithdrawalInput {
  withdrawn: readonly OptionalCategory[];
  stillGranted: (category: OptionalCategory) => boolean;
  /** The vendors this page has loaded (or started loading). */
  loaded: ReadonlySet<ThirdPartyScriptId>;
}

/** Stops the withdrawn categories' vendors and deletes their stores. */
export function withdraw(win: Window, { withdrawn, stillGranted, loaded }: WithdrawalInput): boolean {
  if (withdrawn.length === 0) return false;
  let reload = false;
  for (const id of loaded) {
    const optional = SCRIPT_CATALOG[id].categories.filter((c): c is OptionalCategory => c !== "necessary");
    if (optional.length === 0 || optional.some(stillGranted) || !optional.some((c) => withdrawn.includes(c))) continue;
    const off = OFF_SWITCHES[id];
    if (!off?.(win as VendorWindow)) reload = true;
  }
  clearStores(win, storesOf(withdrawn, stillGranted));
  return reload;
}
