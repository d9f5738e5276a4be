import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { handleUploadFile } from "../../server/handlers";
import { RAW_BODY_CONFIG } from "../../server/http";

/** POST /api/hubspot/uploadFile (SPEC 7.1); logic in src/server/handlers.ts. */
export default function uploadFile(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse) {
  return handleUploadFile(req, res);
}

export const config = RAW_BODY_CONFIG;
