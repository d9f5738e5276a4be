import type React from "react";
import { visibleFields } from "../../lib/lead-form/rules";
import type { LeadFormDefinition, LeadFormField } from "../../lib/lead-form/types";
import { Group, Row } from "./lead-form-styles";

/** What a layout places: the form's parts, rendered by the form, which owns their state. */
export interface LeadFormLayoutProps {
  form: LeadFormDefinition;
  fields: readonly LeadFormField[];
  /** One field's control; `bare` for the email catcher's input, whose label is visually hidden. */
  renderField(field: LeadFormField, bare?: boolean): React.ReactNode;
  submit: React.ReactNode;
  /** The status message, which takes the submit control's place once the form is sent (docs/product-rules.md#lead-form-flow); null before. */
  status: React.ReactNode;
  consent: React.ReactNode;
}

const RichText = ({ richText }: { richText: string }) => <div className="rich-text" dangerouslySetInnerHTML={{ __html: richText }} />;

/** docs/product-rules.md#lead-form-flow email catcher: the groups' texts, the email input and the button on one row, then files and consent. */
export function EmailCatcherLayout({ form, fields, renderField, submit, status, consent }: LeadFormLayoutProps) {
  const shown = (type: string) => fields.filter((f) => !f.hidden && f.fieldType === type);
  return (
    <>
      {(form.fieldGroups ?? []).map((g, i) => g.richText && <RichText key={i} richText={g.richText} />)}
      {status ?? (
        <Row>
          {shown("email").map((f) => renderField(f, true))}
          {submit}
        </Row>
      )}
      {shown("file").map((f) => renderField(f))}
      {consent}
    </>
  );
}

/** A group takes the whole row (in the compact layout's two columns) when it has text, several fields or a wide one. */
const WIDE_FIELD_TYPES: ReadonlySet<string> = new Set(["multi_line_text", "radio", "file"]);

/** docs/product-rules.md#lead-form-flow regular and compact layouts: each field group with its text, consent, then the submit control. */
export function StandardLayout({ form, renderField, submit, status, consent }: LeadFormLayoutProps) {
  return (
    <>
      {(form.fieldGroups ?? []).map((group, i) => {
        const shown = visibleFields(group);
        if (!shown.length) return null;
        const wide = Boolean(group.richText) || shown.length > 1 || shown.some((f) => WIDE_FIELD_TYPES.has(f.fieldType));
        return (
          <Group key={i} className={wide ? "full" : undefined} data-group={i}>
            {group.richText && <RichText richText={group.richText} />}
            <div className="fields">{shown.map((f) => renderField(f))}</div>
          </Group>
        );
      })}
      {consent}
      <div className="full">{status ?? submit}</div>
    </>
  );
}
