import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { readServerConfig } from "../../config";
import { checkStatusTokenAtStart, handleLeadsStatus } from "../../server/lead-status";

// A weak LEADS_STATUS_TOKEN is named in the log as the function loads; every request then gets 503.
checkStatusTokenAtStart(readServerConfig().leadsStatusToken);

/** GET /api/leads/status (bearer LEADS_STATUS_TOKEN): counts and ages of pending leads; logic in src/server/lead-status.ts. */
export default function status(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse) {
  return handleLeadsStatus(req, res);
}
