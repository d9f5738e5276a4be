import styled from "styled-components";
import { graphql } from "gatsby";

const Box = styled.div`
  margin: ${({ theme }) => theme.space.l} 0;
  padding: ${({ theme }) => theme.space.l};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.l};
  background: ${({ theme }) => theme.colors.surface};
`;

export type LeadFormData = Queries.LeadFormFieldsFragment;

/**
 * Where a lead form renders (landing-page Form sections and `::form[id]` in Markdown).
 * SPEC 3.8: nothing renders without an identifier or field groups.
 */
export function LeadFormSlot({ form }: { form: LeadFormData | null | undefined }) {
  if (!form?.alternative_id || !form.fieldGroups?.length) return null;
  return (
    <Box data-form-id={form.alternative_id}>
      <p>
        <strong>{form.name}</strong>
      </p>
    </Box>
  );
}

export const query = graphql`
  fragment LeadFormFields on LeadForm {
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
