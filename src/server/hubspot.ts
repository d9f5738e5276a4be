// Delivery to HubSpot's forms submission API (secure endpoint, bearer token): POST
// {apiUrl}/submissions/v3/integration/secure/submit/{portalId}/{formGuid}.
import { readSiteHosts, type HubSpotConfig } from "../config";
import { DEFAULT_SITE_URL } from "../config/defaults";
import { htmlToText } from "../lib/lead-form/payload";
import { allFields, consentName } from "../lib/lead-form/rules";
import type { LeadFormDefinition, LeadSubmission } from "../lib/lead-form/types";
import { isAccountWide } from "./store/rules";
import { withCheckedContext } from "./submission-context";

export interface HubSpotSubmission {
  submittedAt: string;
  fields: { objectTypeId: string; name: string; value: string }[];
  context: { hutk?: string; pageUri?: string; pageName?: string; ipAddress?: string };
  legalConsentOptions?: {
    consent: { consentToProcess: boolean; text: string; communications: { value: boolean; subscriptionTypeId: number; text: string }[] };
  };
}

const IP = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-f:]+)$/i;

export function toHubSpotSubmission(form: LeadFormDefinition, submission: LeadSubmission, submittedAt: Date): HubSpotSubmission {
  const fields = allFields(form)
    .filter((f) => submission[f.name] !== undefined && submission[f.name] !== "")
    .map((f) => ({ objectTypeId: f.objectTypeId ?? "0-1", name: f.name, value: submission[f.name] }));
  const context: HubSpotSubmission["context"] = {};
  if (submission.hubspotutk) context.hutk = submission.hubspotutk;
  if (submission.pageUri) context.pageUri = submission.pageUri;
  if (submission.pageName) context.pageName = submission.pageName;
  if (submission.ipAddress && IP.test(submission.ipAddress)) context.ipAddress = submission.ipAddress;
  const body: HubSpotSubmission = { submittedAt: String(submittedAt.getTime()), fields, context };
  const legal = form.legalConsentOptions;
  if (legal) {
    body.legalConsentOptions = {
      consent: {
        consentToProcess: true,
        // the texts the form defines (what the visitor was shown), whatever the submission carries
        text: htmlToText(legal.consentToProcessText),
        communications: (legal.communicationsCheckboxes ?? []).map((c) => ({
          value: submission[consentName(c.subscriptionTypeId)] === "true",
          subscriptionTypeId: c.subscriptionTypeId,
          text: htmlToText(c.label),
        })),
      },
    };
  }
  return body;
}

export function submissionUrl(config: HubSpotConfig, form: LeadFormDefinition) {
  const guid = form.guid || form.alternative_id;
  return `${config.apiUrl}/submissions/v3/integration/secure/submit/${encodeURIComponent(config.portalId)}/${encodeURIComponent(guid)}`;
}

/**
 * What an attempt's answer means for its lead (docs/lead-forms.md "Outcomes"):
 * retry (transient: backed off; a 429 pauses the run), systemic (the form or the account: the run stops, an
 * alert goes out), refused (this lead's own values: set aside), unknown (an errorType on neither list: this
 * lead held back with its own backoff, alerted once per type, so one odd lead cannot hold the queue).
 */
export type AttemptOutcome = "retry" | "systemic" | "refused" | "unknown";

/**
 * HubSpot's `errors[].errorType`s of the forms submission API (v3, secure endpoint), by what they are about.
 * https://legacydocs.hubspot.com/docs/methods/forms/submit_form_v3_authentication
 * https://developers.hubspot.com/changelog/validation-change-to-the-forms-api-submission-endpoints
 */
