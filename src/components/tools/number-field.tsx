import styled from "styled-components";
import { theme } from "../../theme/theme";
import type { NumberSpec } from "./staffing-form";

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.xxs};
  label {
    font-weight: ${theme.fontWeights.bold};
    font-size: ${theme.fontSizes.s};
  }
`;
const InputRow = styled.div<{ $invalid: boolean }>`
  display: flex;
  align-items: stretch;
  border: 1px solid ${({ $invalid }) => ($invalid ? theme.colors.red : theme.colors.slate)};
  border-radius: ${theme.radii.s};
  background: ${theme.colors.white};
  box-shadow: ${({ $invalid }) => ($invalid ? `0 0 0 1px ${theme.colors.red}` : "none")};
  &:focus-within {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 1px;
  }
  input {
    flex: 1;
    min-width: 0;
    border: 0;
    background: transparent;
    padding: ${`${theme.space.xs} ${theme.space.s}`};
    font: inherit;
    color: inherit;
    &:focus-visible {
      outline: none;
    }
  }
`;
const Unit = styled.span`
  display: flex;
  align-items: center;
  padding: 0 ${theme.space.s};
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.s};
  background: ${theme.colors.surface};
  border-left: 1px solid ${theme.colors.border};
  border-radius: ${`0 ${theme.radii.s} ${theme.radii.s} 0`};
`;
const Hint = styled.p`
  margin: 0;
  font-size: ${theme.fontSizes.xs};
  color: ${theme.colors.textMuted};
`;
const Error = styled.p`
  margin: 0;
  font-size: ${theme.fontSizes.s};
  font-weight: ${theme.fontWeights.bold};
  color: ${theme.colors.red};
`;

export interface NumberFieldProps {
  id: string;
  spec: NumberSpec;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}

/** A text field for a number: typed text is kept as is ("1,200"); the unit is part of the accessible name. */
export function NumberField({ id, spec, value, error, onChange }: NumberFieldProps) {
  const described = [spec.hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  const unitLabel = spec.unit === "%" ? "percent" : spec.unit;
  return (
    <Field>
      <label htmlFor={id}>
        {spec.label}
        {unitLabel && <span className="visually-hidden"> ({unitLabel})</span>}
      </label>
      <InputRow $invalid={Boolean(error)}>
        <input
          id={id}
          name={id}
          type="text"
          inputMode={spec.integer ? "numeric" : "decimal"}
          autoComplete="off"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          onChange={(e) => onChange(e.target.value)}
        />
        {spec.unit && <Unit aria-hidden="true">{spec.unit === "US dollars" ? "USD / year" : spec.unit}</Unit>}
      </InputRow>
      {spec.hint && <Hint id={`${id}-hint`}>{spec.hint}</Hint>}
      {error && <Error id={`${id}-error`}>{error}</Error>}
    </Field>
  );
}
