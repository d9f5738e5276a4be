/** GET /api/leads/status: the lead pipeline's counts and ages for an uptime monitor (docs/lead-forms.md "When leads stop"). */
import crypto from "node:crypto";
import { readServerConfig, type ServerConfig } from "../config";
import { isStrongSecret } from "../config/kinds";
import { guard, HttpError, type JsonResponse, type Request } from "./http";
import { createRateLimit, rateKey } from "./protect";
import { storeFor } from "./store";
import type { LeadStore, PipelineStatus, RateLimit } from "./store/types";

/** Wrong tokens one address may send per window before 429. */
export const STATUS_TOKEN_TRIES = 20;
export const STATUS_TOKEN_WINDOW_SECONDS = 60;

/**
 * Why a configured token is too weak to guard the status, or null: the configuration's rule (src/config/kinds.ts
 * isStrongSecret, 128 bits), which readServerConfig already holds at start; this also covers a config built by hand.
 */
export function statusTokenProblem(token: string): string | null {
  if (!isStrongSecret(token)) {
    return "LEADS_STATUS_TOKEN is too weak: it needs at least 128 bits (32 hex or 22 base64url characters, random; `openssl rand -hex 24` makes one). The status function refuses every request until it is replaced.";
  }
  return null;
}

/** Logged once when the function loads (src/api/leads/status.ts) with a weak token set; the handler answers 503. */
export function checkStatusTokenAtStart(token: string | undefined, log: (line: string) => void = console.error): boolean {
  const problem = token ? statusTokenProblem(token) : null;
  if (problem) log(`[leads-status] ${problem}`);
  return problem === null;
}

/**
 * The limit on token checks, one per store for the process's life (on globalThis, as processRateLimits: a bundle
 * re-required per request must not start from fresh counters); PostgreSQL's counters are shared by every instance.
 */
const LIMITS = Symbol.for("northdesk.lead-functions.status-limits");
const registry = globalThis as typeof globalThis & { [LIMITS]?: Map<unknown, RateLimit> };
function statusLimit(store: LeadStore): RateLimit {
  const limits = (registry[LIMITS] ??= new Map());
  const key = store.kind === "postgres" ? store : "file";
  let limit = limits.get(key);
  if (!limit) {
    limit =
      store.kind === "postgres"
        ? store.rateLimit("leadsStatus", STATUS_TOKEN_TRIES, STATUS_TOKEN_WINDOW_SECONDS)
        : createRateLimit("leadsStatus", STATUS_TOKEN_TRIES, STATUS_TOKEN_WINDOW_SECONDS);
    limits.set(key, limit);
  }
  return limit;
}

/** Addresses already logged in their current window (this instance's memory: one line per window). */
const loggedUntil = new Map<string, number>();
function logLimited(address: string, retryAfter: number, now = Date.now()) {
  for (const [key, until] of loggedUntil) if (until <= now) loggedUntil.delete(key);
  if (loggedUntil.has(address)) return;
  loggedUntil.set(address, now + retryAfter * 1000);
  console.error(
    `[leads-status] more than ${STATUS_TOKEN_TRIES} wrong status tokens from ${address} within ${STATUS_TOKEN_WINDOW_SECONDS} s: answering 429 for ${retryAfter} s`,
  );
}

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
    const weak = statusTokenProblem(token);
    if (weak) {
      console.error(`[leads-status] ${weak}`);
      throw new HttpError(503, "The status function is not configured correctly");
    }
    // 503 on a serverless host without DATABASE_URL (storeFor)
    const store = given?.store ?? storeFor(config);
    // every check is charged before the comparison (a blocked address learns nothing), a right one refunded
    const limit = statusLimit(store);
    const address = rateKey(req, config.protection);
    const retryAfter = await limit(address);
    if (retryAfter !== null) {
      logLimited(address, retryAfter);
      throw new HttpError(429, `Too many wrong tokens. Try again in ${retryAfter} seconds.`, { "Retry-After": String(retryAfter) });
    }
    if (!bearerMatches(req, token)) {
      throw new HttpError(401, "Send the status token as Authorization: Bearer <token>", {
        "WWW-Authenticate": 'Bearer realm="leads-status"',
      });
    }
    await limit.refund?.(address);
    const body = statusBody(await store.queue.status(), config.leadsAlerts.afterMinutes);
    res.setHeader("Cache-Control", "no-store");
    res.status(body.healthy ? 200 : 503).json(body);
  });
}
