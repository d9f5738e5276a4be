import styled from "styled-components";
import { COOKIE_NOTICE_PATH, NOTICE_AT_COLLECTION_PATH, PRIVACY_PATH } from "../../lib/paths";
import { readConsentPolicy, usesBuiltInBanner } from "../../config/consent";
import { ACTION_ATTRIBUTE } from "../../hydration";

/** A footer control that looks like its links. */
export const LinkButton = styled.button`
  font: inherit;
  color: inherit;
  background: none;
  border: 0;
  padding: 0;
  cursor: pointer;
  text-align: left;
  &:hover {
    text-decoration: underline;
  }
`;

/** The do-not-sell link's wording, as the CCPA/CPRA require it (whatever the content calls the item). */
export const DO_NOT_SELL_LABEL = "Do Not Sell or Share My Personal Information";

/** Do Not Sell or Share: the footer island's `doNotSell` action (src/components/layout/footer.tsx). */
export function DoNotSellButton({ onClick }: { onClick: () => void }) {
  return (
    <LinkButton type="button" onClick={onClick} {...{ [ACTION_ATTRIBUTE]: "doNotSell" }}>
      {DO_NOT_SELL_LABEL}
    </LinkButton>
  );
}

/**
 * The built-in banner's preferences, opened by the early script's listener on `[data-consent-open]`
 * (src/consent/banner-actions.ts); a hosted consent manager brings its own link.
 */
export function CookiePreferencesButton() {
  return usesBuiltInBanner() ? (
    <LinkButton type="button" data-consent-open="">
      Cookie preferences
    </LinkButton>
  ) : null;
}

/**
 * The legal strip (docs/product-rules.md#consent, "The notices"): on every page, whatever its footer, the privacy
 * notice and the cookie notice, and under the opt-out policy the notice at collection (CPRA: a link on every page
 * that collects; under opt-in nothing is sold or shared before the banner's choice); and, unless the footer's
 * columns already have them, Cookie preferences and Do Not Sell or Share. Unstyled: the footer lays out its lists.
 */
export function LegalLinks({ doNotSell }: { doNotSell?: () => void }) {
  return (
    <nav aria-label="Privacy">
      <ul>
        <li>
          <a href={PRIVACY_PATH}>Privacy notice</a>
        </li>
        {readConsentPolicy() === "opt-out" && (
          <li>
            <a href={NOTICE_AT_COLLECTION_PATH}>Notice at collection</a>
          </li>
        )}
        <li>
          <a href={COOKIE_NOTICE_PATH}>Cookie notice</a>
        </li>
        {doNotSell && usesBuiltInBanner() && (
          <li>
            <CookiePreferencesButton />
          </li>
        )}
        {doNotSell && (
          <li>
            <DoNotSellButton onClick={doNotSell} />
          </li>
        )}
      </ul>
    </nav>
  );
}
