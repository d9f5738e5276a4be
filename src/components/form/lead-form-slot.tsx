import { lazy } from "react";
import { graphql } from "gatsby";
import { HydrationSuspense } from "../../hydration";
import type { LeadFormProps } from "./lead-form";

export type LeadFormData = Queries.LeadFormFieldsFragment;

// The form's code loads only on pages that have a form (docs/architecture.md#first-load-javascript budget).
const LeadForm = lazy(() => import("./lead-form"));

/**
 * Where a lead form renders (landing-page Form sections and `::form[id]` in Markdown).
 * docs/product-rules.md#lead-form-definition: nothing renders without an identifier or field groups.
 */
export function LeadFormSlot({ form, ...callbacks }: { form: LeadFormData | null | undefined } & Omit<Partial<LeadFormProps>, "form">) {
  // inline rather than imported from the rules module, which belongs in the lazy chunk
  if (!form?.alternative_id || !form.fieldGroups?.length) return null;
  // `<html data-hydrated>` waits for the form's chunk and hydration: a submit after it is handled, never native.
  return (
    <HydrationSuspense fallback={<div data-form-loading={form.alternative_id} style={{ minHeight: 120 }} />}>
      <LeadForm form={form} entryId={form.entryId} {...callbacks} />
    </HydrationSuspense>
  );
}

export const query = graphql`
  fragment LeadFormFields on LeadForm {
    entryId
    alternative_id
    name
    isCompact
    redirectUrl
    customSuccessMessage
    configuration {
      postSubmitAction {
        type
        value
      }
    }
    displayOptions {
      submitButtonText
    }
    legalConsentOptions {
      consentToProcessText
      privacyText
      communicationsCheckboxes {
        label
        subscriptionTypeId
        required
      }
    }
    fieldGroups {
      richText
      alternative_fields {
        name
        label
        placeholder
        fieldType
        required
        hidden
        defaultValue
        defaultValues
        objectTypeId
        options {
          value
          label
        }
        validation {
          blockedEmailDomains
        }
      }
    }
  }
`;
