/**
 * The lead-form definitions the functions validate and deliver against: compiled into each function's bundle
 * at build time (nothing is read from disk when a function runs, docs/architecture.md#lead-backend).
 */
import type { LeadFormDefinition } from "../lib/lead-form/types";

let forms: Map<string, LeadFormDefinition> | undefined;

export function formsById(list: readonly LeadFormDefinition[]): Map<string, LeadFormDefinition> {
  return new Map(list.map((form) => [form.alternative_id, form]));
}

export function bundledForms(): ReadonlyMap<string, LeadFormDefinition> {
  // A literal path, so webpack bundles the file; keep it in step with FUNCTION_FORMS_FILE.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  forms ??= formsById(require("../../.build/functions/lead-forms.json") as LeadFormDefinition[]);
  return forms;
}
