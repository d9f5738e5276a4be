import { allFields, CONSENT_TO_PROCESS_TEXT, consentName, consentTextName } from "./rules";
import type { LeadFormDefinition, LeadFormField, LeadSubmission } from "./types";

/** Plain text of a small HTML snippet (consent labels are HTML; HubSpot wants the text). */
export const htmlToText = (html: string | null | undefined) =>
  (html ?? "")
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/\s+/g, " ")
    .trim();

/** docs/product-rules.md#lead-form-definition: defaultValues are joined with semicolons; otherwise defaultValue. */
function defaultValueOf(field: LeadFormField): string {
  if (field.defaultValues?.length) return field.defaultValues.join(";");
  return field.defaultValue ?? "";
}

/** docs/product-rules.md#lead-form-flow: a hidden field takes its value from a same-named URL query parameter when present. */
export function initialValues(form: LeadFormDefinition, search = ""): Record<string, string> {
  const params = new URLSearchParams(search);
  const values: Record<string, string> = {};
  for (const field of allFields(form)) {
    const fromUrl = field.hidden ? params.get(field.name) : null;
    values[field.name] = fromUrl ?? defaultValueOf(field);
  }
  return values;
}

export interface SubmissionContext {
  hubspotutk: string;
  pageUri: string;
  pageName: string;
  ipAddress: string;
}

/**
 * docs/product-rules.md#lead-form-definition payload: formId, hubspotutk, pageUri, pageName, ipAddress and every field by name, plus
 * the consent values legal--{id} ("true"/"false"), legal--{id}__TEXT and legal--consentToProcess__TEXT.
 */
export function buildPayload(
  form: LeadFormDefinition,
  values: Readonly<Record<string, string>>,
  consent: ReadonlySet<number>,
  context: SubmissionContext,
): LeadSubmission {
  const payload: LeadSubmission = { formId: form.alternative_id, ...context };
  for (const field of allFields(form)) payload[field.name] = values[field.name] ?? "";
  const legal = form.legalConsentOptions;
  if (legal) {
    for (const box of legal.communicationsCheckboxes ?? []) {
      payload[consentName(box.subscriptionTypeId)] = consent.has(box.subscriptionTypeId) ? "true" : "false";
      payload[consentTextName(box.subscriptionTypeId)] = htmlToText(box.label);
    }
    payload[CONSENT_TO_PROCESS_TEXT] = htmlToText(legal.consentToProcessText);
  }
  return payload;
}
