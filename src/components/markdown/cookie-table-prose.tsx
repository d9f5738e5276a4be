import styled from "styled-components";
import { theme } from "../../theme/theme";
import { Prose } from "./prose";

/** Whether a rendered body holds the cookie notice's table (src/node/content/cookie-table.ts). */
export const hasCookieTable = (body: { segments: readonly { html?: string | null }[] }) =>
  body.segments.some((s) => s.html?.includes('class="cookie-table"'));

/** Prose with the cookie notice's table: a page of its own, so no other page carries these rules. */
export const CookieTableProse = styled(Prose)`
  table.cookie-table {
    display: block;
    caption {
      display: block;
      text-align: left;
      font-weight: ${theme.fontWeights.bold};
      padding-bottom: ${theme.space.xs};
    }
    thead {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0 0 0 0);
    }
    tbody,
    tr {
      display: block;
    }
    tr {
      padding: ${theme.space.s} 0;
    }
    th,
    td {
      display: block;
      padding: ${theme.space.xxs} 0;
      border: 0;
      background: none;
      font-size: ${theme.fontSizes.s};
    }
    th[scope="row"] {
      font-size: ${theme.fontSizes.m};
    }
    td::before {
      content: attr(data-label);
      display: block;
      font-weight: ${theme.fontWeights.bold};
      color: ${theme.colors.textMuted};
    }
    ul {
      margin: 0;
      padding-left: 1.1em;
    }
    li {
      margin: 0;
    }
    code {
      overflow-wrap: anywhere;
    }
  }
  /* Wider screens: each cell's label beside its value (the pseudo-element is a grid item). Seven columns in the
     text width broke store names mid-word and cut the last column off. */
  ${theme.media.m} {
    table.cookie-table td {
      display: grid;
      grid-template-columns: 9rem minmax(0, 1fr);
      gap: ${theme.space.m};
    }
  }
`;
