/** Lead forms, in the marketing-automation service's (HubSpot's) shape (docs/product-rules.md#lead-form-definition). */
export const formsSdl = /* GraphQL */ `
  "A choice of a dropdown or radio field."
  type LeadFormOption {
    value: String!
    label: String!
  }
  "Extra validation of an email field."
  type LeadFormValidation {
    "Email domains the field refuses, e.g. free mail providers."
    blockedEmailDomains: [String!]!
  }
  "A field of a lead form."
  type LeadFormField {
    "The field's name in the submission (snake_case)."
    name: String!
    label: String!
    placeholder: String
    "dropdown, email, file, multi_line_text, radio or single_line_text."
    fieldType: String!
    required: Boolean!
    "Submitted but not shown (e.g. attribution values)."
    hidden: Boolean!
    defaultValue: String
    defaultValues: [String!]
    options: [LeadFormOption!]
    "The CRM object the field belongs to (0-1 is a contact)."
    objectTypeId: String
    validation: LeadFormValidation
  }
  "A row of fields, optionally with a rich-text note."
  type LeadFormFieldGroup {
    alternative_fields: [LeadFormField!]!
    "Sanitized HTML shown with the row."
    richText: String @sanitized
  }
  "What happens after a successful submission."
  type LeadFormPostSubmitAction {
    "redirect_url or thank_you."
    type: String!
    "The address, or the sanitized thank-you HTML."
    value: String! @sanitized
  }
  "The form's behaviour after submission."
  type LeadFormConfiguration {
    postSubmitAction: LeadFormPostSubmitAction
  }
  "How the form is displayed."
  type LeadFormDisplayOptions {
    submitButtonText: String!
  }
  "A consent checkbox for a subscription type."
  type LeadFormConsentCheckbox {
    "Sanitized HTML label."
    label: String! @sanitized
    subscriptionTypeId: Int!
    required: Boolean!
  }
  "The legal consent texts and checkboxes under the form."
  type LeadFormLegalConsentOptions {
    "Sanitized HTML."
    consentToProcessText: String @sanitized
    "Sanitized HTML."
    privacyText: String @sanitized
    communicationsCheckboxes: [LeadFormConsentCheckbox!]!
  }

  "A lead form; submissions go to /api/hubspot/submitForm, validated against this definition."
  interface LeadForm implements Node {
    "Gatsby's node id."
    id: ID!
    "The form's id in content and submissions, e.g. free-trial."
    alternative_id: String!
    "The form's internal name."
    name: String!
    "The rows of fields, in order."
    fieldGroups: [LeadFormFieldGroup!]!
    "What happens after a successful submission."
    configuration: LeadFormConfiguration
    "The submit button's text."
    displayOptions: LeadFormDisplayOptions
    "Consent texts and checkboxes."
    legalConsentOptions: LeadFormLegalConsentOptions
    "Renders the compact layout (fields side by side)."
    isCompact: Boolean!
    "Where the browser goes after a successful submission."
    redirectUrl: String
    "Sanitized HTML shown after a successful submission."
    customSuccessMessage: String @sanitized
  }
`;
