import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { handleCspReport } from "../server/csp-report";
import { RAW_BODY_CONFIG } from "../server/http";

/** POST /api/csp-report: the browsers' CSP violation reports (docs/security.md#reports); logic in src/server/csp-report.ts. */
export default function cspReport(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse) {
  return handleCspReport(req, res);
}

// Destructured on purpose (see src/api/hubspot/submitForm.ts): our own body reading, no Gatsby parser.
export const { config } = { config: RAW_BODY_CONFIG };
