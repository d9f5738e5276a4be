// The head's pre-paint script: a returning visitor's stored selection shown in each personalized slot as it
// is parsed (docs/page-load.md#personalization-in-the-first-second).
import { applySelection, readStoredExperiences } from "../../personalization/stored-selection";
import { grantedInCookieText, type ConsentPolicy } from "../../lib/consent-model";

/** The build's consent policy and what a current choice's cookie holds (src/node/bundling/inline-scripts.ts). */
declare const PRE_PAINT_POLICY: ConsentPolicy;
declare const PRE_PAINT_CONSENT_MARKER: string;

try {
  const selected = grantedInCookieText(document.cookie, "preferences", PRE_PAINT_POLICY, PRE_PAINT_CONSENT_MARKER)
    ? readStoredExperiences(localStorage)
    : [];
  if (selected.length) {
    const apply = () => applySelection(document, selected);
    const observer = new MutationObserver(apply);
    observer.observe(document, { childList: true, subtree: true });
    document.addEventListener("DOMContentLoaded", () => {
      apply();
      observer.disconnect();
    });
  }
} catch {
  // storage unavailable (a privacy setting throws on `localStorage`): the slots show the baseline
}
