// The bootstrap's shared names, defined by src/node/bundling/inline-scripts.ts rather than imported: esbuild
// would keep an imported constant, and bring along the rest of its module.
import { DEFERRED_SCRIPTS_ID } from "../../lib/app-scripts-slice";
import { CONSENT_COOKIE } from "../../lib/consent-model";
import { DISCLOSURE_ATTR } from "../early/disclosures";
import { EARLY_GLOBAL, RELEASE_GLOBAL, START_GLOBAL } from "../../lib/handover";
import { CONSENT_ACTION_ATTR, CONSENT_ASK_ATTR, CONSENT_ASK_KEY, CONSENT_MANAGER_ID, RELEASE_AFTER_MS } from "./contract";

export const NAMES = {
  START_GLOBAL,
  RELEASE_GLOBAL,
  EARLY_GLOBAL,
  CONSENT_ASK_ATTR,
  CONSENT_ASK_KEY,
  CONSENT_ACTION_ATTR,
  CONSENT_MANAGER_ID,
  RELEASE_AFTER_MS,
  CONSENT_COOKIE,
  DEFERRED_SCRIPTS_ID,
  DISCLOSURE_ATTR,
} as const;
