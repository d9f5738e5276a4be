// Server-side check of a submission against its form definition: the same rules the form applies
// (docs/architecture.md#lead-backend).
import { DEFAULT_SITE_URL } from "../config/defaults";
import { htmlToText } from "../lib/lead-form/payload";
import { allFields, CONSENT_TO_PROCESS_TEXT, consentError, consentName, consentTextName, fieldError } from "../lib/lead-form/rules";
import type { LeadFormDefinition, LeadSubmission } from "../lib/lead-form/types";
import { HttpError } from "./http";

export const SUBMISSION_LIMIT_BYTES = 64 * 1024;
const CONTEXT_KEYS = ["formId", "hubspotutk", "pageUri", "pageName", "ipAddress"] as const;
const MAX_VALUE_LENGTH = 10_000;

export interface AcceptedSubmission {
  form: LeadFormDefinition;
  submission: LeadSubmission;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The value a file field may hold: the URL uploadFile answered (absolute on this site, or root-relative). */
export const uploadUrlPattern = (siteUrl: string) =>
  new RegExp(
    `^(?:${escapeRegExp(siteUrl.replace(/\/$/, ""))})?/api/hubspot/file\\?id=[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`,
  );

export function validateSubmission(
  body: unknown,
  forms: ReadonlyMap<string, LeadFormDefinition>,
  { siteUrl = DEFAULT_SITE_URL }: { siteUrl?: string } = {},
): AcceptedSubmission {
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw new HttpError(400, "Request body must be a JSON object");
  const input = body as Record<string, unknown>;
  if (typeof input.formId !== "string" || input.formId === "") throw new HttpError(400, "formId is required");
  const form = forms.get(input.formId);
  if (!form) throw new HttpError(404, `Unknown form: ${input.formId.slice(0, 80)}`);

  const fields = allFields(form);
  const checkboxes = form.legalConsentOptions?.communicationsCheckboxes ?? [];
  const allowed = new Set<string>([
    ...CONTEXT_KEYS,
    ...fields.map((f) => f.name),
    ...checkboxes.flatMap((c) => [consentName(c.subscriptionTypeId), consentTextName(c.subscriptionTypeId)]),
    ...(form.legalConsentOptions ? [CONSENT_TO_PROCESS_TEXT] : []),
  ]);
  for (const [key, value] of Object.entries(input)) {
    if (!allowed.has(key)) throw new HttpError(400, `Unknown field: ${key.slice(0, 80)}`);
    if (typeof value !== "string") throw new HttpError(400, `Field ${key} must be a string`);
    if (value.length > MAX_VALUE_LENGTH) throw new HttpError(400, `Field ${key} is too long`);
  }

  const submission = { ...input } as LeadSubmission;
  for (const key of allowed) submission[key] ??= "";

  const uploadUrl = uploadUrlPattern(siteUrl);
  for (const field of fields) {
    const value = submission[field.name];
    if (field.fieldType === "file" && value !== "" && !uploadUrl.test(value))
      throw new HttpError(422, `${field.label}: upload the file again`);
    const problem = fieldError(field, value);
    if (problem) throw new HttpError(422, `${field.label}: ${problem}`);
  }
  const checked = new Set(
    checkboxes.filter((c) => submission[consentName(c.subscriptionTypeId)] === "true").map((c) => c.subscriptionTypeId),
  );
  const consentProblem = consentError(checkboxes, checked);
  if (consentProblem) throw new HttpError(422, consentProblem);
  return { form, submission };
}

/**
 * The submission as the server knows it: the consent texts the form defines (what the visitor was
 * shown), not the copies the client sent, and the client address of the request for HubSpot's ipAddress.
 */
export function withServerTruth(form: LeadFormDefinition, submission: LeadSubmission, clientAddress: string): LeadSubmission {
  const truth: LeadSubmission = { ...submission, ipAddress: clientAddress };
  const legal = form.legalConsentOptions;
  if (legal) {
    truth[CONSENT_TO_PROCESS_TEXT] = htmlToText(legal.consentToProcessText);
    for (const box of legal.communicationsCheckboxes ?? []) truth[consentTextName(box.subscriptionTypeId)] = htmlToText(box.label);
  }
  return truth;
}
