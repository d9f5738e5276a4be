import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { handleSubmitForm } from "../../server/handlers";
import { RAW_BODY_CONFIG } from "../../server/http";

/** POST /api/hubspot/submitForm (SPEC 7.1); logic in src/server/handlers.ts. */
export default function submitForm(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse) {
  return handleSubmitForm(req, res);
}

export const config = RAW_BODY_CONFIG;
