// @vitest-environment jsdom
/** When the lead form's fields are judged (docs/product-rules.md#lead-form-flow, #lead-form-validation), through the hook alone on a plain form. */
import { act, useRef } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render } from "@testing-library/react";
import { useFieldValidation, type FieldValidation } from "../../../../src/components/form/use-field-validation";
import { MESSAGES } from "../../../../src/lib/lead-form/rules";
import type { LeadFormConsentCheckbox, LeadFormField } from "../../../../src/lib/lead-form/types";

const field = (name: string, fieldType: string, extra: Partial<LeadFormField> = {}): LeadFormField => ({
  name,
  label: name,
  fieldType,
  required: true,
  hidden: false,
  ...extra,
});
const FIELDS: LeadFormField[] = [
  field("source", "single_line_text", { hidden: true }),
  field("firstname", "single_line_text"),
  field("email", "email"),
  field("rfp", "file", { required: false }),
];
const CHECKBOXES: LeadFormConsentCheckbox[] = [{ subscriptionTypeId: 908, label: "News", required: true }];

let hook: FieldValidation;
/** The form's values as the form keeps them: a ref it updates before telling the hook. */
const valuesRef: { current: Record<string, string> } = { current: {} };

function Harness() {
  const formRef = useRef<HTMLFormElement>(null);
  hook = useFieldValidation({ formRef, fields: FIELDS, checkboxes: CHECKBOXES, valuesRef });
  return (
    <form ref={formRef} noValidate>
      {FIELDS.filter((f) => !f.hidden).map((f) => (
        <div key={f.name} data-field={f.name}>
          <input type="hidden" name={`${f.name}-hidden`} />
          <input aria-label={f.name} type={f.fieldType === "file" ? "file" : "text"} />
          {hook.errors[f.name] && <p>{hook.errors[f.name]}</p>}
        </div>
      ))}
      <input aria-label="consent" type="checkbox" ref={hook.registerConsent} />
    </form>
  );
}

const input = (name: string) => document.querySelector<HTMLInputElement>(`input[aria-label="${name}"]`)!;
const show = (given: Record<string, string> = {}) => {
  valuesRef.current = { source: "", firstname: "", email: "", rfp: "", ...given };
  return render(<Harness />);
};
/** A new value, as the form sets it, and the hook told of it. */
const enter = (name: string, value: string) => {
  valuesRef.current = { ...valuesRef.current, [name]: value };
  act(() => hook.changed(name));
};
const none = new Set<number>();

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("on submit (docs/product-rules.md#lead-form-flow)", () => {
  it("flags every visible invalid field at once, mirrors it into native validity and focuses the first", () => {
    show({ source: "" });
    let valid = true;
    act(() => void (valid = hook.validateAll(none)));
    expect(valid).toBe(false);
    expect(hook.errors).toEqual({ firstname: MESSAGES.required, email: MESSAGES.email, consent: MESSAGES.required });
    expect(input("firstname").validationMessage).toBe(MESSAGES.required);
    expect(input("consent").validationMessage).toBe(MESSAGES.required);
    expect(document.activeElement).toBe(input("firstname"));
  });
  it("with only the consent missing, the consent box takes the focus", () => {
    show({ firstname: "Ada", email: "ada@acme.com" });
    act(() => void hook.validateAll(none));
    expect(Object.keys(hook.errors)).toEqual(["consent"]);
    expect(document.activeElement).toBe(input("consent"));
  });
  it("all valid: true, and no error left", () => {
    show();
    act(() => void hook.validateAll(none));
    valuesRef.current = { ...valuesRef.current, firstname: "Ada", email: "ada@acme.com" };
    let valid = false;
    act(() => void (valid = hook.validateAll(new Set([908]))));
    expect(valid).toBe(true);
    expect(hook.errors).toEqual({});
    expect(input("email").validity.valid).toBe(true);
  });
});

describe("after an error shows (docs/product-rules.md#lead-form-flow)", () => {
  it("a field without an error is not judged while typing", () => {
    show();
    enter("email", "not-an-email");
    act(() => vi.advanceTimersByTime(1000));
    expect(hook.errors).toEqual({});
  });
  it("an invalid field is judged again 200 ms after typing pauses, not before", () => {
    show();
    act(() => void hook.validateAll(none));
    enter("email", "ada@acme");
    act(() => vi.advanceTimersByTime(150));
    enter("email", "ada@acme.com");
    act(() => vi.advanceTimersByTime(199));
    expect(hook.errors.email).toBe(MESSAGES.email);
    act(() => vi.advanceTimersByTime(1));
    expect(hook.errors.email).toBeUndefined();
    expect(hook.errors.firstname).toBe(MESSAGES.required);
  });
  it("on blur, a task later", () => {
    show();
    act(() => void hook.validateAll(none));
    valuesRef.current = { ...valuesRef.current, firstname: "Ada" };
    act(() => hook.blurred("firstname"));
    expect(hook.errors.firstname).toBe(MESSAGES.required);
    act(() => vi.advanceTimersByTime(0));
    expect(hook.errors.firstname).toBeUndefined();
  });
  it("while a pointer is down, the re-validation waits until it is released", () => {
    show();
    act(() => void hook.validateAll(none));
    valuesRef.current = { ...valuesRef.current, firstname: "Ada" };
    fireEvent.pointerDown(document.body);
    act(() => hook.blurred("firstname"));
    act(() => vi.advanceTimersByTime(500));
    expect(hook.errors.firstname).toBe(MESSAGES.required);
    fireEvent.pointerUp(document.body);
    act(() => vi.advanceTimersByTime(0));
    expect(hook.errors.firstname).toBeUndefined();
  });
  it("consent is judged again as boxes change while its error shows, and not before one does", () => {
    show();
    act(() => hook.consentChanged(none));
    expect(hook.errors.consent).toBeUndefined();
    act(() => void hook.validateAll(none));
    act(() => hook.consentChanged(none));
    expect(hook.errors.consent).toBe(MESSAGES.required);
    act(() => hook.consentChanged(new Set([908])));
    expect(hook.errors.consent).toBeUndefined();
    expect(input("consent").validity.valid).toBe(true);
  });
});

describe("uploads (docs/product-rules.md#lead-form-flow)", () => {
  it("a failed upload keeps the field invalid, even when judged again, until another upload starts", () => {
    show({ firstname: "Ada", email: "ada@acme.com" });
    act(() => hook.uploadFailed("rfp"));
    expect(hook.errors.rfp).toBe(MESSAGES.upload);
    expect(input("rfp").validationMessage).toBe(MESSAGES.upload);
    act(() => void hook.validateAll(new Set([908])));
    expect(hook.errors).toEqual({ rfp: MESSAGES.upload });
    act(() => hook.uploadStarted("rfp"));
    act(() => hook.uploadSucceeded("rfp"));
    expect(hook.errors.rfp).toBeUndefined();
    expect(input("rfp").validity.valid).toBe(true);
    let valid = false;
    act(() => void (valid = hook.validateAll(new Set([908]))));
    expect(valid).toBe(true);
  });
});
