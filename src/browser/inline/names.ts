/**
 * The names the bootstrap (bootstrap.ts) shares with other code, from their modules: its `BOOTSTRAP.*`
 * constants. src/node/bundling/inline-scripts.ts reads this module (compiled: build code does not import the
 * browser's) and defines each name, rather than the bootstrap importing it: esbuild keeps an imported constant
 * as a variable of its own, and would bring along the rest of its module (React with the template's id, the
 * disclosures' selectors).
 */
import { DEFERRED_SCRIPTS_ID } from "../../lib/app-scripts-slice";
import { CONSENT_COOKIE } from "../../lib/consent-model";
import { DISCLOSURE_ATTR } from "../early/disclosures";
import { EARLY_GLOBAL, RELEASE_GLOBAL, START_GLOBAL } from "../../lib/handover";
import { CONSENT_ACTION_ATTR, CONSENT_ASK_ATTR, CONSENT_ASK_KEY, RELEASE_AFTER_MS } from "./contract";

export const NAMES = {
  START_GLOBAL,
  RELEASE_GLOBAL,
  EARLY_GLOBAL,
  CONSENT_ASK_ATTR,
  CONSENT_ASK_KEY,
  CONSENT_ACTION_ATTR,
  RELEASE_AFTER_MS,
  CONSENT_COOKIE,
  DEFERRED_SCRIPTS_ID,
  DISCLOSURE_ATTR,
} as const;
