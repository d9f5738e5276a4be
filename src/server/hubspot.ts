/**
 * Delivery to HubSpot's forms submission API (secure endpoint, bearer token):
 * POST {apiUrl}/submissions/v3/integration/secure/submit/{portalId}/{formGuid}
 * with fields [{objectTypeId, name, value}], context {hutk, pageUri, pageName, ipAddress} and
 * legalConsentOptions.consent when the form has consent options.
 */
import type { HubSpotConfig } from "../config";
import { allFields, CONSENT_TO_PROCESS_TEXT, consentName, consentTextName } from "../lib/lead-form/rules";
import type { LeadFormDefinition, LeadSubmission } from "../lib/lead-form/types";

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
        text: submission[CONSENT_TO_PROCESS_TEXT] ?? "",
        communications: (legal.communicationsCheckboxes ?? []).map((c) => ({
          value: submission[consentName(c.subscriptionTypeId)] === "true",
          subscriptionTypeId: c.subscriptionTypeId,
          text: submission[consentTextName(c.subscriptionTypeId)] ?? "",
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

/** Sends one submission; throws on a non-2xx answer, a network error or the timeout. */
export async function deliverToHubSpot(
  config: HubSpotConfig,
  form: LeadFormDefinition,
  submission: LeadSubmission,
  submittedAt: Date,
  fetcher: typeof fetch = fetch,
): Promise<void> {
  const response = await fetcher(submissionUrl(config, form), {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${config.accessToken}` },
    body: JSON.stringify(toHubSpotSubmission(form, submission, submittedAt)),
    signal: AbortSignal.timeout(config.timeoutMs),
  });
  if (!response.ok) {
    const detail = (await response.text().catch(() => "")).slice(0, 300);
    throw new Error(`HubSpot answered ${response.status}${detail ? `: ${detail}` : ""}`);
  }
}
