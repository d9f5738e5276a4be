import React, { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { publicConfig } from "../../config/public";
import { SIGNUP_PATH } from "../../lib/paths";
import { buildPayload, initialValues } from "../../lib/lead-form/payload";
import {
  allFields,
  FREE_TRIAL_FORM_ID,
  isCompactLayout,
  isEmailCatcher,
  isRenderable,
  SENDING_TEXT,
  sentFragment,
  SUBMIT_FORM_PATH,
  submitText,
  successText,
} from "../../lib/lead-form/rules";
import { sanitizeMessage } from "./sanitize-status";
import { setStored } from "../../browser/storage";
import { NEWSLETTER_FORM_ID, NEWSLETTER_SUBSCRIBER_KEY } from "./newsletter";
import type { LeadFormDefinition, LeadFormField as Field, LeadSubmission } from "../../lib/lead-form/types";
import { useIsomorphicLayoutEffect } from "../../hooks/use-isomorphic-layout-effect";
import { Button } from "../ui/button";
import { inspectorProps } from "../preview/inspector";
import { LeadFormConsent } from "./lead-form-consent";
import { PrivacySentence } from "./privacy-sentence";
import { LeadFormField } from "./lead-form-field";
import { EmailCatcherLayout, StandardLayout } from "./lead-form-layouts";
import { lookupIpAddress, pageNameOf, submitLead, uploadFile, type SubmitResult } from "./lead-form-requests";
import { LeadFormStatus, type LeadFormState } from "./lead-form-status";
import { FormBox, SentNote } from "./lead-form-styles";
import { readTypedBeforeHydration } from "./typed-before-hydration";
import { useFieldValidation } from "./use-field-validation";
import { appConsent } from "../../consent/app";
import { consentedCookies } from "../../consent/consented-store";

const GENERIC_ERROR = "Sorry, something went wrong. Please try again.";

export interface LeadFormProps {
  form: LeadFormDefinition;
  /** Called with the payload just before it is posted. */
  onSubmit?: (payload: LeadSubmission) => void;
  /** Called with the server's answer once submitting ends. */
  onSubmitted?: (result: SubmitResult, payload: LeadSubmission) => void;
  /** The form's entry id (inspector mode, a preview build only). */
  entryId?: string | null;
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

const withoutName = (names: ReadonlySet<string>, name: string) => {
  const next = new Set(names);
  next.delete(name);
  return next;
};

/**
 * The lead form's state machine (docs/product-rules.md#lead-form-definition, #lead-form-flow, #lead-form-validation), idle → invalid | submitting → success | error: it owns the
 * values, the consent, the uploads and the state, and composes the parts. When fields are judged is
 * useFieldValidation's; the calls are lead-form-requests'; where the parts go is the layout's.
 */
function RenderableLeadForm({ form, onSubmit, onSubmitted, entryId }: LeadFormProps) {
  const idPrefix = `lf-${form.alternative_id}-${useId().replace(/:/g, "")}`;
  const fields = useMemo(() => allFields(form), [form]);
  const checkboxes = useMemo(() => form.legalConsentOptions?.communicationsCheckboxes ?? [], [form]);

  const [values, setValues] = useState<Record<string, string>>(() => initialValues(form));
  const [consent, setConsent] = useState<ReadonlySet<number>>(() => new Set());
  const [state, setState] = useState<LeadFormState>("idle");
  const [message, setMessage] = useState("");
  const [uploading, setUploading] = useState<ReadonlySet<string>>(() => new Set());
  const [ready, setReady] = useState(false);

  const formRef = useRef<HTMLFormElement>(null);
  const valuesRef = useRef(values);
  valuesRef.current = values;
  const validation = useFieldValidation({ formRef, fields, checkboxes, valuesRef });
  const { changed, consentChanged, uploadStarted, uploadFailed, uploadSucceeded } = validation;

  // Hidden fields read same-named URL parameters (docs/product-rules.md#lead-form-flow); only the browser has a URL.
  useEffect(() => {
    setValues((current) => {
      const fromUrl = initialValues(form, window.location.search);
      const next = { ...current };
      for (const f of fields) if (f.hidden) next[f.name] = fromUrl[f.name];
      return next;
    });
    setReady(true);
  }, [form, fields]);

  const onValue = useCallback(
    (name: string, value: string) => {
      setValues((current) => ({ ...current, [name]: value }));
      valuesRef.current = { ...valuesRef.current, [name]: value };
      changed(name);
    },
    [changed],
  );

  const onToggle = useCallback(
    (id: number, checked: boolean) => {
      const next = new Set(consent);
      if (checked) next.add(id);
      else next.delete(id);
      setConsent(next);
      consentChanged(next);
    },
    [consent, consentChanged],
  );

  const onFile = useCallback(
    async (field: Field, file: File | undefined) => {
      uploadStarted(field.name);
      onValue(field.name, "");
      if (!file) return;
      setUploading((current) => new Set(current).add(field.name));
      try {
        onValue(field.name, await uploadFile(file));
        uploadSucceeded(field.name);
      } catch (error) {
        console.error(`[lead-form] upload of ${file.name} failed`, error);
        uploadFailed(field.name);
      } finally {
        setUploading((current) => withoutName(current, field.name));
      }
    },
    [onValue, uploadStarted, uploadFailed, uploadSucceeded],
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
    const changedValues = Object.entries(typed.values).filter(([name, value]) => value !== valuesRef.current[name]);
    if (changedValues.length > 0) {
      valuesRef.current = { ...valuesRef.current, ...Object.fromEntries(changedValues) };
      setValues(valuesRef.current);
    }
    if (typed.consent.size > 0) setConsent(typed.consent);
    for (const { field, file } of typed.files) void onFile(field, file);
  }, [fields, checkboxes, onFile]);

  const locked = state === "submitting" || state === "success" || state === "error";

  const handleSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (locked || uploading.size > 0) return;
    if (!validation.validateAll(consent)) {
      setState("invalid");
      return;
    }
    setState("submitting");
    setMessage(SENDING_TEXT);
    // HubSpot's visitor token (read through the consented store: not there without `marketing`) and the IP
    // lookup only with `marketing` consent (docs/product-rules.md#consent); the page-load sweep removed a stale one.
    const consentState = appConsent().state();
    const marketing = consentState.granted.marketing;
    const payload = buildPayload(form, valuesRef.current, consent, {
      hubspotutk: consentedCookies(consentState).hubspotutk ?? "",
      pageUri: window.location.href,
      pageName: pageNameOf(document),
      ipAddress: marketing ? await lookupIpAddress(publicConfig.ipLookupUrl) : "",
    });
    onSubmit?.(payload);
    const result = await submitLead(payload);
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
  const Layout = catcher ? EmailCatcherLayout : StandardLayout;
  const renderField = (field: Field, bare?: boolean) => (
    <LeadFormField
      key={field.name}
      field={field}
      idPrefix={idPrefix}
      value={values[field.name] ?? ""}
      error={validation.errors[field.name]}
      disabled={locked}
      uploading={uploading.has(field.name)}
      bare={bare}
      onValue={onValue}
      onBlur={validation.blurred}
      onFile={onFile}
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
        action={SUBMIT_FORM_PATH}
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
        {fields
          .filter((f) => f.hidden)
          .map((f) => (
            <input key={f.name} type="hidden" name={f.name} value={values[f.name] ?? ""} />
          ))}
        <Layout
          form={form}
          fields={fields}
          renderField={renderField}
          submit={
            <Button type="submit" size="M" variant="primary" disabled={uploading.size > 0} {...inspectorProps(entryId, "displayOptions")}>
              {submitText(form)}
            </Button>
          }
          status={locked ? <LeadFormStatus state={state} html={message} /> : null}
          consent={
            form.legalConsentOptions ? (
              <LeadFormConsent
                inspect={inspectorProps(entryId, "legalConsentOptions")}
                legal={form.legalConsentOptions}
                idPrefix={idPrefix}
                checked={consent}
                error={validation.errors.consent}
                disabled={locked}
                onToggle={onToggle}
                register={validation.registerConsent}
              />
            ) : (
              <PrivacySentence />
            )
          }
        />
      </FormBox>
    </>
  );
}

/** The lead form, or nothing for a definition without an identifier or field groups (docs/product-rules.md#lead-form-definition). */
export default function LeadForm(props: LeadFormProps) {
  return isRenderable(props.form) ? <RenderableLeadForm {...props} /> : null;
}
