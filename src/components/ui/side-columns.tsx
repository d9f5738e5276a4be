import styled from "styled-components";
import { theme } from "../../theme/theme";

/** Main content with a 320px aside on wide screens. */
export const SideColumns = styled.div`
  display: grid;
  gap: ${theme.space.xxl};
  align-items: start;
  ${theme.media.l} {
    grid-template-columns: minmax(0, 1fr) 320px;
  }
  aside ul {
    padding-left: 1.2em;
  }
`;
