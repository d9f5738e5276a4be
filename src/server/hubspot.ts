/**
 * Delivery to HubSpot's forms submission API (secure endpoint, bearer token), with the context checked
 * (./submission-context.ts):
 * POST {apiUrl}/submissions/v3/integration/secure/submit/{portalId}/{formGuid}
 * with fields [{objectTypeId, name, value}], context {hutk, pageUri, pageName, ipAddress} and
 * legalConsentOptions.consent when the form has consent options.
 */
import { readSiteHosts, type HubSpotConfig } from "../config";
import { htmlToText } from "../lib/lead-form/payload";
import { allFields, consentName } from "../lib/lead-form/rules";
import type { LeadFormDefinition, LeadSubmission } from "../lib/lead-form/types";
import { withCheckedContext } from "./submission-context";

/** The site whose hosts a pageUri may name when the configuration does not say (tests' hand-made configs). */
const DEFAULT_SITE_URL = "https://www.northdesk.com";

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
 * A delivery that failed. `inDoubt`: the request may have reached HubSpot and no answer was seen (a
 * timeout, a connection lost after sending): the lead may be in the CRM, so it is settled by asking
 * (findSubmission) before it is sent again. An answer, or a connection never made, is a definite failure.
 */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly inDoubt: boolean,
    /** HubSpot's HTTP status, when it answered. */
    readonly status?: number,
  ) {
    super(message);
  }
}

/** HubSpot refused the access token (401) or its scopes (403): every send fails the same way until someone fixes it. */
export const isAuthRefusal = (error: unknown): error is DeliveryError =>
  error instanceof DeliveryError && (error.status === 401 || error.status === 403);

const NEVER_SENT = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "UND_ERR_CONNECT_TIMEOUT"]);

/** Sends one submission; throws DeliveryError on a non-2xx answer, a network error or the timeout. */
export async function deliverToHubSpot(
  config: HubSpotConfig,
  form: LeadFormDefinition,
  submission: LeadSubmission,
  submittedAt: Date,
  fetcher: typeof fetch = fetch,
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
    const detail = (await response.text().catch(() => "")).slice(0, 300);
    throw new DeliveryError(`HubSpot answered ${response.status}${detail ? `: ${detail}` : ""}`, false, response.status);
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
