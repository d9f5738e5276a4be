/**
 * Server-side check of a submission against its form definition (ARCHITECTURE.md 5): known form,
 * known field names, string values, required fields, the email rule, options, consent.
 */
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

export function validateSubmission(body: unknown, forms: ReadonlyMap<string, LeadFormDefinition>): AcceptedSubmission {
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

  for (const field of fields) {
    const value = submission[field.name];
    if (field.fieldType === "file" && value !== "" && !/^(https?:\/\/[^\s]+|\/api\/hubspot\/file\?id=[\w-]+)$/.test(value))
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
