/**
 * The early script's bundle entry (built by src/node/early-script.ts, inserted by the page's bootstrap,
 * src/components/seo/early-bootstrap.ts): attribution and link decoration, the header's disclosures, then
 * the input the bootstrap held while this script was on its way; with personalization configured, the
 * page's profile request (PERSONALIZATION_SDK is a build constant: without it the module is left out).
 */
import { releaseHeldInput, startEarly } from "./early";
import { installDisclosures } from "./disclosures";
import { startEarlyPersonalization } from "./personalization";
import { readPersonalizationSettings } from "../../config/third-party";

startEarly(window);
installDisclosures(document);
releaseHeldInput(window);
if (PERSONALIZATION_SDK) {
  const settings = readPersonalizationSettings();
  if (settings) startEarlyPersonalization(window, settings);
}
