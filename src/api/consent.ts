import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { handleConsent } from "../server/consent-records";
import { RAW_BODY_CONFIG } from "../server/http";

/** POST /api/consent: proof of consent (docs/lead-forms.md "Proof of consent"); logic in src/server/consent-records.ts. */
export default function consent(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse) {
  return handleConsent(req, res);
}

// Destructured on purpose (see src/api/hubspot/submitForm.ts): our own body reading, no Gatsby parser (text/plain included).
export const { config } = { config: RAW_BODY_CONFIG };
