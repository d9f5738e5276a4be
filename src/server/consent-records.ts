/** POST /api/consent: proof of consent (docs/lead-forms.md "Proof of consent"). */
import crypto from "node:crypto";
import { z } from "zod";
import { CHOICE_METHODS, CONSENT_POLICIES, OPTIONAL_CATEGORIES, type ConsentRecord } from "../lib/consent-model";
import { readServerConfig, type ServerConfig } from "../config";
import {
  DEFAULT_CONSENT_RATE_LIMIT as CONSENT_RATE_LIMIT,
  DEFAULT_CONSENT_RATE_WINDOW_SECONDS as CONSENT_RATE_WINDOW_SECONDS,
} from "../config/defaults";
import { guard, HttpError, mediaType, readJson, type JsonResponse, type Request } from "./http";
import { createRateLimit, protect } from "./protect";
import { storeFor } from "./store";
import type { LeadStore, RateLimit, StoredConsentRecord } from "./store/types";

/** A record is about 200 bytes; 2 KB leaves room and nothing else. */
export const CONSENT_BODY_LIMIT_BYTES = 2048;
export { CONSENT_RATE_LIMIT, CONSENT_RATE_WINDOW_SECONDS };
/** A decision's time may be this far ahead of the server's clock (a visitor's clock is often off) … */
export const CONSENT_MAX_FUTURE_MS = 24 * 60 * 60 * 1000;
/** … and at most this old (a choice lives 6 months; a queued post never waits that long). */
export const CONSENT_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;

/** sha256 of a record's secret, hex: what the store keeps and compares. */
export const secretHash = (secret: string) => crypto.createHash("sha256").update(secret).digest("hex");

/** The largest version a record may name: PostgreSQL's 32-bit integer. */
export const MAX_VERSION = 2_147_483_647;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The message for a field's issue: "choices.analytics is missing" or "choices.analytics must be a boolean". */
const says =
  (path: string, what: string) =>
  (issue: { code?: string; input?: unknown; keys?: string[] }): string => {
    if (issue.code === "unrecognized_keys") return `${path} has an unknown key: ${(issue.keys ?? []).join(", ").slice(0, 100)}`;
    return issue.input === undefined ? `${path} is missing` : `${path} must be ${what}`;
  };

const choicesSchema = z.strictObject(
  Object.fromEntries(OPTIONAL_CATEGORIES.map((c) => [c, z.boolean({ error: says(`choices.${c}`, "a boolean") })])) as Record<
    (typeof OPTIONAL_CATEGORIES)[number],
    z.ZodBoolean
  >,
  { error: says("choices", "an object of three booleans") },
);

const effectiveSchema = z.strictObject(
  Object.fromEntries(OPTIONAL_CATEGORIES.map((c) => [c, z.boolean({ error: says(`effective.${c}`, "a boolean") })])) as Record<
    (typeof OPTIONAL_CATEGORIES)[number],
    z.ZodBoolean
  >,
  { error: says("effective", "an object of three booleans") },
);

/** The random secret the browser keeps beside the id in its cookie: the proof a later decision is the visitor's. */
const SECRET = /^[0-9a-f]{32}$/;

/** What a post carries: the record as kept, and the secret (only its hash is kept). */
export type ConsentPost = ConsentRecord & Pick<StoredConsentRecord, "gpc" | "effective"> & { secret?: string };

const recordSchema = z.strictObject(
  {
    id: z.string({ error: says("id", "a UUID string") }).regex(UUID, { error: "id must be a UUID" }),
    at: z.number({ error: says("at", "a number (ms since the epoch)") }).int({ error: "at must be a whole number of ms since the epoch" }),
    policy: z.enum(CONSENT_POLICIES, { error: says("policy", `one of ${CONSENT_POLICIES.join(", ")}`) }),
    version: z
      .number({ error: says("version", "a positive integer") })
      .int({ error: "version must be a positive integer" })
      .positive({ error: "version must be a positive integer" })
      // PostgreSQL's integer column: a bigger one is refused here, the same on both stores, not a 500 from the query
      .max(MAX_VERSION, { error: `version must be at most ${MAX_VERSION}` }),
    choices: choicesSchema,
    method: z.enum(CHOICE_METHODS, { error: says("method", `one of ${CHOICE_METHODS.join(", ")}`) }),
    // optional, so records from pages still in caches (the old shape) are taken as before
    gpc: z.boolean({ error: says("gpc", "a boolean") }).optional(),
    effective: effectiveSchema.optional(),
    secret: z
      .string({ error: says("secret", "32 lower-case hex characters") })
      .regex(SECRET, { error: "secret must be 32 lower-case hex characters" })
      .optional(),
  },
  { error: says("the record", "a JSON object") },
);

