import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { handleUploadFile } from "../../server/handlers";
import { RAW_BODY_CONFIG } from "../../server/http";

/** POST /api/hubspot/uploadFile (docs/product-rules.md#lead-form-calls); logic in src/server/handlers.ts. */
export default function uploadFile(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse) {
  return handleUploadFile(req, res);
}

// Destructured on purpose: Gatsby's query extraction treats a plain `export const config` in any src file as
// a page config and then builds (and here fails to validate) rendering engines the static site does not need.
export const { config } = { config: RAW_BODY_CONFIG };
