/**
 * The early script's bundle entry (built by src/node/early-script.ts, inserted by the page's bootstrap,
 * src/components/seo/early-bootstrap.ts): attribution and link decoration, the page view of a visitor who
 * leaves before the app starts, the header's disclosures, then the input the bootstrap held while this
 * script was on its way.
 */
import { releaseHeldInput, startEarly } from "./early";
import { installDisclosures } from "./disclosures";
import { install as installPageView } from "../early-page-view";
import { siteHosts } from "../hosts";
import { normalizeHost } from "../../lib/robots";
import { readAnalyticsBeacon } from "../../config/analytics";

startEarly(window);
installPageView(window, { host: normalizeHost(siteHosts.marketing), beacon: readAnalyticsBeacon() });
installDisclosures(document);
releaseHeldInput(window);
