/**
 * The lead-form functions' logic, independent of Gatsby (the files in src/api are thin wrappers):
 * submitForm, uploadFile and file. Dependencies are passed in so tests can call them directly.
 */
import { readServerConfig, type ServerConfig } from "../config";
import type { LeadFormDefinition } from "../lib/lead-form/types";
import { bundledForms } from "./form-definitions";
import { answerReason, deliverToHubSpot, outcomeOf, type DeliveryError } from "./hubspot";
import { htmlToText } from "../lib/lead-form/payload";
import { sentFragment, successText } from "../lib/lead-form/rules";
import {
  assertUtf8Body,
  guard,
  HttpError,
  isFormPost,
  isUtf8Body,
  logUnexpected,
  readFormEncoded,
  readJson,
  sendOk,
  type JsonResponse,
  type Request,
} from "./http";
import { requestCookie, returnPath, submissionFromForm } from "./native-form/parse";
import { marketingGranted } from "./consent-gate";
import { problemsOf } from "./native-form/rules";
import { ANSWER_PAGE_HEADERS, renderFormWithProblems, renderMessage } from "./native-form/view";
import { clientIp, createRateLimit, protect, type RateLimit } from "./protect";
import { storeFor, type LeadStore } from "./store";
import { fileUrl, isFileId, parseUpload, referencedFileIds, UPLOAD_BODY_LIMIT_BYTES } from "./uploads";
import { SUBMISSION_LIMIT_BYTES, validateSubmission, withServerTruth } from "./validate-submission";

export interface RateLimits {
  submitForm: RateLimit;
  uploadFile: RateLimit;
}

export interface Deps {
  config: ServerConfig;
  forms: ReadonlyMap<string, LeadFormDefinition>;
  fetch: typeof fetch;
  store: LeadStore;
  /** Per-IP limits; they keep their counters, so one set lives as long as the process. */
  rateLimits: RateLimits;
}

/** Limits counted in this process's memory (the file store: one local server). */
export function createRateLimits({ rateLimit, rateWindowSeconds }: ServerConfig["protection"]): RateLimits {
  return {
    submitForm: createRateLimit("submitForm", rateLimit, rateWindowSeconds),
    uploadFile: createRateLimit("uploadFile", rateLimit, rateWindowSeconds),
  };
}

/**
 * The process's limits live on globalThis, not in this module: `gatsby serve` re-requires a function's bundle
 * on every request, which would start every request with fresh counters and so never limit anything.
 */
const RATE_LIMITS = Symbol.for("northdesk.lead-functions.rate-limits");
const registry = globalThis as typeof globalThis & { [RATE_LIMITS]?: Map<string, RateLimits> };

export function processRateLimits(protection: ServerConfig["protection"], store?: LeadStore): RateLimits {
  const key = `${store?.kind ?? "file"}/${protection.rateLimit}/${protection.rateWindowSeconds}`;
  const limits = (registry[RATE_LIMITS] ??= new Map());
  let found = limits.get(key);
  if (!found) {
    const { rateLimit, rateWindowSeconds } = protection;
    found =
      store?.kind === "postgres"
        ? {
            submitForm: store.rateLimit("submitForm", rateLimit, rateWindowSeconds),
            uploadFile: store.rateLimit("uploadFile", rateLimit, rateWindowSeconds),
          }
        : createRateLimits(protection);
    limits.set(key, found);
  }
  return found;
}

/** The production dependencies: forms compiled into the bundle, the configured store. Throws 503 without a usable store. */
export function defaultDeps(): Deps {
  const config = readServerConfig();
  const store = storeFor(config);
  return {
    config,
    // a getter: the bundle's forms are only read by a handler that validates a submission
    get forms() {
      return bundledForms();
    },
    fetch: globalThis.fetch,
    store,
    rateLimits: processRateLimits(config.protection, store),
  };
}

const clientKey = (req: Request, config: ServerConfig) => clientIp(req, config.protection.trustedProxyHops, config.protection.hostIpHeader);

/** A response a browser navigates to: the native form post's answers are pages and redirects, not JSON. */
export type PageResponse = JsonResponse & { end(body?: unknown): void };