export const REFUSED_ERROR_TYPES: ReadonlySet<string> = new Set([
  "INVALID_EMAIL",
  "BLOCKED_EMAIL",
  "INVALID_NUMBER",
  "NUMBER_OUT_OF_RANGE",
  "VALUE_NOT_IN_FIELD_DEFINITION",
  "INPUT_TOO_LARGE",
  "MAX_NUMBER_OF_SUBMITTED_VALUES_EXCEEDED",
  "INVALID_IP_ADDRESS",
  "INVALID_PAGE_URI",
  "INVALID_GOTOWEBINAR_WEBINAR_KEY",
]);
/** About the form's definition or the account: a rule changed on HubSpot's side, not something one visitor typed. */
export const SYSTEMIC_ERROR_TYPES: ReadonlySet<string> = new Set([
  "FIELD_NOT_IN_FORM_DEFINITION",
  "REQUIRED_FIELD",
  "INVALID_METADATA",
  "INVALID_LEGAL_OPTION_FORMAT",
  "MISSING_PROCESSING_CONSENT",
  "MISSING_PROCESSING_CONSENT_TEXT",
  "MISSING_COMMUNICATION_CONSENT_TEXT",
  "MISSING_LEGITIMATE_INTEREST_TEXT",
  "DUPLICATE_SUBSCRIPTION_TYPE_ID",
  "FORM_HAS_RECAPTCHA_ENABLED",
  "ERROR_415",
]);
/** Retried at once without the hutk (a stale or foreign tracking cookie must not cost the lead). */
export const INVALID_HUTK = "INVALID_HUTK";

/** An errorType as it may appear in a log line or an alert: HubSpot's upper-case names only, never free text. */
const ERROR_TYPE = /^[A-Z][A-Z0-9_]{0,63}$/;

/** The `errors[].errorType`s of an answer's body (JSON), deduplicated; [] for anything else. */
export function errorTypesOf(body: string): string[] {
  try {
    const parsed = JSON.parse(body) as { errors?: { errorType?: unknown }[] };
    const types = (Array.isArray(parsed.errors) ? parsed.errors : []).map((e) => e?.errorType);
    return [...new Set(types.filter((t): t is string => typeof t === "string" && ERROR_TYPE.test(t)))];
  } catch {
    return [];
  }
}

/** An answer's outcome from its status and errorTypes. See docs/lead-forms.md#outcomes. */
export function classifyAnswer(status: number, errorTypes: readonly string[]): AttemptOutcome {
  if (isAccountWide(status) || status >= 500 || status === 408) return "retry";
  if (status === 401 || status === 403 || status === 404) return "systemic";
  if (errorTypes.length === 0 || errorTypes.some((t) => SYSTEMIC_ERROR_TYPES.has(t))) return "systemic";
  if (errorTypes.every((t) => REFUSED_ERROR_TYPES.has(t))) return "refused";
  return "unknown";
}

/** A delivery that failed. */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly inDoubt: boolean,
    /** HubSpot's HTTP status, when it answered. */
    readonly status?: number,
    readonly outcome: AttemptOutcome = "retry",
    readonly errorTypes: readonly string[] = [],
    /** HubSpot's answer body (at most 2 KB), for the operator and the visitor; never logged. */
    readonly answer?: string,
    /** An account-wide answer's (429, 477) Retry-After, in ms. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** HubSpot refused the access token (401) or its scopes (403): every send fails the same way until someone fixes it. */
export const isAuthRefusal = (error: unknown): error is DeliveryError =>
  error instanceof DeliveryError && (error.status === 401 || error.status === 403);

/** The outcome of any error a send threw: a DeliveryError says; anything else (ours) is retried. */
export const outcomeOf = (error: unknown): AttemptOutcome => (error instanceof DeliveryError ? error.outcome : "retry");

/** HubSpot's reasons in a refused answer (`errors[].message`, else `message`), for the visitor who typed the values. */
export function answerReason(answer: string | undefined): string | undefined {
  try {
    const body = JSON.parse(answer ?? "") as { message?: unknown; errors?: { message?: unknown }[] };
    const reasons = (Array.isArray(body.errors) ? body.errors : [])
      .map((e) => e?.message)
      .filter((m): m is string => typeof m === "string");
    const text = (reasons.length ? reasons.join(" ") : typeof body.message === "string" ? body.message : "").replace(/\s+/g, " ").trim();
    return text ? text.slice(0, 300) : undefined;
  } catch {
    return undefined;
  }
}

