/**
 * The early script's bundle entry (built by src/node/early-script.ts, inserted by the page's bootstrap,
 * src/components/seo/early-bootstrap.ts): attribution and link decoration, the header's disclosures, then
 * the input the bootstrap held while this script was on its way.
 */
import { releaseHeldInput, startEarly } from "./early";
import { installDisclosures } from "./disclosures";

startEarly(window);
installDisclosures(document);
releaseHeldInput(window);