/** POST /api/hubspot/submitForm. See docs/product-rules.md#lead-form-calls. */
export async function handleSubmitForm(req: Request, res: PageResponse, given?: Deps) {
  // a body in another charset is refused as JSON, however it was posted: no page of ours sends one
  if (!isUtf8Body(req)) return guard(res, async () => assertUtf8Body(req));
  if (isFormPost(req)) return handleNativeSubmit(req, res, given);
  await guard(res, async () => {
    const deps = given ?? defaultDeps();
    await protect(req, { config: deps.config.protection, rateLimit: deps.rateLimits.submitForm });
    const body = await readJson(req, SUBMISSION_LIMIT_BYTES);
    const record = await acceptLead(deps, body, clientKey(req, deps.config), marketingGranted(req));
    sendOk(res, record);
  });
}

/** Validates (validateSubmission), stores and, with HubSpot configured, delivers one submission: the one path both kinds of post take. */
async function acceptLead(
  deps: Deps,
  body: unknown,
  clientAddress: string,
  marketing: boolean,
): Promise<{ id: string; delivered: boolean }> {
  const { form, submission: sent } = validateSubmission(body, deps.forms, { siteUrl: deps.config.siteUrl });
  const submission = withServerTruth(form, sent, clientAddress);
  // Without `marketing` consent HubSpot is told neither the visitor's token nor address (src/server/consent-gate.ts).
  if (!marketing) Object.assign(submission, { hubspotutk: "", ipAddress: "" });
  const fileIds = referencedFileIds(submission);
  for (const id of fileIds) {
    if (!(await deps.store.uploads.hasFile(id))) throw new HttpError(422, "The attached file is no longer available: upload it again");
  }
  const record = await deps.store.queue.accept(submission, form, fileIds);
  const hubspot = deps.config.hubspot;
  let delivered = false;
  if (hubspot) {
    try {
      const outcome = await deps.store.queue.deliver(record, (r) =>
        deliverToHubSpot(hubspot, r.form ?? form, r.submission, new Date(r.receivedAt), deps.fetch),
      );
      delivered = outcome !== "busy";
    } catch (error) {
      if (outcomeOf(error) === "refused") {
        // HubSpot refused the visitor's own values: the store set the lead aside for the operator (never lost); the
        // visitor, who is still here, is told HubSpot's reason to correct it (docs/lead-forms.md "Outcomes")
        console.error(`[lead-form] HubSpot refused ${record.id} (${(error as Error).message}): set aside, the visitor told`);
        const reason = answerReason((error as DeliveryError).answer);
        const said = (reason ?? "Our CRM did not accept one of the values").replace(/[.\s]+$/, "");
        throw new HttpError(422, `${said}. Please correct it and send the form again.`);
      }
      console.error(`[lead-form] HubSpot delivery failed, kept as ${record.id} for the next flush: ${(error as Error).message}`);
      if (outcomeOf(error) === "systemic") {
        // about the form or the account: the status function answers 503 from now, not from the next flush
        const { status, errorTypes } = error as DeliveryError;
        await deps.store.queue
          .setSystemic({
            at: new Date().toISOString(),
            status: status ?? null,
            errorTypes: [...errorTypes],
            leadId: record.id,
            formId: record.formId,
          })
          .catch((failure: unknown) => console.error(`[lead-form] recording the systemic answer failed: ${(failure as Error).message}`));
      }
    }
  }
  return { id: record.id, delivered };
}

