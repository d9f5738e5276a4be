import styled from "styled-components";
import { theme } from "../../theme/theme";
import { Prose } from "./prose";

/** Whether a rendered body holds the cookie notice's table (src/node/content/cookie-table.ts). */
export const hasCookieTable = (body: { segments: readonly { html?: string | null }[] }) =>
  body.segments.some((s) => s.html?.includes('class="cookie-table"'));

/**
 * Prose with the cookie notice's table: a page of its own, so no other page carries these rules. Up to a wide
 * screen one card per vendor, each cell under its column's name (`data-label`); there, a table. The column
 * headers stay for screen readers.
 */
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
  ${theme.media.l} {
    table.cookie-table {
      display: table;
      thead {
        position: static;
        width: auto;
        height: auto;
        overflow: visible;
        clip: auto;
        display: table-header-group;
      }
      tbody {
        display: table-row-group;
      }
      caption {
        display: table-caption;
      }
      tr {
        display: table-row;
      }
      th,
      td {
        display: table-cell;
        padding: ${theme.space.xs};
        border-bottom: 1px solid ${theme.colors.border};
      }
      th[scope="col"] {
        background: ${theme.colors.surface};
      }
      th[scope="row"] {
        font-size: ${theme.fontSizes.s};
      }
      td::before {
        content: none;
      }
    }
  }
`;
