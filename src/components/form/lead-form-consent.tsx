import { CONSENT_TO_PROCESS_TEXT, consentName, consentTextName } from "../../lib/lead-form/rules";
import { htmlToText } from "../../lib/lead-form/payload";
import type { LeadFormDefinition } from "../../lib/lead-form/types";
import { Choice, ErrorText, FieldBox, SmallPrint } from "./lead-form-styles";
import { PrivacySentence } from "./privacy-sentence";
import type { InspectorProps } from "../preview/inspector";

export interface LeadFormConsentProps {
  legal: NonNullable<LeadFormDefinition["legalConsentOptions"]>;
  idPrefix: string;
  checked: ReadonlySet<number>;
  error?: string;
  disabled: boolean;
  onToggle(subscriptionTypeId: number, checked: boolean): void;
  register(element: HTMLInputElement | null): void;
  /** Inspector-mode tags of the form's field legalConsentOptions (a preview build only; docs/content.md#live-preview). */
  inspect?: InspectorProps;
}

/**
 * Consent texts and checkboxes (docs/product-rules.md#lead-form-definition): each checkbox submits legal--{id}
 * with a hidden legal--{id}__TEXT; legal--consentToProcess__TEXT carries the consent-to-process text.
 */
export function LeadFormConsent({ legal, idPrefix, checked, error, disabled, onToggle, register, inspect }: LeadFormConsentProps) {
  const boxes = legal.communicationsCheckboxes ?? [];
  const errorId = `${idPrefix}-consent-error`;
  return (
    <FieldBox className="full" data-consent>
      {legal.consentToProcessText && <SmallPrint {...inspect} dangerouslySetInnerHTML={{ __html: legal.consentToProcessText }} />}
      <input type="hidden" name={CONSENT_TO_PROCESS_TEXT} value={htmlToText(legal.consentToProcessText)} />
      {boxes.length > 0 && (
        <fieldset aria-describedby={error ? errorId : undefined}>
          <legend style={{ position: "absolute", width: 1, height: 1, overflow: "hidden", clip: "rect(0 0 0 0)" }}>
            Communication preferences
          </legend>
          {boxes.map((box, i) => (
            <Choice key={box.subscriptionTypeId}>
              <input
                type="checkbox"
                name={consentName(box.subscriptionTypeId)}
                value="true"
                checked={checked.has(box.subscriptionTypeId)}
                required={box.required && boxes.length === 1}
                disabled={disabled}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                ref={i === 0 ? register : undefined}
                onChange={(e) => onToggle(box.subscriptionTypeId, e.target.checked)}
              />
              <span {...inspect} dangerouslySetInnerHTML={{ __html: box.label }} />
              <input type="hidden" name={consentTextName(box.subscriptionTypeId)} value={htmlToText(box.label)} />
            </Choice>
          ))}
        </fieldset>
      )}
      {error && <ErrorText id={errorId}>{error}</ErrorText>}
      {legal.privacyText && <SmallPrint {...inspect} dangerouslySetInnerHTML={{ __html: legal.privacyText }} />}
      <PrivacySentence />
    </FieldBox>
  );
}
