/**
 * The head's pre-paint script (docs/page-load.md#personalization-in-the-first-second), compiled by
 * src/node/bundling/inline-scripts.ts into one render-blocking inline script (src/ssr/personalization-head.ts):
 * a returning visitor's stored selection shown in every personalized slot as the slot is parsed. A
 * MutationObserver's callback runs before the parser yields to a paint, so the first paint already shows the
 * variant. The rules are stored-selection.ts's own (readStoredExperiences, applySelection). Does nothing
 * without a stored selection. Every byte is in the HTML of every page with a slot: keep it small.
 */
import { applySelection, readStoredExperiences } from "../../personalization/stored-selection";

try {
  const selected = readStoredExperiences(localStorage);
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
