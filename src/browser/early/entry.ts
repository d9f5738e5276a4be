// The early script's entry: the consent face first (everything after it asks it), then the rest in the order
// docs/page-load.md#the-first-second gives.
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
