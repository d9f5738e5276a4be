/**
 * The lead-form definition (docs/product-rules.md#lead-form-definition) as both the GraphQL fragment and the raw JSON in
 * content/forms provide it. Optional/nullable everywhere the sources differ.
 */
export interface LeadFormOption {
  readonly value: string;
  readonly label: string;
}

export interface LeadFormField {
  readonly name: string;
  readonly label: string;
  readonly placeholder?: string | null;
  readonly fieldType: string;
  readonly required: boolean;
  readonly hidden: boolean;
  readonly defaultValue?: string | null;
  readonly defaultValues?: ReadonlyArray<string> | null;
  readonly options?: ReadonlyArray<LeadFormOption> | null;
  readonly objectTypeId?: string | null;
  readonly validation?: { readonly blockedEmailDomains: ReadonlyArray<string> } | null;
}

export interface LeadFormFieldGroup {
  readonly richText?: string | null;
  readonly alternative_fields: ReadonlyArray<LeadFormField>;
}

export interface LeadFormConsentCheckbox {
  readonly label: string;
  readonly subscriptionTypeId: number;
  readonly required: boolean;
}

export interface LeadFormDefinition {
  readonly alternative_id: string;
  readonly name?: string | null;
  /** HubSpot's form GUID when it differs from alternative_id (server side only). */
  readonly guid?: string | null;
  readonly fieldGroups?: ReadonlyArray<LeadFormFieldGroup> | null;
  readonly configuration?: { readonly postSubmitAction?: { readonly type: string; readonly value: string } | null } | null;
  readonly displayOptions?: { readonly submitButtonText: string } | null;
  readonly legalConsentOptions?: {
    readonly consentToProcessText?: string | null;
    readonly privacyText?: string | null;
    readonly communicationsCheckboxes?: ReadonlyArray<LeadFormConsentCheckbox> | null;
  } | null;
  readonly isCompact?: boolean | null;
  readonly redirectUrl?: string | null;
  readonly customSuccessMessage?: string | null;
}

/** The JSON the browser posts to /api/hubspot/submitForm (docs/product-rules.md#lead-form-calls). */
export interface LeadSubmission {
  formId: string;
  hubspotutk: string;
  pageUri: string;
  pageName: string;
  ipAddress: string;
  [field: string]: string;
}
