// The HubSpot source adapter for lead forms (docs/architecture.md#data-flow): marketing forms API v3, mapped to
// our LeadForm shape so components never know which source a form came from.
import { leadFormSchema } from "../schema/lead-form-definition";
import type { LeadFormDefinition } from "../../lib/lead-form/types";

/** The subset of HubSpot's v3 form definition we read (developers.hubspot.com, marketing forms v3). */
export interface HubSpotFormOption {
  label: string;
  value: string;
  displayOrder?: number;
  description?: string;
}
export interface HubSpotField {
  objectTypeId?: string;
  name: string;
  label?: string;
  required?: boolean;
  hidden?: boolean;
  fieldType: string;
  placeholder?: string;
  description?: string;
  defaultValue?: string;
  defaultValues?: string[];
  options?: HubSpotFormOption[];
  validation?: { blockedEmailDomains?: string[]; useDefaultBlockList?: boolean };
}
export interface HubSpotFieldGroup {
  groupType?: string;
  richTextType?: string;
  richText?: string;
  fields?: HubSpotField[];
}
export interface HubSpotForm {
  id: string;
  name: string;
  formType?: string;
  archived?: boolean;
  fieldGroups?: HubSpotFieldGroup[];
  configuration?: { postSubmitAction?: { type: string; value: string } };
  displayOptions?: { submitButtonText?: string };
  legalConsentOptions?: {
    type: string;
    communicationsCheckboxes?: { subscriptionTypeId: number; label: string; required?: boolean }[];
    consentToProcessText?: string;
    privacyText?: string;
  };
}

/** HubSpot's default block list is its list of free email providers; ours, as prefixes after the @ (docs/product-rules.md#lead-form-validation). */
export const FREE_MAIL_PREFIXES = ["gmail.", "yahoo.", "hotmail.", "outlook.", "aol.", "icloud."];

const SAME_TYPE = new Set(["email", "single_line_text", "multi_line_text", "dropdown", "radio", "file"]);
const AS_TEXT = new Set(["phone", "mobile_phone", "number", "datepicker"]);

export const slugify = (name: string) =>
  name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");

/** Maps one field; null (with a warning) for a type the form component cannot render. */
function mapField(field: HubSpotField, warn: (message: string) => void) {
  let fieldType = field.fieldType;
  let options = [...(field.options ?? [])]
    .sort((a, b) => (a.displayOrder ?? 0) - (b.displayOrder ?? 0))
    .map(({ label, value }) => ({ label, value }));
  if (AS_TEXT.has(fieldType)) fieldType = "single_line_text";
  else if (fieldType === "single_checkbox") {
    fieldType = "radio";
    options = [
      { value: "true", label: "Yes" },
      { value: "false", label: "No" },
    ];
  } else if (fieldType === "multiple_checkboxes") {
    warn(`field ${field.name}: multiple checkboxes become a dropdown (one choice)`);
    fieldType = "dropdown";
  } else if (!SAME_TYPE.has(fieldType)) {
    warn(`field ${field.name}: type ${fieldType} is not supported; left out`);
    return null;
  }
  const blocked = [...(field.validation?.blockedEmailDomains ?? []), ...(field.validation?.useDefaultBlockList ? FREE_MAIL_PREFIXES : [])];
  return {
    name: field.name,
    label: field.label ?? field.name,
    ...(field.placeholder ? { placeholder: field.placeholder } : {}),
    fieldType,
    required: field.required ?? false,
    hidden: field.hidden ?? false,
    ...(field.defaultValue !== undefined ? { defaultValue: field.defaultValue } : {}),
    ...(field.defaultValues?.length ? { defaultValues: field.defaultValues } : {}),
    ...(fieldType === "dropdown" || fieldType === "radio" ? { options } : {}),
    objectTypeId: field.objectTypeId ?? "0-1",
    ...(fieldType === "email" && blocked.length ? { validation: { blockedEmailDomains: [...new Set(blocked)] } } : {}),
  };
}

export interface MappedForm {
  form: LeadFormDefinition | null;
  warnings: string[];
}

