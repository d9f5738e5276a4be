import { SmallPrint } from "./lead-form-styles";
import { readConsentPolicy } from "../../config/consent";
import type { ConsentPolicy } from "../../lib/consent-model";
import { NOTICE_AT_COLLECTION_PATH, PRIVACY_PATH } from "../../lib/paths";

/**
 * The lead forms' privacy sentence (docs/product-rules.md#consent, "The notices"), worded for the consent policy
 * in force: under opt-out the site shares browsing data with advertising partners until the visitor opts out, so
 * it says so and links the notice at collection; under opt-in nothing is shared without consent.
 */
export function PrivacySentence({ policy = readConsentPolicy() }: { policy?: ConsentPolicy }) {
  return (
    <SmallPrint className="full" data-privacy-sentence={policy}>
      {policy === "opt-out" ? (
        <>
          We use your details to answer this request. This site shares browsing data with advertising partners, which may be a sale or
          sharing under California law, until you opt out with “Do Not Sell or Share My Personal Information”. See our{" "}
          <a href={NOTICE_AT_COLLECTION_PATH}>notice at collection</a>.
        </>
      ) : (
        <>
          We use your details to answer this request. Advertising partners get browsing data from this site only if you accept advertising
          cookies. See our <a href={PRIVACY_PATH}>privacy notice</a>.
        </>
      )}
    </SmallPrint>
  );
}