/** The record in a posted body, or an HttpError 400 naming the first problem. */
export function parseConsentRecord(body: unknown, now = Date.now()): ConsentPost {
  const result = recordSchema.safeParse(body);
  if (!result.success) throw new HttpError(400, result.error.issues[0]?.message ?? "The consent record is not valid");
  const record = result.data;
  if (record.at > now + CONSENT_MAX_FUTURE_MS) throw new HttpError(400, "at is more than a day in the future");
  if (record.at < now - CONSENT_MAX_AGE_MS) throw new HttpError(400, "at is more than a year old");
  const { gpc, effective, secret, ...rest } = record;
  return {
    ...rest,
    id: record.id.toLowerCase(),
    choices: { ...record.choices },
    ...(gpc === undefined ? {} : { gpc }),
    ...(effective ? { effective: { ...effective } } : {}),
    ...(secret ? { secret } : {}),
  };
}

/**
 * The body as JSON, whether sent as application/json or as text/plain (sendBeacon's text Blob): readJson (its
 * 405/413/415/400 and UTF-8 rules) reads either, a text/plain request being handed to it as JSON.
 */
async function readRecordBody(req: Request): Promise<unknown> {
  const type = mediaType(req);
  if (type === "application/json") return readJson(req, CONSENT_BODY_LIMIT_BYTES);
  if (type !== "text/plain") throw new HttpError(415, "Send the consent record as application/json or text/plain");
  const asJson: Request = {
    method: req.method,
    headers: { ...req.headers, "content-type": String(req.headers["content-type"]).replace(/^\s*text\/plain/i, "application/json") },
    body: req.body,
    [Symbol.asyncIterator]: () => req[Symbol.asyncIterator](),
  };
  return readJson(asJson, CONSENT_BODY_LIMIT_BYTES);
}

/**
 * The consent limit, one per store and setting for the process's life (on globalThis, as processRateLimits:
 * `gatsby serve` re-requires a function's bundle per request); PostgreSQL's counters are shared by every instance.
 */
const LIMITS = Symbol.for("northdesk.lead-functions.consent-limits");
const registry = globalThis as typeof globalThis & { [LIMITS]?: Map<unknown, Map<string, RateLimit>> };
export function consentRateLimit(store: LeadStore, protection: ServerConfig["protection"]): RateLimit {
  const points = protection.consentRateLimit ?? CONSENT_RATE_LIMIT;
  const windowSeconds = protection.consentRateWindowSeconds ?? CONSENT_RATE_WINDOW_SECONDS;
  const perStore = (registry[LIMITS] ??= new Map());
  const owner = store.kind === "postgres" ? store : "file";
  let limits = perStore.get(owner);
  if (!limits) perStore.set(owner, (limits = new Map()));
  const key = `${points}/${windowSeconds}`;
  let limit = limits.get(key);
  if (!limit) {
    limit =
      store.kind === "postgres" ? store.rateLimit("consent", points, windowSeconds) : createRateLimit("consent", points, windowSeconds);
    limits.set(key, limit);
  }
  return limit;
}

export interface ConsentDeps {
  config: ServerConfig;
  store: LeadStore;
  /** Default: consentRateLimit(store, config.protection). */
  rateLimit?: RateLimit;
  now?: () => number;
}

/** POST /api/consent: 201 for a new decision, 200 for one already kept; 400/403/405/413/415/429 as JSON. */
export async function handleConsent(req: Request, res: JsonResponse, given?: ConsentDeps) {
  await guard(res, async () => {
    const config = given?.config ?? readServerConfig();
    // 503 on a serverless host without DATABASE_URL (storeFor)
    const store = given?.store ?? storeFor(config);
    await protect(req, { config: config.protection, rateLimit: given?.rateLimit ?? consentRateLimit(store, config.protection) });
    const now = given?.now?.() ?? Date.now();
    const { secret, ...record } = parseConsentRecord(await readRecordBody(req), now);
    const stored: StoredConsentRecord = { ...record, receivedAt: new Date(now).toISOString() };
    // only the hash is kept: a copy of the store proves nothing about who holds the cookie
    const added = await store.consent.saveConsentRecord(stored, secret ? secretHash(secret) : undefined);
    res.setHeader("Cache-Control", "no-store");
    res.status(added ? 201 : 200).json({ success: true });
  });
}
