/**
 * The early script's bundle entry (built by src/node/bundling/early-script.ts, inserted by the page's bootstrap,
 * src/ssr/early-bootstrap.ts): the consent face first (docs/product-rules.md#consent: everything after it asks
 * it); with personalization configured and `preferences` granted, the page's profile request
 * (PERSONALIZATION_SDK is a build constant: without it the module is left out); attribution and link
 * decoration (held in memory until `analytics` is granted), the page view of a visitor who leaves before the
 * app starts, the banner's buttons, the header's disclosures, the moment Gatsby's app scripts start, then the
 * input the bootstrap held while this script was on its way.
 */
import { releaseHeldInput, startEarly } from "./early";
import { installDisclosures } from "./disclosures";
import { scheduleAppStart } from "./app-start";
import { startEarlyPersonalization } from "./personalization";
import { install as installPageView } from "../early-page-view";
import { siteHosts } from "../hosts";
import { normalizeHost } from "../../lib/host-names";
import { readAnalyticsBeacon } from "../../config/analytics";
import { readPersonalizationSettings } from "../../config/third-party";
import { readConsentPolicy, usesBuiltInBanner } from "../../config/consent";
import { installConsent } from "../../consent/face";
import { postConsentProof } from "../../consent/proof";
import { releaseAttribution } from "../../consent/attribution-hold";
import { installBannerActions } from "../../consent/banner-actions";

const consent = installConsent(window, { policy: readConsentPolicy(), onRecord: postConsentProof });
// The profile request next: it only starts a fetch, and its answer has SWAP_LIMIT_MS from the first paint to arrive.
if (PERSONALIZATION_SDK && consent.granted("preferences")) {
  const settings = readPersonalizationSettings();
  if (settings) startEarlyPersonalization(window, settings);
}
startEarly(window, consent.state);
consent.subscribe(({ state }) => state.granted.analytics && releaseAttribution(window, window.location.hostname, state));
installPageView(window, {
  host: normalizeHost(siteHosts.marketing),
  beacon: readAnalyticsBeacon(),
  granted: () => consent.granted("analytics"),
});
if (usesBuiltInBanner()) {
  // The bootstrap's parse-time check looked only for a current record's marker: the model's full rule decides.
  if (consent.state().pending) document.documentElement.setAttribute("data-consent", "ask");
  installBannerActions(document, consent);
}
installDisclosures(document);
scheduleAppStart(window);
releaseHeldInput(window);
