import React from "react";
import { FILE_ACCEPT } from "../../lib/lead-form/rules";
import type { LeadFormField as Field } from "../../lib/lead-form/types";
import { Choice, ErrorText, FieldBox, Input, Select, TextArea } from "./lead-form-styles";

export type FieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export interface LeadFormFieldProps {
  field: Field;
  idPrefix: string;
  value: string;
  error?: string;
  disabled: boolean;
  uploading?: boolean;
  /** Email catcher: the label is visually hidden and the input sits in a row with the button. */
  bare?: boolean;
  onValue(name: string, value: string): void;
  onBlur(name: string): void;
  onFile(field: Field, file: File | undefined): void;
}

/** One lead-form field of any docs/product-rules.md#lead-form-definition type; errors are tied to it with aria-invalid/aria-describedby. */
export function LeadFormField(props: LeadFormFieldProps) {
  const { field, idPrefix, value, error, disabled, bare } = props;
  const id = `${idPrefix}-${field.name}`;
  const errorId = `${id}-error`;
  const aria = { "aria-invalid": error ? true : undefined, "aria-describedby": error ? errorId : undefined } as const;
  const common = {
    id,
    name: field.name,
    required: field.required,
    disabled,
    onBlur: () => props.onBlur(field.name),
    ...aria,
  };
  const label = (
    <label htmlFor={id} className={bare ? "visually-hidden" : undefined} style={bare ? visuallyHidden : undefined}>
      {field.label}
      {field.required && !bare && (
        <span className="required" aria-hidden="true">
          {" "}
          *
        </span>
      )}
    </label>
  );
  const onText = (e: React.ChangeEvent<FieldElement>) => props.onValue(field.name, e.target.value);
  let control: React.ReactNode;
  switch (field.fieldType) {
    case "dropdown":
      control = (
        <Select {...common} value={value} onChange={onText}>
          <option value="">{field.placeholder || "Please select"}</option>
          {(field.options ?? []).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
      );
      break;
    case "radio":
      return (
        <FieldBox data-field={field.name}>
          <fieldset {...aria} role="radiogroup">
            <legend>
              {field.label}
              {field.required && (
                <span className="required" aria-hidden="true">
                  {" "}
                  *
                </span>
              )}
            </legend>
            {(field.options ?? []).map((o) => (
              <Choice key={o.value}>
                <input
                  type="radio"
                  name={field.name}
                  value={o.value}
                  checked={value === o.value}
                  required={field.required}
                  disabled={disabled}
                  onChange={onText}
                  onBlur={() => props.onBlur(field.name)}
                  {...aria}
                />
                <span>{o.label}</span>
              </Choice>
            ))}
          </fieldset>
          {error && <ErrorText id={errorId}>{error}</ErrorText>}
        </FieldBox>
      );
    case "multi_line_text":
      control = <TextArea {...common} value={value} placeholder={field.placeholder ?? undefined} onChange={onText} />;
      break;
    case "file":
      control = (
        <>
          <Input
            {...common}
            // the URL, not the file, is what must be present (docs/product-rules.md#lead-form-validation); the hidden companion holds it
            required={field.required && !value}
            name={undefined}

            type="file"
            accept={FILE_ACCEPT}
            aria-busy={props.uploading || undefined}
            onChange={(e) => props.onFile(field, e.target.files?.[0])}
          />
          <input type="hidden" name={field.name} value={value} data-file-url />
        </>
      );
      break;
    default:
      control = (
        <Input
          {...common}

          type={field.fieldType === "email" ? "email" : "text"}
          autoComplete={autoComplete(field.name, field.fieldType)}
          value={value}
          placeholder={field.placeholder ?? undefined}
          onChange={onText}
        />
      );
  }
  return (
    <FieldBox data-field={field.name}>
      {label}
      {control}
      {error && <ErrorText id={errorId}>{error}</ErrorText>}
    </FieldBox>
  );
}

const visuallyHidden: React.CSSProperties = {
  position: "absolute",
  width: 1,
  height: 1,
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
};

function autoComplete(name: string, type: string) {
  if (type === "email") return "email";
  return { firstname: "given-name", lastname: "family-name", company: "organization", phone: "tel", jobtitle: "organization-title" }[name];
}
