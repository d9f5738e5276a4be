import { BannerRoot } from "./consent-banner.styles";

/**
 * The built-in consent banner (docs/browser-runtime.md#the-built-in-banner), in the HTML of every page when no
 * hosted consent manager is configured. Static markup: the early script's delegated listener
 * (src/consent/banner-actions.ts) makes the three buttons work before hydration, and CSS decides whether it shows.
 * Short on purpose: on a phone its text must never be the page's largest paint.
 */
export function ConsentBanner({ privacyUrl }: { privacyUrl?: string }) {
  return (
    <BannerRoot aria-label="Cookie consent" data-consent-banner="">
      <p>
        We use optional cookies only with your consent.
        {privacyUrl && (
          <>
            {" "}
            <a href={privacyUrl}>Privacy policy</a>
          </>
        )}
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
