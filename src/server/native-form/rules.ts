/**
 * The lead form without JavaScript, step two: every problem of a native post's submission, by the rules the
 * JSON path applies (src/lib/lead-form/rules.ts), for the answer page to show all at once.
 */
import { allFields, consentError, consentName, fieldError } from "../../lib/lead-form/rules";
import type { LeadFormDefinition } from "../../lib/lead-form/types";

/** One problem of a submission, tied to the control it concerns. */
export interface Problem {
  /** The field's name, or "consent" for the consent checkboxes. */
  name: string;
  label: string;
  message: string;
}

/** Shown for a required file field in a post without JavaScript: a browser cannot upload it then (docs/product-rules.md#lead-form-flow). */
export const FILE_NEEDS_SCRIPT = "Attaching a file needs JavaScript. Turn it on in your browser and send the form again.";

/** The consent checkboxes' problem's label, and the legend of their group on the answer page. */
export const CONSENT_LEGEND = "Communication preferences";

/**
 * Every problem of the submission, by the rules validateSubmission applies (docs/product-rules.md#lead-form-validation): the fields in order,
 * then consent. validateSubmission stops at the first; a person fixing the form wants them all at once.
 */
export function problemsOf(form: LeadFormDefinition, submission: Readonly<Record<string, string>>): Problem[] {
  const problems: Problem[] = [];
  for (const field of allFields(form)) {
    const value = submission[field.name] ?? "";
    const message = fieldError(field, value);
    if (!message) continue;
    problems.push({
      name: field.name,
      label: field.label,
      message: field.fieldType === "file" && value === "" ? FILE_NEEDS_SCRIPT : message,
    });
  }
  const checkboxes = form.legalConsentOptions?.communicationsCheckboxes ?? [];
  const ticked = new Set(
    checkboxes.filter((c) => submission[consentName(c.subscriptionTypeId)] === "true").map((c) => c.subscriptionTypeId),
  );
  const consent = consentError(checkboxes, ticked);
  if (consent) problems.push({ name: "consent", label: CONSENT_LEGEND, message: consent });
  return problems;
}
