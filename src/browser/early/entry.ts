/**
 * The early script's bundle entry (built by src/node/bundling/early-script.ts, inserted by the page's bootstrap,
 * src/ssr/early-bootstrap.ts): with personalization configured, the page's profile request
 * (PERSONALIZATION_SDK is a build constant: without it the module is left out); attribution and link
 * decoration, the page view of a visitor who leaves before the app starts, the header's disclosures, the
 * moment Gatsby's app scripts start, then the input the bootstrap held while this script was on its way.
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

// The profile request first: it only starts a fetch, and its answer has SWAP_LIMIT_MS from the first paint to arrive.
if (PERSONALIZATION_SDK) {
  const settings = readPersonalizationSettings();
  if (settings) startEarlyPersonalization(window, settings);
}
startEarly(window);
installPageView(window, { host: normalizeHost(siteHosts.marketing), beacon: readAnalyticsBeacon() });
installDisclosures(document);
scheduleAppStart(window);
releaseHeldInput(window);
