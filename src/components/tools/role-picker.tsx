import styled from "styled-components";
import { theme } from "../../theme/theme";

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.xxs};
  label {
    font-weight: ${theme.fontWeights.bold};
  }
  select {
    font: inherit;
    padding: ${`${theme.space.xs} ${theme.space.s}`};
    border: 1px solid ${theme.colors.slate};
    border-radius: ${theme.radii.s};
    background: ${theme.colors.white};
    color: inherit;
    max-width: 100%;
  }
`;

/** The id and name of the role's select. */
export const ROLE_CONTROL = "builder-role";

export interface RolePickerProps {
  roles: readonly { slug: string; role: string }[];
  value: string;
  onChange: (slug: string) => void;
}

/** Step 1 of the interview builder: the role being hired for. */
export function RolePicker({ roles, value, onChange }: RolePickerProps) {
  return (
    <Field>
      <label htmlFor={ROLE_CONTROL}>Role you're hiring for</label>
      <select id={ROLE_CONTROL} name={ROLE_CONTROL} value={value} onChange={(e) => onChange(e.target.value)}>
        {roles.map((r) => (
          <option key={r.slug} value={r.slug}>
            {r.role}
          </option>
        ))}
      </select>
    </Field>
  );
}
