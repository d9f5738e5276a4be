import styled from "styled-components";
import { theme } from "../../theme/theme";
import type { GuideCompetency } from "./interview-plan";

export const PickerSet = styled.fieldset`
  border: 0;
  padding: 0;
  margin: ${theme.space.l} 0 0;
  legend {
    font-weight: ${theme.fontWeights.bold};
    font-size: ${theme.fontSizes.l};
    margin-bottom: ${theme.space.xs};
    padding: 0;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  li + li {
    margin-top: ${theme.space.xs};
  }
  label {
    display: grid;
    grid-template-columns: 20px 1fr;
    gap: ${theme.space.s};
    align-items: start;
    cursor: pointer;
    padding: ${theme.space.xs};
    border-radius: ${theme.radii.s};
    &:hover {
      background: ${theme.colors.cobaltTint};
    }
  }
  input {
    width: 18px;
    height: 18px;
    margin-top: 3px;
    accent-color: ${theme.colors.cobaltDark};
  }
  small {
    display: block;
    color: ${theme.colors.textMuted};
    font-size: ${theme.fontSizes.s};
  }
`;

/** The name of the competency boxes (each box's value is the competency's name). */
export const COMPETENCY_CONTROL = "builder-competency";

export interface CompetencyPickerProps {
  competencies: readonly GuideCompetency[];
  selected: readonly string[];
  onToggle: (name: string) => void;
}

/** Step 2: the competencies this interview assesses. */
export function CompetencyPicker({ competencies, selected, onToggle }: CompetencyPickerProps) {
  return (
    <PickerSet>
      <legend>Competencies to assess</legend>
      <ul>
        {competencies.map((c) => (
          <li key={c.name}>
            <label>
              <input
                type="checkbox"
                name={COMPETENCY_CONTROL}
                value={c.name}
                checked={selected.includes(c.name)}
                onChange={() => onToggle(c.name)}
              />
              <span>
                {c.name}
                <small>{c.description}</small>
              </span>
            </label>
          </li>
        ))}
      </ul>
    </PickerSet>
  );
}
