import styled from "styled-components";
import { theme } from "../../theme/theme";

/** A titled group of the staffing calculator's inputs (a channel, the team): a bordered panel whose legend is its title. */
export const InputPanel = styled.fieldset`
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.l};
  padding: ${theme.space.l};
  margin: 0 0 ${theme.space.l};
  background: ${theme.colors.white};
  legend {
    padding: 0 ${theme.space.xs};
    font-size: ${theme.fontSizes.xl};
    font-weight: ${theme.fontWeights.bold};
  }
`;
