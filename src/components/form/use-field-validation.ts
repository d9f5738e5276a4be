import { useCallback, useEffect, useMemo, useRef, useState, type MutableRefObject, type RefObject } from "react";
import { consentError, fieldError, MESSAGES, VALIDATION_DEBOUNCE_MS } from "../../lib/lead-form/rules";
import type { LeadFormConsentCheckbox, LeadFormField } from "../../lib/lead-form/types";
import type { FieldElement } from "./lead-form-field";

/** The error shown for each field by name, and for the consent checkboxes under "consent". */
export type FieldErrors = Readonly<Record<string, string>>;

export interface FieldValidationOptions {
  formRef: RefObject<HTMLFormElement>;
  fields: readonly LeadFormField[];
  checkboxes: readonly LeadFormConsentCheckbox[];
  /** The values as they are now: a re-validation runs after the render that scheduled it. */
  valuesRef: MutableRefObject<Record<string, string>>;
}

export interface FieldValidation {
  errors: FieldErrors;
  /** The first consent checkbox, which carries the group's validity and takes the focus for it. */
  registerConsent(element: HTMLInputElement | null): void;
  /** A field's value changed: an invalid field re-validates once typing pauses (docs/product-rules.md#lead-form-flow). */
  changed(name: string): void;
  /** A field lost the focus: an invalid field re-validates (docs/product-rules.md#lead-form-flow). */
  blurred(name: string): void;
  /** The ticked consent boxes changed: a consent error showing is judged again. */
  consentChanged(ticked: ReadonlySet<number>): void;
  uploadStarted(name: string): void;
  uploadFailed(name: string): void;
  uploadSucceeded(name: string): void;
  /** Judges every visible field and the consent at once, focuses the first invalid control; true when all is valid. */
  validateAll(ticked: ReadonlySet<number>): boolean;
}

/** The update that shows `error` for `name`, or removes its error when null. */
const withError =
  (name: string, error: string | null) =>
  ({ [name]: _drop, ...rest }: FieldErrors): FieldErrors =>
    error ? { ...rest, [name]: error } : rest;

/**
 * When and how the lead form's fields are judged (docs/product-rules.md#lead-form-flow, #lead-form-validation): our rule for each field, mirrored into the
 * control's native validity; on submit every visible field at once; after that an invalid field again on blur and
 * 200 ms after typing pauses; a failed upload invalid until another file uploads.
 */
export function useFieldValidation({ formRef, fields, checkboxes, valuesRef }: FieldValidationOptions): FieldValidation {
  const [errors, setErrors] = useState<FieldErrors>({});
  const errorsRef = useRef(errors);
  errorsRef.current = errors;
  const byName = useMemo(() => new Map(fields.map((f) => [f.name, f])), [fields]);
  const consentElement = useRef<HTMLInputElement | null>(null);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const failedUploads = useRef(new Set<string>());

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((t) => clearTimeout(t));
  }, []);

  /** The control a field's validity lives on (first radio of a group, the visible file input). */
  const control = useCallback(
    (name: string): FieldElement | null => {
      const box = formRef.current?.querySelector(`[data-field="${name}"]`);
      return box?.querySelector<FieldElement>('input:not([type="hidden"]), select, textarea') ?? null;
    },
    [formRef],
  );

  /** Our rule for one field, mirrored into the element's native validity. */
  const check = useCallback(
    (field: LeadFormField, value: string) => {
      const error = failedUploads.current.has(field.name) ? MESSAGES.upload : fieldError(field, value);
      control(field.name)?.setCustomValidity(error ?? "");
      return error;
    },
    [control],
  );

  const revalidate = useCallback(
    (name: string) => {
      const field = byName.get(name);
      if (field) setErrors(withError(name, check(field, valuesRef.current[name] ?? "")));
    },
    [byName, check, valuesRef],
  );

  // A re-validation adds or removes an error line, which moves the fields below it.
  const pressed = useRef(false);
  const afterRelease = useRef(new Set<string>());
  const revalidateSettled = useCallback(
    (name: string) => {
      if (pressed.current) afterRelease.current.add(name);
      else revalidate(name);
    },
    [revalidate],
  );
  useEffect(() => {
    const down = () => (pressed.current = true);
    const up = () => {
      pressed.current = false;
      const names = [...afterRelease.current];
      afterRelease.current.clear();
      // a task later: the release's mouseup and click are dispatched first, to what the pointer was on
      if (names.length) setTimeout(() => names.forEach((name) => revalidateSettled(name)), 0);
    };
    document.addEventListener("pointerdown", down, true);
    document.addEventListener("pointerup", up, true);
    document.addEventListener("pointercancel", up, true);
    return () => {
      document.removeEventListener("pointerdown", down, true);
      document.removeEventListener("pointerup", up, true);
      document.removeEventListener("pointercancel", up, true);
    };
  }, [revalidateSettled]);

  const schedule = useCallback(
    (name: string, delayMs: number) => {
      if (!errorsRef.current[name]) return;
      clearTimeout(timers.current.get(name));
      timers.current.set(
        name,
        setTimeout(() => revalidateSettled(name), delayMs),
      );
    },
    [revalidateSettled],
  );

  const changed = useCallback((name: string) => schedule(name, VALIDATION_DEBOUNCE_MS), [schedule]);
  // A blur by a press on another control comes within that press (a mouse: before its release; a tap: in the
  // task that also delivers the tap's mouseup and click), so it re-validates a task later.
  const blurred = useCallback((name: string) => schedule(name, 0), [schedule]);

  const consentChanged = useCallback(
    (ticked: ReadonlySet<number>) => {
      if (!errorsRef.current.consent) return;
      const error = consentError(checkboxes, ticked);
      consentElement.current?.setCustomValidity(error ?? "");
      setErrors(withError("consent", error));
    },
    [checkboxes],
  );

  const uploadStarted = useCallback((name: string) => void failedUploads.current.delete(name), []);
  const uploadFailed = useCallback(
    (name: string) => {
      failedUploads.current.add(name);
      control(name)?.setCustomValidity(MESSAGES.upload);
      setErrors(withError(name, MESSAGES.upload));
    },
    [control],
  );
  const uploadSucceeded = useCallback(
    (name: string) => {
      control(name)?.setCustomValidity("");
      setErrors(withError(name, null));
    },
    [control],
  );

  const validateAll = (ticked: ReadonlySet<number>) => {
    const found: Record<string, string> = {};
    const visible = fields.filter((f) => !f.hidden);
    for (const field of visible) {
      const error = check(field, valuesRef.current[field.name] ?? "");
      if (error) found[field.name] = error;
    }
    const consentProblem = consentError(checkboxes, ticked);
    consentElement.current?.setCustomValidity(consentProblem ?? "");
    if (consentProblem) found.consent = consentProblem;
    const nativeValid = formRef.current?.checkValidity() ?? true;
    if (Object.keys(found).length === 0 && nativeValid) {
      setErrors({});
      return true;
    }
    for (const f of visible) if (control(f.name)?.validity.valid === false && !found[f.name]) found[f.name] = MESSAGES.required;
    setErrors(found);
    // docs/product-rules.md#lead-form-flow: every visible field is flagged at once and the first invalid one focused
    const first = visible.find((f) => found[f.name]);
    (first ? control(first.name) : consentElement.current)?.focus();
    return false;
  };

  const registerConsent = useCallback((element: HTMLInputElement | null) => void (consentElement.current = element), []);

  return { errors, registerConsent, changed, blurred, consentChanged, uploadStarted, uploadFailed, uploadSucceeded, validateAll };
}