/** Retry-After in seconds or as a date, in ms (bounded to an hour); undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - now;
  return Number.isFinite(ms) ? Math.min(3_600_000, Math.max(0, ms)) : undefined;
}

const NEVER_SENT = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "UND_ERR_CONNECT_TIMEOUT"]);

/** Sends one submission; throws DeliveryError on a non-2xx answer, a network error or the timeout. */
export async function deliverToHubSpot(
  config: HubSpotConfig,
  form: LeadFormDefinition,
  submission: LeadSubmission,
  submittedAt: Date,
  fetcher: typeof fetch = fetch,
): Promise<void> {
  try {
    await sendOnce(config, form, submission, submittedAt, fetcher);
  } catch (error) {
    if (!(error instanceof DeliveryError) || !error.errorTypes.includes(INVALID_HUTK) || !submission.hubspotutk) throw error;
    // toHubSpotSubmission leaves an empty hutk out of the context
    await sendOnce(config, form, { ...submission, hubspotutk: "" }, submittedAt, fetcher);
  }
}

async function sendOnce(
  config: HubSpotConfig,
  form: LeadFormDefinition,
  submission: LeadSubmission,
  submittedAt: Date,
  fetcher: typeof fetch,
): Promise<void> {
  let response: Response;
  try {
    response = await fetcher(submissionUrl(config, form), {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${config.accessToken}` },
      body: JSON.stringify(
        toHubSpotSubmission(form, withCheckedContext(submission, config.siteHosts ?? readSiteHosts(DEFAULT_SITE_URL)), submittedAt),
      ),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
  } catch (error) {
    const code = ((error as { cause?: { code?: string } }).cause?.code ?? "") as string;
    const timedOut = (error as Error).name === "TimeoutError";
    throw new DeliveryError(
      timedOut
        ? `HubSpot did not answer within ${config.timeoutMs} ms`
        : `HubSpot could not be reached: ${(error as Error).message}${code ? ` (${code})` : ""}`,
      !NEVER_SENT.has(code),
    );
  }
  if (!response.ok) {
    const answer = (await response.text().catch(() => "")).slice(0, 2048);
    const types = errorTypesOf(answer);
    const outcome = classifyAnswer(response.status, types);
    throw new DeliveryError(
      `HubSpot answered ${response.status}${types.length ? ` (${types.join(", ")})` : ""}`,
      false,
      response.status,
      outcome,
      types,
      answer,
      isAccountWide(response.status) ? (retryAfterMs(response.headers.get("retry-after")) ?? 10_000) : undefined,
    );
  }
}

interface SubmissionsPage {
  results?: { submittedAt?: number; values?: { name?: string; value?: string }[] }[];
  paging?: { next?: { after?: string } };
}

/**
 * Whether HubSpot has a lead whose delivery outcome is unknown: HubSpot's form submissions listing
 * (GET /form-integrations/v1/submissions/forms/{guid}, newest first) is searched for the submittedAt we
 * sent (the lead's receivedAt) and, when the lead has one, its email. "unknown" when HubSpot cannot be asked.
 */
export async function findSubmission(
  config: HubSpotConfig,
  form: LeadFormDefinition,
  record: { receivedAt: string; submission: LeadSubmission },
  fetcher: typeof fetch = fetch,
): Promise<"present" | "absent" | "unknown"> {
  const target = Date.parse(record.receivedAt);
  const email = record.submission.email?.toLowerCase();
  let after: string | undefined;
  try {
    for (let page = 0; page < 50; page++) {
      const url = new URL(
        `${config.crmApiUrl ?? config.apiUrl}/form-integrations/v1/submissions/forms/${encodeURIComponent(form.guid || form.alternative_id)}`,
      );
      url.searchParams.set("limit", "50");
      if (after) url.searchParams.set("after", after);
      const response = await fetcher(url, {
        headers: { Authorization: `Bearer ${config.accessToken}` },
        signal: AbortSignal.timeout(config.timeoutMs),
      });
      if (!response.ok) return "unknown";
      const body = (await response.json()) as SubmissionsPage;
      const results = body.results ?? [];
      for (const result of results) {
        if (result.submittedAt !== target) continue;
        const sent = result.values?.find((v) => v.name === "email")?.value?.toLowerCase();
        if (!email || sent === email) return "present";
      }
      const oldest = results.at(-1)?.submittedAt;
      after = body.paging?.next?.after;
      if (!after || results.length === 0 || (oldest !== undefined && oldest < target)) return "absent";
    }
    return "unknown";
  } catch {
    return "unknown";
  }
}
