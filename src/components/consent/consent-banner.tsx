import { BannerRoot } from "./consent-banner.styles";
import { COOKIE_NOTICE_PATH, PRIVACY_PATH } from "../../lib/paths";

/**
 * The built-in consent banner (docs/browser-runtime.md#the-built-in-banner), in the HTML of every page when no
 * hosted consent manager is configured. See docs/product-rules.md#consent.
 */
export function ConsentBanner() {
  return (
    <BannerRoot aria-label="Cookie consent" data-consent-banner="">
      <p>
        Cookies for analytics, personalization and advertising, only if you agree. <a href={COOKIE_NOTICE_PATH}>Cookie notice</a>
        {" · "}
        <a href={PRIVACY_PATH}>Privacy notice</a>
      </p>
      <div>
        <button type="button" data-consent-action="accept-all">
          Accept all
        </button>
        <button type="button" data-consent-action="reject-all">
          Reject all
        </button>
        <button type="button" data-consent-action="preferences">
          Preferences
        </button>
      </div>
    </BannerRoot>
  );
}
