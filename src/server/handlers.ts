/**
 * The lead-form functions' logic, independent of Gatsby (the files in src/api are thin wrappers):
 * submitForm, uploadFile and file. Dependencies are passed in so tests can call them directly.
 */
import { readServerConfig, type ServerConfig } from "../config";
import type { LeadFormDefinition } from "../lib/lead-form/types";
import { formsDir, loadFormDefinitions, SOURCED_FORMS_FILE } from "./form-definitions";
import { deliverToHubSpot } from "./hubspot";
import { guard, HttpError, readJson, sendOk, type JsonResponse, type Request } from "./http";
import { appendToOutbox, deliverOnce } from "./outbox";
import { createRateLimit, protect, type RateLimit } from "./protect";
import { acceptUpload, fileUrl, readStoredFile, UPLOAD_BODY_LIMIT_BYTES } from "./uploads";
import { SUBMISSION_LIMIT_BYTES, validateSubmission } from "./validate-submission";

export interface RateLimits {
  submitForm: RateLimit;
  uploadFile: RateLimit;
}

export interface Deps {
  config: ServerConfig;
  forms: ReadonlyMap<string, LeadFormDefinition>;
  fetch: typeof fetch;
  /** Per-IP limits; they keep their counters, so one set lives as long as the process. */
  rateLimits: RateLimits;
}

export function createRateLimits({ rateLimit, rateWindowSeconds }: ServerConfig["protection"]): RateLimits {
  return {
    submitForm: createRateLimit("submitForm", rateLimit, rateWindowSeconds),
    uploadFile: createRateLimit("uploadFile", rateLimit, rateWindowSeconds),
  };
}

/**
 * The process's limits live on globalThis, not in this module: `gatsby serve` re-requires a function's
 * bundle on every request (it deletes it from require.cache), which would start every request with
 * fresh counters and so never limit anything. Keyed by the settings, so a changed config gets new ones.
 */
const RATE_LIMITS = Symbol.for("northdesk.lead-functions.rate-limits");
const registry = globalThis as typeof globalThis & { [RATE_LIMITS]?: Map<string, RateLimits> };

export function processRateLimits(protection: ServerConfig["protection"]): RateLimits {
  const key = `${protection.rateLimit}/${protection.rateWindowSeconds}`;
  const limits = (registry[RATE_LIMITS] ??= new Map());
  let found = limits.get(key);
  if (!found) limits.set(key, (found = createRateLimits(protection)));
  return found;
}

export function defaultDeps(): Deps {
  const config = readServerConfig();
  return {
    config,
    forms: loadFormDefinitions(formsDir(config.contentDir), SOURCED_FORMS_FILE),
    fetch: globalThis.fetch,
    rateLimits: processRateLimits(config.protection),
  };
}

/**
 * POST /api/hubspot/submitForm. An accepted lead is first written to the outbox (fsync), then, with
 * HubSpot configured, delivered at once; a HubSpot failure leaves it in the outbox for `leads:flush`.
 * Either way the visitor gets success: the lead is kept.
 */
export async function handleSubmitForm(req: Request, res: JsonResponse, deps: Deps = defaultDeps()) {
  await guard(res, async () => {
    await protect(req, { config: deps.config.protection, rateLimit: deps.rateLimits.submitForm });
    const body = await readJson(req, SUBMISSION_LIMIT_BYTES);
    const { form, submission } = validateSubmission(body, deps.forms);
    const record = appendToOutbox(deps.config.leadsDir, submission);
    const hubspot = deps.config.hubspot;
    let delivered = false;
    if (hubspot) {
      try {
        const outcome = await deliverOnce(deps.config.leadsDir, record, (r) =>
          deliverToHubSpot(hubspot, form, r.submission, new Date(r.receivedAt), deps.fetch),
        );
        delivered = outcome !== "busy";
      } catch (error) {
        console.error(`[lead-form] HubSpot delivery failed, kept in the outbox as ${record.id}: ${(error as Error).message}`);
      }
    }
    sendOk(res, { id: record.id, delivered });
  });
}

/** POST /api/hubspot/uploadFile: {file: dataURL, filename} → {success, fileUrl}. */
export async function handleUploadFile(req: Request, res: JsonResponse, deps: Pick<Deps, "config" | "rateLimits"> = defaultDeps()) {
  await guard(res, async () => {
    await protect(req, { config: deps.config.protection, rateLimit: deps.rateLimits.uploadFile });
    const body = await readJson(req, UPLOAD_BODY_LIMIT_BYTES);
    const stored = acceptUpload(deps.config.leadsDir, body);
    sendOk(res, { fileUrl: fileUrl(deps.config.siteUrl, stored.id) });
  });
}

/** GET /api/hubspot/file?id=…: an uploaded file, by its unguessable id. */
export async function handleFile(
  req: Request,
  res: JsonResponse & { send(body: unknown): void },
  deps: Pick<Deps, "config"> = defaultDeps(),
) {
  await guard(res, async () => {
    if (req.method !== "GET" && req.method !== "HEAD") throw new HttpError(405, "Method not allowed: use GET");
    const found = readStoredFile(deps.config.leadsDir, req.query?.id);
    if (!found) throw new HttpError(404, "File not found");
    res.setHeader("Content-Type", found.meta.mime);
    res.setHeader("Content-Length", found.bytes.length);
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Content-Security-Policy", "default-src 'none'; sandbox");
    res.setHeader("Cache-Control", "private, max-age=3600");
    res.setHeader("Content-Disposition", `inline; filename="${found.meta.filename.replace(/"/g, "")}"`);
    (res.status(200) as JsonResponse & { send(body: unknown): void }).send(found.bytes);
  });
}