/** One HubSpot form → our definition, validated with the embedded content's schema. */
export function mapHubSpotForm(source: HubSpotForm): MappedForm {
  const warnings: string[] = [];
  const warn = (message: string) => warnings.push(`HubSpot form "${source.name}" (${source.id}): ${message}`);
  const alternativeId = slugify(source.name ?? "");
  if (!alternativeId) {
    warn("no usable name; left out");
    return { form: null, warnings };
  }
  const fieldGroups: { alternative_fields: NonNullable<ReturnType<typeof mapField>>[]; richText?: string }[] = [];
  let pendingRichText: string[] = [];
  for (const group of source.fieldGroups ?? []) {
    const fields = (group.fields ?? []).map((f) => mapField(f, warn)).filter((f) => f !== null);
    if (group.richText?.trim()) pendingRichText.push(group.richText);
    // a rich-text-only group's text goes with the next group of fields
    if (fields.length === 0) continue;
    fieldGroups.push({ alternative_fields: fields, ...(pendingRichText.length ? { richText: pendingRichText.join("\n") } : {}) });
    pendingRichText = [];
  }
  const action = source.configuration?.postSubmitAction;
  const legal = source.legalConsentOptions;
  const consent = legal && /consent_to_process$/.test(legal.type);
  if (legal && !consent && legal.type !== "none")
    warn(`legal consent type ${legal.type} is not supported; the form has no consent options`);
  const candidate = {
    alternative_id: alternativeId,
    guid: source.id,
    name: source.name,
    fieldGroups,
    ...(action?.type === "thank_you" && action.value
      ? { configuration: { postSubmitAction: { type: action.type, value: action.value } } }
      : {}),
    ...(action?.type === "redirect_url" && action.value ? { redirectUrl: action.value } : {}),
    ...(source.displayOptions?.submitButtonText ? { displayOptions: { submitButtonText: source.displayOptions.submitButtonText } } : {}),
    ...(consent
      ? {
          legalConsentOptions: {
            ...(legal.consentToProcessText ? { consentToProcessText: legal.consentToProcessText } : {}),
            ...(legal.privacyText ? { privacyText: legal.privacyText } : {}),
            communicationsCheckboxes: (legal.communicationsCheckboxes ?? []).map((c) => ({
              label: c.label,
              subscriptionTypeId: c.subscriptionTypeId,
              required: c.required ?? false,
            })),
          },
        }
      : {}),
  };
  const parsed = leadFormSchema.safeParse(candidate);
  if (!parsed.success) {
    warn(`does not fit the lead form shape (${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}); left out`);
    return { form: null, warnings };
  }
  return { form: parsed.data, warnings };
}

export interface HubSpotFormsApi {
  accessToken: string;
  apiUrl: string;
}

/** Every live (non-archived) form of the account, following `paging.next.after`; throws on any failure. */
export async function fetchHubSpotForms({ accessToken, apiUrl }: HubSpotFormsApi, fetcher: typeof fetch = fetch): Promise<HubSpotForm[]> {
  const forms: HubSpotForm[] = [];
  let after: string | undefined;
  for (let page = 0; page < 200; page++) {
    const url = new URL(`${apiUrl.replace(/\/$/, "")}/marketing/v3/forms/`);
    url.searchParams.set("limit", "50");
    url.searchParams.set("archived", "false");
    if (after) url.searchParams.set("after", after);
    const response = await fetcher(url, {
      headers: { Authorization: `Bearer ${accessToken}`, Accept: "application/json" },
      signal: AbortSignal.timeout(20_000),
    });
    if (!response.ok) throw new Error(`HubSpot forms API answered ${response.status} for ${url.pathname}`);
    const body = (await response.json()) as { results?: HubSpotForm[]; paging?: { next?: { after?: string } } };
    if (!Array.isArray(body.results)) throw new Error("HubSpot forms API: no results array in the answer");
    forms.push(...body.results.filter((f) => !f.archived));
    after = body.paging?.next?.after;
    if (!after) return forms;
  }
  throw new Error("HubSpot forms API: more than 200 pages of forms");
}

/** Fetches and maps; forms that do not map are left out with a warning, duplicate ids keep the first. */
export async function loadHubSpotForms(api: HubSpotFormsApi, fetcher: typeof fetch = fetch) {
  const warnings: string[] = [];
  const forms = new Map<string, LeadFormDefinition>();
  for (const source of await fetchHubSpotForms(api, fetcher)) {
    const mapped = mapHubSpotForm(source);
    warnings.push(...mapped.warnings);
    if (!mapped.form) continue;
    if (forms.has(mapped.form.alternative_id)) {
      warnings.push(`HubSpot form "${source.name}" (${source.id}): another form is already named ${mapped.form.alternative_id}; left out`);
      continue;
    }
    forms.set(mapped.form.alternative_id, mapped.form);
  }
  return { forms: [...forms.values()], warnings };
}
