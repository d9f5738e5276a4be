import { consentName } from "../../lib/lead-form/rules";
import type { LeadFormConsentCheckbox, LeadFormField } from "../../lib/lead-form/types";

/** What a visitor entered into the server-rendered form while the page's scripts were still on their way. */
export interface TypedBeforeHydration {
  /** Visible non-file fields by name, as the controls hold them now. */
  values: Record<string, string>;
  /** The consent checkboxes ticked. */
  consent: Set<number>;
  /** Files chosen, not yet uploaded (a file field's value is the URL its upload returns, docs/product-rules.md#lead-form-flow). */
  files: { field: LeadFormField; file: File }[];
}

/** Reads the form's controls as the visitor left them. See docs/product-rules.md#lead-form-flow. */
export function readTypedBeforeHydration(
  form: HTMLFormElement,
  fields: readonly LeadFormField[],
  checkboxes: readonly LeadFormConsentCheckbox[],
): TypedBeforeHydration {
  const typed: TypedBeforeHydration = { values: {}, consent: new Set(), files: [] };
  for (const field of fields) {
    if (field.hidden) continue;
    if (field.fieldType === "file") {
      // the file input itself has no name (its hidden companion carries the URL): find it by its field box
      const input = Array.from(form.querySelectorAll<HTMLInputElement>('input[type="file"]')).find(
        (el) => el.closest<HTMLElement>("[data-field]")?.dataset.field === field.name,
      );
      const file = input?.files?.[0];
      if (file) typed.files.push({ field, file });
      continue;
    }
    const control = form.elements.namedItem(field.name);
    // a radio group is a RadioNodeList whose value is the checked radio's (or "")
    if (
      control instanceof RadioNodeList ||
      control instanceof HTMLInputElement ||
      control instanceof HTMLSelectElement ||
      control instanceof HTMLTextAreaElement
    )
      typed.values[field.name] = control.value;
  }
  for (const box of checkboxes) {
    const input = form.elements.namedItem(consentName(box.subscriptionTypeId));
    if (input instanceof HTMLInputElement && input.checked) typed.consent.add(box.subscriptionTypeId);
  }
  return typed;
}
