import styled from "styled-components";

/** Main content with a 320px aside on wide screens. */
export const SideColumns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xxl};
  align-items: start;
  ${({ theme }) => theme.media.l} {
    grid-template-columns: minmax(0, 1fr) 320px;
  }
  aside ul {
    padding-left: 1.2em;
  }
`;
