import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { handleFile } from "../../server/handlers";

/** GET /api/hubspot/file?id=… serves a file uploaded through uploadFile. */
export default function file(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse) {
  return handleFile(req, res);
}
