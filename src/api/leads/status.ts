import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { handleLeadsStatus } from "../../server/lead-status";

/** GET /api/leads/status (bearer LEADS_STATUS_TOKEN): counts and ages of pending leads; logic in src/server/lead-status.ts. */
export default function status(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse) {
  return handleLeadsStatus(req, res);
}
