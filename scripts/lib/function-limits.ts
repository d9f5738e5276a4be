/**
 * What each function route of the local server takes, and the pace its clients must keep: the numbers and
 * why (docs/local-server.md "Limits"). Enforced by scripts/lib/site-server.ts with scripts/lib/client-limits.ts.
 */
import { CONSENT_BODY_LIMIT_BYTES } from "../../src/server/consent-records";
import { CSP_REPORT_BODY_LIMIT_BYTES } from "../../src/server/csp-report";
import { UPLOAD_BODY_LIMIT_BYTES } from "../../src/server/uploads";
import { SUBMISSION_LIMIT_BYTES } from "../../src/server/validate-submission";
import type { BodyPace, RateAllowance } from "./client-limits";

/**
 * What a function route takes, all judged from the request's headers before any body is read: the largest
 * body (0: none); how many of its requests run at once from all clients (`concurrent`), from one client (an
 * IPv4 address, an IPv6 /64; default: `concurrent`) and from one network (an IPv4 /24, an IPv6 /48; default:
 * `concurrent`); how long the whole request may take, body and answer (`deadlineMs`; default: TIMEOUTS.requestMs);
 * and how many one client may start per rate window (`"leads"`: LEAD_RATE_LIMIT per LEAD_RATE_WINDOW_SECONDS;
 * `"consent"`: CONSENT_RATE_LIMIT per CONSENT_RATE_WINDOW_SECONDS; 0 switching either off; default: none).
 */
export interface FunctionLimits {
  bodyLimit: number;
  concurrent: number;
  perClient?: number;
  perNetwork?: number;
  deadlineMs?: number;
  rate?: "leads" | "consent" | RateAllowance;
}

/**
 * Only POSTs to these read a body, each at most what the function itself reads. No network holds more than an
 * eighth of a route (a sixteenth of submitForm), so closing one takes clients in 8 networks or more. The caps
 * bound memory: a slow submission holds at most 64 KB (256 × 64 KB = 16 MB), an upload its body (16 × 13.4 MB
 * at worst), a file answer its file (32 × 10 MB at worst). One address may hold 8 submissions (an office),
 * 2 uploads (two file fields) and 2 file reads. The file endpoint (HubSpot fetches each upload) allows 120 a minute.
 */
export const FUNCTION_LIMITS: Record<string, FunctionLimits> = {
  "hubspot/submitForm": {
    bodyLimit: SUBMISSION_LIMIT_BYTES,
    concurrent: 256,
    perClient: 8,
    perNetwork: 16,
    deadlineMs: 30_000,
    rate: "leads",
  },
  "hubspot/uploadFile": { bodyLimit: UPLOAD_BODY_LIMIT_BYTES, concurrent: 16, perClient: 2, perNetwork: 2, rate: "leads" },
  "hubspot/file": {
    bodyLimit: 0,
    concurrent: 32,
    perClient: 2,
    perNetwork: 4,
    deadlineMs: 60_000,
    rate: { points: 120, windowSeconds: 60 },
  },
  // proof of consent (docs/lead-forms.md): tiny bodies, generous for an office behind one address
  consent: { bodyLimit: CONSENT_BODY_LIMIT_BYTES, concurrent: 128, perClient: 8, perNetwork: 16, deadlineMs: 30_000, rate: "consent" },
  // violation reports (docs/security.md#reports): the function limits each address's rate itself
  "csp-report": { bodyLimit: CSP_REPORT_BODY_LIMIT_BYTES, concurrent: 64, perClient: 4, perNetwork: 8, deadlineMs: 30_000 },
};
export const DEFAULT_LIMITS: FunctionLimits = { bodyLimit: 0, concurrent: 16, perClient: 2, perNetwork: 2 };

/**
 * The pace a body must keep once it is asked for, and a reader once its answer has started: after a grace of
 * 10 s, every 20 s must move 500 KB (25 KB/s, 200 kbit/s) or the rest of it; a body behind is cut with 408,
 * a reader dropped. A phone uploading the largest file (13.4 MB as base64 JSON) at 1.6 Mbit/s moves 4 MB in
 * 20 s and may stall 17 s of any 20; a trickle after a fast start falls behind within one window.
 */
export const BODY_PACE: BodyPace = { bytesPerSecond: 25 * 1024, graceMs: 10_000, windowMs: 20_000 };
