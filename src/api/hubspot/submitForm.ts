import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { handleSubmitForm } from "../../server/handlers";
import { RAW_BODY_CONFIG } from "../../server/http";

/** POST /api/hubspot/submitForm (docs/product-rules.md#lead-form-calls); logic in src/server/handlers.ts. */
export default function submitForm(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse) {
  return handleSubmitForm(req, res);
}

// Destructured on purpose: Gatsby's query extraction treats a plain `export const config` in any src file as
// a page config and then builds (and here fails to validate) rendering engines the static site does not need.
export const { config } = { config: RAW_BODY_CONFIG };