/** A native post of the lead form (progressive enhancement: JavaScript off, or the form's script not loaded). */
async function handleNativeSubmit(req: Request, res: PageResponse, given?: Deps) {
  const referer = req.headers.referer;
  const answer = (status: number, html: string, headers: Record<string, string> = {}) => {
    for (const [name, value] of Object.entries({ ...ANSWER_PAGE_HEADERS, ...headers })) res.setHeader(name, value);
    res.status(status);
    res.end(html);
  };
  let posted: Record<string, string> | undefined;
  let submission: Record<string, string> | undefined;
  try {
    const deps = given ?? defaultDeps();
    await protect(req, { config: deps.config.protection, rateLimit: deps.rateLimits.submitForm });
    posted = await readFormEncoded(req, SUBMISSION_LIMIT_BYTES);
    const form = deps.forms.get(posted.formId ?? "");
    submission = submissionFromForm(posted, form, {
      hubspotutk: requestCookie(req, "hubspotutk"),
      pageUri: typeof referer === "string" && returnPath([referer], req) ? referer : undefined,
      ipAddress: clientKey(req, deps.config),
    });
    try {
      await acceptLead(deps, submission, clientKey(req, deps.config), marketingGranted(req));
    } catch (error) {
      if (!(error instanceof HttpError) || error.status !== 422 || !form) throw error;
      const back = returnPath([submission.pageUri], req);
      return answer(422, renderFormWithProblems(form, submission, problemsOf(form, submission), { backTo: back, general: error.message }));
    }
    const back = returnPath([submission.pageUri], req);
    if (!back) {
      const thanks = form ? successText(form) : "Thank you!";
      return answer(200, renderMessage({ heading: "Thank you", message: htmlToText(thanks), backTo: null, alert: false }));
    }
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("Location", `${back}#${encodeURIComponent(sentFragment(submission.formId))}`);
    res.status(303);
    res.end();
  } catch (error) {
    const known = error instanceof HttpError;
    if (!known) logUnexpected(error);
    const status = known ? error.status : 500;
    const message = known ? error.message : "Something went wrong on our side. Please try again.";
    const back = returnPath([submission?.pageUri, typeof referer === "string" ? referer : undefined], req);
    answer(
      status,
      renderMessage({ heading: "Sorry, your details were not sent", message, backTo: back, alert: true }),
      known ? error.headers : {},
    );
  }
}

/** POST /api/hubspot/uploadFile: {file: dataURL, filename} → {success, fileUrl}. */
export async function handleUploadFile(req: Request, res: JsonResponse, given?: Omit<Deps, "forms" | "fetch">) {
  await guard(res, async () => {
    const deps = given ?? defaultDeps();
    await protect(req, { config: deps.config.protection, rateLimit: deps.rateLimits.uploadFile });
    const body = await readJson(req, UPLOAD_BODY_LIMIT_BYTES);
    const stored = await deps.store.uploads.saveFile(parseUpload(body), clientKey(req, deps.config));
    sendOk(res, { fileUrl: fileUrl(deps.config.siteUrl, stored.id) });
    sweepNowAndThen(deps.store);
  });
}

/**
 * Unused uploads go after a week even where no flush is scheduled (a local server without HubSpot): an
 * upload starts a sweep when the process has not swept for an hour. In the background; a failure is logged.
 */
const LAST_SWEEP = Symbol.for("northdesk.lead-functions.last-sweep");
const sweeps = globalThis as typeof globalThis & { [LAST_SWEEP]?: number };
export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export function sweepNowAndThen(store: LeadStore, now = Date.now()): Promise<number> | undefined {
  if (now - (sweeps[LAST_SWEEP] ?? 0) < SWEEP_INTERVAL_MS) return undefined;
  sweeps[LAST_SWEEP] = now;
  return store.uploads.sweepFiles().catch((error: unknown) => {
    console.error(`[lead-form] sweeping unused uploads failed: ${(error as Error).message}`);
    return 0;
  });
}

/** GET /api/hubspot/file?id=…: an uploaded file, by its unguessable id. */
export async function handleFile(req: Request, res: JsonResponse & { end(body?: unknown): void }, given?: Pick<Deps, "config" | "store">) {
  await guard(res, async () => {
    if (req.method !== "GET" && req.method !== "HEAD") throw new HttpError(405, "Method not allowed: use GET");
    const id = req.query?.id;
    const deps = given ?? defaultDeps();
    const found = isFileId(id) ? await deps.store.uploads.readFile(id) : null;
    if (!found) throw new HttpError(404, "File not found");
    res.setHeader("Content-Type", found.meta.mime);
    res.setHeader("Content-Length", found.bytes.length);
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Content-Security-Policy", "default-src 'none'; sandbox");
    res.setHeader("Cache-Control", "private, max-age=3600");
    res.setHeader("Content-Disposition", `inline; filename="${found.meta.filename.replace(/"/g, "")}"`);
    // end, not send: a host's send() may relabel a Buffer as application/octet-stream (Netlify's adapter does)
    res.status(200);
    res.end(req.method === "HEAD" ? undefined : found.bytes);
  });
}
