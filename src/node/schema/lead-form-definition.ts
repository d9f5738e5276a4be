// The lead-form definition's schema (docs/product-rules.md#lead-form-definition). Build-time only: zod does not
// belong in the browser bundle, which uses the types of src/lib/lead-form/types.ts.
import { z } from "zod";

const formField = z.object({
  name: z.string().regex(/^[a-z0-9_]+$/, "a field name is snake_case"),
  label: z.string(),
  placeholder: z.string().optional(),
  fieldType: z.enum(["dropdown", "email", "file", "multi_line_text", "radio", "single_line_text"]),
  required: z.boolean(),
  hidden: z.boolean(),
  defaultValue: z.string().optional(),
  defaultValues: z.array(z.string()).optional(),
  options: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
  objectTypeId: z.string().default("0-1"),
  validation: z.object({ blockedEmailDomains: z.array(z.string()) }).optional(),
});
export const leadFormSchema = z.object({
  alternative_id: z.string().min(1),
  /** HubSpot's form GUID, when the form is delivered to HubSpot under a different id. */
  guid: z.string().optional(),
  name: z.string(),
  fieldGroups: z.array(z.object({ alternative_fields: z.array(formField).min(1), richText: z.string().optional() })),
  configuration: z.object({ postSubmitAction: z.object({ type: z.string(), value: z.string() }).optional() }).optional(),
  displayOptions: z.object({ submitButtonText: z.string() }).optional(),
  legalConsentOptions: z
    .object({
      consentToProcessText: z.string().optional(),
      privacyText: z.string().optional(),
      communicationsCheckboxes: z
        .array(z.object({ label: z.string(), subscriptionTypeId: z.number().int(), required: z.boolean() }))
        .default([]),
    })
    .optional(),
  isCompact: z.boolean().optional(),
  redirectUrl: z.string().optional(),
  customSuccessMessage: z.string().optional(),
});
