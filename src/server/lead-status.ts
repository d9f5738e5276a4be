/**
 * GET /api/leads/status: the lead pipeline's counts and ages for an uptime monitor (docs/lead-forms.md
 * "When leads stop"). Protected by a bearer token (LEADS_STATUS_TOKEN, compared in constant time); 404 while
 * no token is set, so the function says nothing about itself until it is meant to be used. Answers 200 while
 * no lead has waited longer than LEADS_ALERT_AFTER_MINUTES, else 503, with the same JSON either way, so a
 * monitor that only looks at the status code alarms too.
 */
import crypto from "node:crypto";
import { readServerConfig, type ServerConfig } from "../config";
import { guard, HttpError, type JsonResponse, type Request } from "./http";
import { storeFor } from "./store";
import type { LeadStore, PipelineStatus } from "./store/types";

/** A shorter token is refused as misconfiguration: it could be guessed. */
export const MIN_STATUS_TOKEN_LENGTH = 16;

const sha256 = (text: string) => crypto.createHash("sha256").update(text, "utf8").digest();

/** Whether the request's `Authorization: Bearer …` is `token`; the time taken does not depend on how much matches. */
export function bearerMatches(req: Pick<Request, "headers">, token: string): boolean {
  const header = req.headers.authorization;
  const value = Array.isArray(header) ? header[0] : header;
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(value ?? "");
  // both sides hashed: equal lengths for timingSafeEqual, and the length of the token is not revealed either
  return crypto.timingSafeEqual(sha256(match?.[1] ?? ""), sha256(token)) && match !== null;
}

export interface LeadsStatusBody extends PipelineStatus {
  healthy: boolean;
  oldestPendingAgeSeconds: number | null;
  failingForSeconds: number | null;
  lastDeliveredAgeSeconds: number | null;
  alertAfterMinutes: number;
  checkedAt: string;
}

export function statusBody(status: PipelineStatus, alertAfterMinutes: number, now = Date.now()): LeadsStatusBody {
  const age = (iso: string | null) => (iso ? Math.max(0, Math.round((now - Date.parse(iso)) / 1000)) : null);
  const oldestPendingAgeSeconds = age(status.oldestPendingAt);
  return {
    // refused leads are counted (`refused`) but never unhealthy: a visitor's bad value is not an incident
    healthy: status.systemic === null && (oldestPendingAgeSeconds === null || oldestPendingAgeSeconds <= alertAfterMinutes * 60),
    ...status,
    oldestPendingAgeSeconds,
    failingForSeconds: age(status.failingSince),
    lastDeliveredAgeSeconds: age(status.lastDeliveredAt),
    alertAfterMinutes,
    checkedAt: new Date(now).toISOString(),
  };
}

export async function handleLeadsStatus(req: Request, res: JsonResponse, given?: { config: ServerConfig; store?: LeadStore }) {
  await guard(res, async () => {
    if (req.method !== "GET" && req.method !== "HEAD") throw new HttpError(405, "Method not allowed: use GET", { Allow: "GET, HEAD" });
    const config = given?.config ?? readServerConfig();
    const token = config.leadsStatusToken;
    if (!token) throw new HttpError(404, "Not found");
    if (token.length < MIN_STATUS_TOKEN_LENGTH) {
      console.error(`[leads-status] LEADS_STATUS_TOKEN is shorter than ${MIN_STATUS_TOKEN_LENGTH} characters: refusing every request`);
      throw new HttpError(503, "The status function is not configured correctly");
    }
    if (!bearerMatches(req, token)) {
      throw new HttpError(401, "Send the status token as Authorization: Bearer <token>", {
        "WWW-Authenticate": 'Bearer realm="leads-status"',
      });
    }
    // 503 on a serverless host without DATABASE_URL (storeFor)
    const store = given?.store ?? storeFor(config);
    const body = statusBody(await store.status(), config.leadsAlerts.afterMinutes);
    res.setHeader("Cache-Control", "no-store");
    res.status(body.healthy ? 200 : 503).json(body);
  });
}
