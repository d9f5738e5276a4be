import React, { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from "react";
import { publicConfig } from "../../config/public";
import { getCookie } from "../../lib/cookies";
import { SIGNUP_PATH } from "../../lib/paths";
import { buildPayload, initialValues, lookupIpAddress, pageNameOf } from "../../lib/lead-form/payload";
import {
  allFields,
  consentError,
  fieldError,
  FREE_TRIAL_FORM_ID,
  isCompactLayout,
  isEmailCatcher,
  isRenderable,
  MESSAGES,
  SENDING_TEXT,
  sentFragment,
  SUBMIT_FORM_PATH,
  submitText,
  successText,
  VALIDATION_DEBOUNCE_MS,
  visibleFields,
} from "../../lib/lead-form/rules";
import { sanitizeMessage } from "../../lib/lead-form/sanitize";
import { setStored } from "../../lib/storage";
import { NEWSLETTER_FORM_ID, NEWSLETTER_SUBSCRIBER_KEY } from "../../lib/newsletter";
import type { LeadFormDefinition, LeadFormField as Field, LeadSubmission } from "../../lib/lead-form/types";
import { Button } from "../ui/button";
import { LeadFormConsent } from "./lead-form-consent";
import { LeadFormField, type FieldElement } from "./lead-form-field";
import { LeadFormStatus, type LeadFormState } from "./lead-form-status";
import { FormBox, Group, Row, SentNote } from "./lead-form-styles";
import { readTypedBeforeHydration } from "./typed-before-hydration";

export const SUBMIT_URL = SUBMIT_FORM_PATH;
export const UPLOAD_URL = "/api/hubspot/uploadFile";
const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
const GENERIC_ERROR = "Sorry, something went wrong. Please try again.";

// useLayoutEffect warns during server rendering in development; effects never run there anyway.
const useIsomorphicLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

export interface SubmitResult {
  success: boolean;
  message?: string;
}

export interface LeadFormProps {
  form: LeadFormDefinition;
  /** Called with the payload just before it is posted. */
  onSubmit?: (payload: LeadSubmission) => void;
  /** Called with the server's answer once submitting ends. */
  onSubmitted?: (result: SubmitResult, payload: LeadSubmission) => void;
}

/** After success: redirectUrl in a new tab, or for the free-trial form the page's free-trial link (docs/product-rules.md#lead-form-flow). */
function openAfterSuccess(form: LeadFormDefinition) {
  let target = form.redirectUrl ?? "";
  if (form.alternative_id === FREE_TRIAL_FORM_ID) {
    const link = document.querySelector<HTMLAnchorElement>(`a[data-free-trial-link], a[href*="${SIGNUP_PATH}"]`);
    target = link?.href ?? target;
  }
  if (target) window.open(target, "_blank", "noopener");
}

/**
 * The lead form (docs/product-rules.md#lead-form-definition, #lead-form-flow, #lead-form-validation): native validation with our messages, the email-catcher and
 * compact layouts, file uploads, consent, and the idle → invalid | submitting → success | error flow.
 */
export function LeadForm({ form, onSubmit, onSubmitted }: LeadFormProps) {
  const idPrefix = `lf-${form.alternative_id}-${useId().replace(/:/g, "")}`;
  const fields = useMemo(() => allFields(form), [form]);
  const byName = useMemo(() => new Map(fields.map((f) => [f.name, f])), [fields]);
  const checkboxes = useMemo(() => form.legalConsentOptions?.communicationsCheckboxes ?? [], [form]);

  const [values, setValues] = useState<Record<string, string>>(() => initialValues(form));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [consent, setConsent] = useState<ReadonlySet<number>>(() => new Set());
  const [state, setState] = useState<LeadFormState>("idle");
  const [message, setMessage] = useState("");
  const [uploading, setUploading] = useState<ReadonlySet<string>>(() => new Set());
  const [ready, setReady] = useState(false);

  const formRef = useRef<HTMLFormElement>(null);
  /** The control a field's validity lives on (first radio of a group, the visible file input). */
  const control = useCallback((name: string): FieldElement | null => {
    const box = formRef.current?.querySelector(`[data-field="${name}"]`);
    return box?.querySelector<FieldElement>('input:not([type="hidden"]), select, textarea') ?? null;
  }, []);
  const consentElement = useRef<HTMLInputElement | null>(null);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const failedUploads = useRef(new Set<string>());
  const valuesRef = useRef(values);
  valuesRef.current = values;
  const errorsRef = useRef(errors);
  errorsRef.current = errors;

  // Hidden fields read same-named URL parameters (docs/product-rules.md#lead-form-flow); only the browser has a URL.
  useEffect(() => {
    setValues((current) => {
      const fromUrl = initialValues(form, window.location.search);
      const next = { ...current };
      for (const f of fields) if (f.hidden) next[f.name] = fromUrl[f.name];
      return next;
    });
    setReady(true);
    const pending = timers.current;
    return () => pending.forEach((t) => clearTimeout(t));
  }, [form, fields]);

  /** Our rule for one field, mirrored into the element's native validity. */
  const check = useCallback(
    (field: Field, value: string) => {
      const error = failedUploads.current.has(field.name) ? MESSAGES.upload : fieldError(field, value);
      control(field.name)?.setCustomValidity(error ?? "");
      return error;
    },
    [control],
  );

  const revalidate = useCallback(
    (name: string) => {
      const field = byName.get(name);
      if (!field) return;
      const error = check(field, valuesRef.current[name] ?? "");
      setErrors((current) => {
        const next = { ...current };
        if (error) next[name] = error;
        else delete next[name];
        return next;
      });
    },
    [byName, check],
  );

  // A re-validation adds or removes an error line, which moves the fields below it. Between a press and its
  // release that moves another control under the pointer: the release lands on it and the click is lost
  // (a radio pressed right after changing the dropdown above it, whose blur cleared its error, stayed
  // unchecked). So while a pointer is down, re-validation waits until the click has been delivered.
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

  const onValue = useCallback(
    (name: string, value: string) => {
      setValues((current) => ({ ...current, [name]: value }));
      valuesRef.current = { ...valuesRef.current, [name]: value };
      // docs/product-rules.md#lead-form-flow: an invalid field re-validates once typing pauses for 200 ms.
      if (errorsRef.current[name]) {
        clearTimeout(timers.current.get(name));
        timers.current.set(
          name,
          setTimeout(() => revalidateSettled(name), VALIDATION_DEBOUNCE_MS),
        );
      }
    },
    [revalidateSettled],
  );

  // docs/product-rules.md#lead-form-flow: and on blur. A blur by a press on another control comes within that press (a mouse: before its
  // release; a tap: in the task that also delivers the tap's mouseup and click), so it re-validates a task later.
  const onBlur = useCallback(
    (name: string) => {
      if (!errorsRef.current[name]) return;
      clearTimeout(timers.current.get(name));
      timers.current.set(
        name,
        setTimeout(() => revalidateSettled(name), 0),
      );
    },
    [revalidateSettled],
  );

  const onToggle = useCallback(
    (id: number, checked: boolean) => {
      const next = new Set(consent);
      if (checked) next.add(id);
      else next.delete(id);
      setConsent(next);
      if (errorsRef.current.consent) {
        const error = consentError(checkboxes, next);
        consentElement.current?.setCustomValidity(error ?? "");
        setErrors(({ consent: _drop, ...rest }) => (error ? { ...rest, consent: error } : rest));
      }
    },
    [checkboxes, consent],
  );

  const onFile = useCallback(
    async (field: Field, file: File | undefined) => {
      failedUploads.current.delete(field.name);
      onValue(field.name, "");
      if (!file) return;
      const fail = (reason: unknown) => {
        console.error(`[lead-form] upload of ${file.name} failed`, reason);
        failedUploads.current.add(field.name);
        control(field.name)?.setCustomValidity(MESSAGES.upload);
        setErrors((current) => ({ ...current, [field.name]: MESSAGES.upload }));
      };
      if (file.size > MAX_UPLOAD_BYTES) return fail(new Error("larger than 10 MB"));
      setUploading((current) => new Set(current).add(field.name));
      try {
        const dataUrl = await new Promise<string>((resolve, reject) => {
          const reader = new FileReader();
          reader.onload = () => resolve(String(reader.result));
          reader.onerror = () => reject(reader.error);
          reader.readAsDataURL(file);
        });
        const response = await fetch(UPLOAD_URL, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ file: dataUrl, filename: file.name }),
        });
        const result = (await response.json().catch(() => ({}))) as { success?: boolean; fileUrl?: string; message?: string };
        if (!response.ok || !result.success || !result.fileUrl) return fail(new Error(result.message ?? `status ${response.status}`));
        onValue(field.name, result.fileUrl);
        control(field.name)?.setCustomValidity("");
        setErrors(({ [field.name]: _drop, ...rest }) => rest);
      } catch (error) {
        fail(error);
      } finally {
        setUploading((current) => {
          const next = new Set(current);
          next.delete(field.name);
          return next;
        });
      }
    },
    [onValue, control],
  );

  // docs/product-rules.md#lead-form-flow, before React: whatever the visitor entered into the server's HTML while the scripts loaded is the
  // form's state from the start (readTypedBeforeHydration says why), validated as typed; a file chosen then
  // uploads now. Once, in the hydrating commit: nothing can render the defaults over it before this runs.
  const adopted = useRef(false);
  useIsomorphicLayoutEffect(() => {
    const element = formRef.current;
    if (adopted.current || !element) return;
    adopted.current = true;
    const typed = readTypedBeforeHydration(element, fields, checkboxes);
    const changed = Object.entries(typed.values).filter(([name, value]) => value !== valuesRef.current[name]);
    if (changed.length > 0) {
      valuesRef.current = { ...valuesRef.current, ...Object.fromEntries(changed) };
      setValues(valuesRef.current);
    }
    if (typed.consent.size > 0) setConsent(typed.consent);
    for (const { field, file } of typed.files) void onFile(field, file);
  }, [fields, checkboxes, onFile]);

  const handleSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state === "submitting" || state === "success" || state === "error" || uploading.size > 0) return;
    // docs/product-rules.md#lead-form-flow: every visible field is flagged at once and the first invalid one focused.
    const found: Record<string, string> = {};
    for (const field of fields) {
      if (field.hidden) continue;
      const error = check(field, valuesRef.current[field.name] ?? "");
      if (error) found[field.name] = error;
    }
    const consentProblem = consentError(checkboxes, consent);
    consentElement.current?.setCustomValidity(consentProblem ?? "");
    if (consentProblem) found.consent = consentProblem;
    const nativeValid = formRef.current?.checkValidity() ?? true;
    if (Object.keys(found).length > 0 || !nativeValid) {
      for (const f of fields)
        if (!f.hidden && control(f.name)?.validity.valid === false && !found[f.name]) found[f.name] = MESSAGES.required;
      setErrors(found);
      setState("invalid");
      const first = fields.find((f) => !f.hidden && found[f.name]);
      (first ? control(first.name) : consentElement.current)?.focus();
      return;
    }
    setErrors({});
    setState("submitting");
    setMessage(SENDING_TEXT);
    const ipAddress = await lookupIpAddress(publicConfig.ipLookupUrl);
    const payload = buildPayload(form, valuesRef.current, consent, {
      hubspotutk: getCookie("hubspotutk") ?? "",
      pageUri: window.location.href,
      pageName: pageNameOf(document),
      ipAddress,
    });
    onSubmit?.(payload);
    let result: SubmitResult;
    try {
      const response = await fetch(SUBMIT_URL, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(payload),
      });
      const body = (await response.json().catch(() => ({}))) as Partial<SubmitResult>;
      result = { success: response.ok && body.success === true, message: typeof body.message === "string" ? body.message : undefined };
    } catch (error) {
      console.error("[lead-form] submit failed", error);
      result = { success: false };
    }
    if (result.success) {
      setState("success");
      setMessage(successText(form));
      // the newsletter prompt stops asking once the visitor subscribed (docs/product-rules.md#browser-storage)
      if (form.alternative_id === NEWSLETTER_FORM_ID) setStored(NEWSLETTER_SUBSCRIBER_KEY, true);
      openAfterSuccess(form);
    } else {
      setState("error");
      setMessage(sanitizeMessage(result.message || GENERIC_ERROR));
    }
    onSubmitted?.(result, payload);
  };

  const catcher = isEmailCatcher(form);
  const compact = isCompactLayout(form);
  const locked = state === "submitting" || state === "success" || state === "error";
  const showStatus = locked;
  const button = (
    <Button type="submit" size="M" variant="primary" disabled={uploading.size > 0}>
      {submitText(form)}
    </Button>
  );
  const fieldProps = (field: Field) => ({
    field,
    idPrefix,
    value: values[field.name] ?? "",
    error: errors[field.name],
    disabled: locked,
    uploading: uploading.has(field.name),
    onValue,
    onBlur,
    onFile,
  });
  const hiddenInputs = fields
    .filter((f) => f.hidden)
    .map((f) => <input key={f.name} type="hidden" name={f.name} value={values[f.name] ?? ""} />);
  const consentBlock = form.legalConsentOptions && (
    <LeadFormConsent
      legal={form.legalConsentOptions}
      idPrefix={idPrefix}
      checked={consent}
      error={errors.consent}
      disabled={locked}
      onToggle={onToggle}
      register={(el) => (consentElement.current = el)}
    />
  );

  return (
    <>
      {/* Shown by CSS :target after a native submission came back to this page (no JavaScript needed). */}
      <SentNote
        id={sentFragment(form.alternative_id)}
        tabIndex={-1}
        role="status"
        dangerouslySetInnerHTML={{ __html: successText(form) }}
      />
      <FormBox
        ref={formRef}
        // Progressive enhancement: without JavaScript (or before it hydrates) the browser posts the form to the same
        // function as application/x-www-form-urlencoded; with it, handleSubmit sends JSON instead (docs/product-rules.md#lead-form-calls).
        // noValidate either way: the messages are ours (docs/product-rules.md#lead-form-validation), from this code or from the function's answer.
        method="post"
        action={SUBMIT_URL}
        noValidate
        onSubmit={handleSubmit}
        // native pop-ups are suppressed; our messages show instead (docs/product-rules.md#lead-form-validation)
        onInvalidCapture={(e) => e.preventDefault()}
        aria-label={form.name ?? undefined}
        aria-busy={state === "submitting" || undefined}
        data-form-id={form.alternative_id}
        data-state={state}
        data-layout={catcher ? "email-catcher" : compact ? "compact" : "regular"}
        data-ready={ready || undefined}
        $compact={compact}
        $catcher={catcher}
      >
        <input type="hidden" name="formId" value={form.alternative_id} />
        {hiddenInputs}
        {catcher ? (
          <>
            {(form.fieldGroups ?? []).map(
              (g, i) => g.richText && <div key={i} className="rich-text" dangerouslySetInnerHTML={{ __html: g.richText }} />,
            )}
            {showStatus ? (
              <LeadFormStatus state={state} html={message} />
            ) : (
              <Row>
                {fields
                  .filter((f) => !f.hidden && f.fieldType === "email")
                  .map((f) => (
                    <LeadFormField key={f.name} {...fieldProps(f)} bare />
                  ))}
                {button}
              </Row>
            )}
            {fields
              .filter((f) => !f.hidden && f.fieldType === "file")
              .map((f) => (
                <LeadFormField key={f.name} {...fieldProps(f)} />
              ))}
            {consentBlock}
          </>
        ) : (
          <>
            {(form.fieldGroups ?? []).map((group, i) => {
              const shown = visibleFields(group);
              if (!shown.length) return null;
              const wide =
                Boolean(group.richText) ||
                shown.length > 1 ||
                shown.some((f) => ["multi_line_text", "radio", "file"].includes(f.fieldType));
              return (
                <Group key={i} className={wide ? "full" : undefined} data-group={i}>
                  {group.richText && <div className="rich-text" dangerouslySetInnerHTML={{ __html: group.richText }} />}
                  <div className="fields">
                    {shown.map((f) => (
                      <LeadFormField key={f.name} {...fieldProps(f)} />
                    ))}
                  </div>
                </Group>
              );
            })}
            {consentBlock}
            <div className="full">{showStatus ? <LeadFormStatus state={state} html={message} /> : button}</div>
          </>
        )}
      </FormBox>
    </>
  );
}

export default function LeadFormOrNothing(props: LeadFormProps) {
  return isRenderable(props.form) ? <LeadForm {...props} /> : null;
}
