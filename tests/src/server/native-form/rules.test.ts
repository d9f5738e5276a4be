/** Every problem of a native post, at once, by the JSON path's rules (docs/product-rules.md#lead-form-validation). */
import { describe, expect, it } from "vitest";
import { CONSENT_LEGEND, FILE_NEEDS_SCRIPT, problemsOf } from "../../../../src/server/native-form/rules";
import { MESSAGES } from "../../../../src/lib/lead-form/rules";
import type { LeadFormDefinition, LeadFormField } from "../../../../src/lib/lead-form/types";

const field = (name: string, fieldType: string, required = true): LeadFormField => ({
  name,
  label: `${name} label`,
  fieldType,
  required,
  hidden: false,
});
const form = (checkboxes: { subscriptionTypeId: number; required: boolean }[] = []): LeadFormDefinition => ({
  alternative_id: "t",
  fieldGroups: [
    { alternative_fields: [field("name", "single_line_text"), field("email", "email")] },
    { alternative_fields: [field("rfp", "file")] },
  ],
  legalConsentOptions: { communicationsCheckboxes: checkboxes.map((c) => ({ ...c, label: "x" })) },
});
const valid = { name: "Ada", email: "ada@acme.com", rfp: "https://x.test/api/hubspot/file?id=1" };

describe("problemsOf", () => {
  it("a valid submission has none", () => {
    expect(problemsOf(form([{ subscriptionTypeId: 1, required: true }]), { ...valid, "legal--1": "true" })).toEqual([]);
  });
  it("lists the fields' problems in the form's order, each with its field's label", () => {
    expect(problemsOf(form(), { ...valid, name: " ", email: "ada@" })).toEqual([
      { name: "name", label: "name label", message: MESSAGES.required },
      { name: "email", label: "email label", message: MESSAGES.email },
    ]);
  });
  it("an empty required file says a file needs JavaScript", () => {
    expect(problemsOf(form(), { ...valid, rfp: "" })).toEqual([{ name: "rfp", label: "rfp label", message: FILE_NEEDS_SCRIPT }]);
  });
  it("consent comes last: one required box must be ticked", () => {
    const problems = problemsOf(form([{ subscriptionTypeId: 1, required: true }]), { ...valid, name: "", "legal--1": "false" });
    expect(problems.map((p) => p.name)).toEqual(["name", "consent"]);
    expect(problems[1]).toEqual({ name: "consent", label: CONSENT_LEGEND, message: MESSAGES.required });
  });
  it("of several boxes, at least one (a value other than 'true' is not a tick)", () => {
    const two = form([
      { subscriptionTypeId: 1, required: true },
      { subscriptionTypeId: 2, required: false },
    ]);
    expect(problemsOf(two, { ...valid, "legal--1": "on" }).map((p) => p.message)).toEqual([MESSAGES.atLeastOne]);
    expect(problemsOf(two, { ...valid, "legal--2": "true" })).toEqual([]);
  });
});
