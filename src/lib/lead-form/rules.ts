import type { LeadFormDefinition, LeadFormField, LeadFormFieldGroup } from "./types";

/** docs/product-rules.md#lead-form-validation messages. */
export const MESSAGES = {
  email: "Please enter a valid email address",
  required: "Sorry, that is required",
  atLeastOne: "Please select at least one option",
  upload: "Sorry, that file could not be uploaded",
} as const;

/** docs/product-rules.md#constants. */
export const VALIDATION_DEBOUNCE_MS = 200;
const COMPACT_GROUP_THRESHOLD = 6;
export const FILE_ACCEPT = "image/*,.pdf";
const DEFAULT_SUBMIT_TEXT = "Submit";
export const DEFAULT_SUCCESS_TEXT = "Thank you!";
export const SENDING_TEXT = "Sending...";
export const FREE_TRIAL_FORM_ID = "free-trial";

/**
 * The HTML Standard's "valid email address", as browsers apply it to `<input type=email>`:
 * https://html.spec.whatwg.org/multipage/input.html#valid-e-mail-address. No `<`, `>`, quote or space, so what
 * HubSpot refuses as invalid is refused here, at the door; ASCII only (docs/product-rules.md#lead-form-validation).
 */
// the standard's text as published (its \/ included), so it can be compared character for character
export const EMAIL_GRAMMAR =
  // eslint-disable-next-line no-useless-escape
  /^[a-zA-Z0-9.!#$%&'*+\/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/**
 * docs/product-rules.md#lead-form-validation email rule, the one rule of the form (src/components/form) and the
 * server (validateSubmission, the native form post) alike: the HTML Standard's grammar (EMAIL_GRAMMAR) on the
 * text without its surrounding white space (the browser's value sanitization strips it too), then the
 * product's own: a domain with a dot inside (the grammar also takes `a@localhost`), and not on the blocked
 * list, whose entries ("gmail.") match as a prefix of the part after the @.
 */
export function isValidEmail(value: string, blockedDomains: ReadonlyArray<string> = []): boolean {
  const email = value.trim();
  if (!EMAIL_GRAMMAR.test(email)) return false;
  // the grammar has one @ and no dot at either end of the domain, nor two together
  const domain = email.slice(email.indexOf("@") + 1).toLowerCase();
  if (!domain.includes(".")) return false;
  return !blockedDomains.some((blocked) => blocked.trim() !== "" && domain.startsWith(blocked.trim().toLowerCase()));
}

/** A field's value problem, or null when valid (docs/product-rules.md#lead-form-validation). File fields are judged by their hidden URL value. */
export function fieldError(field: LeadFormField, value: string): string | null {
  const empty = value.trim() === "";
  if (field.fieldType === "email") {
    if (empty) return field.required ? MESSAGES.email : null;
    return isValidEmail(value, field.validation?.blockedEmailDomains ?? []) ? null : MESSAGES.email;
  }
  if (empty) return field.required ? MESSAGES.required : null;
  if ((field.fieldType === "dropdown" || field.fieldType === "radio") && field.options?.length) {
    return field.options.some((o) => o.value === value) ? null : MESSAGES.required;
  }
  return null;
}

/** A group is visible when it has at least one non-hidden field. */
export const visibleFields = (group: LeadFormFieldGroup) => group.alternative_fields.filter((f) => !f.hidden);
const visibleGroups = (form: LeadFormDefinition) => (form.fieldGroups ?? []).filter((g) => visibleFields(g).length > 0);
export const allFields = (form: LeadFormDefinition) => (form.fieldGroups ?? []).flatMap((g) => g.alternative_fields);

/** docs/product-rules.md#lead-form-definition: nothing renders without alternative_id or with no field groups. */
export const isRenderable = (form: LeadFormDefinition | null | undefined): form is LeadFormDefinition =>
  Boolean(form?.alternative_id && form.fieldGroups?.length);

/** docs/product-rules.md#lead-form-flow email catcher: an email field and no other visible non-file field. */
export function isEmailCatcher(form: LeadFormDefinition): boolean {
  const visible = allFields(form).filter((f) => !f.hidden && f.fieldType !== "file");
  return visible.length === 1 && visible[0].fieldType === "email";
}

/** docs/product-rules.md#lead-form-flow compact layout: isCompact, or 6 or more visible field groups. */
export const isCompactLayout = (form: LeadFormDefinition) =>
  Boolean(form.isCompact) || visibleGroups(form).length >= COMPACT_GROUP_THRESHOLD;

/** docs/product-rules.md#error-catalogue: customSuccessMessage → configuration.postSubmitAction.value → "Thank you!". */
export const successText = (form: LeadFormDefinition) =>
  form.customSuccessMessage?.trim() || form.configuration?.postSubmitAction?.value?.trim() || DEFAULT_SUCCESS_TEXT;

export const submitText = (form: LeadFormDefinition) => form.displayOptions?.submitButtonText?.trim() || DEFAULT_SUBMIT_TEXT;

/** Names the consent options submit under (docs/product-rules.md#lead-form-definition). */
export const consentName = (subscriptionTypeId: number) => `legal--${subscriptionTypeId}`;
export const consentTextName = (subscriptionTypeId: number) => `legal--${subscriptionTypeId}__TEXT`;
export const CONSENT_TO_PROCESS_TEXT = "legal--consentToProcess__TEXT";

/**
 * Consent checkboxes: each required one must be checked; when several exist and any is required,
 * at least one must be checked ("Please select at least one option").
 */
export function consentError(checkboxes: ReadonlyArray<{ subscriptionTypeId: number; required: boolean }>, checked: ReadonlySet<number>) {
  if (!checkboxes.some((c) => c.required)) return null;
  if (checkboxes.length > 1) return checkboxes.some((c) => checked.has(c.subscriptionTypeId)) ? null : MESSAGES.atLeastOne;
  return checkboxes.every((c) => !c.required || checked.has(c.subscriptionTypeId)) ? null : MESSAGES.required;
}

/** Where the lead form posts, as JSON from the script or natively without it (docs/product-rules.md#lead-form-calls). */
export const SUBMIT_FORM_PATH = "/api/hubspot/submitForm";

/**
 * The fragment a native (no-JavaScript) submission's answer sends the visitor back to: the page shows the
 * element of this id, the form's success message, through CSS `:target` (docs/product-rules.md#lead-form-flow success, without a script).
 */
export const sentFragment = (formId: string) => `${formId}-sent`;
