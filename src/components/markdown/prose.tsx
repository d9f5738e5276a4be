import styled from "styled-components";
import { theme } from "../../theme/theme";

/** Typography for rendered Markdown: call-out boxes, images, tables. */
export const Prose = styled.div`
  max-width: ${theme.layout.textWidth};
  font-size: ${theme.fontSizes.l};
  h2 {
    margin-top: ${theme.space.xxl};
  }
  h3 {
    margin-top: ${theme.space.xl};
  }
  ul,
  ol {
    padding-left: 1.4em;
    margin: 0 0 ${theme.space.m};
  }
  li {
    margin-bottom: ${theme.space.xxs};
  }
  blockquote {
    margin: ${theme.space.l} 0;
    padding-left: ${theme.space.l};
    border-left: 4px solid ${theme.colors.cobalt};
    color: ${theme.colors.textMuted};
    font-style: italic;
  }
  img {
    border-radius: ${theme.radii.m};
    display: block;
  }
  code {
    font-family: ${theme.fonts.mono};
    font-size: 0.9em;
    background: ${theme.colors.surface};
    padding: 1px 4px;
    border-radius: 4px;
  }
  pre {
    overflow-x: auto;
    background: ${theme.colors.surface};
    padding: ${theme.space.m};
    border-radius: ${theme.radii.m};
  }
  .table-scroll {
    overflow-x: auto;
    margin: ${theme.space.l} 0;
  }
  /* Phones: a row is its first cell on a line of its own, then its other cells side by side in equal
     columns, under the header row laid out the same way. Every column stays in view (a comparison table
     cut off at "Unlimite…" with no sign it scrolls was the alternative), and a value stays under its heading. */
  table {
    display: block;
    border-collapse: collapse;
    width: 100%;
    font-size: ${theme.fontSizes.s};
  }
  thead,
  tbody {
    display: block;
  }
  tr {
    display: flex;
    flex-wrap: wrap;
    border-bottom: 1px solid ${theme.colors.border};
  }
  thead tr {
    background: ${theme.colors.surface};
  }
  th,
  td {
    flex: 1 1 0;
    min-width: 0;
    padding: 6px 8px;
    text-align: left;
    vertical-align: top;
    overflow-wrap: break-word;
    hyphens: auto;
  }
  tr > :first-child {
    flex-basis: 100%;
    padding-bottom: 0;
  }
  td:first-child {
    font-weight: ${theme.fontWeights.bold};
  }
  tr > :first-child:empty {
    padding: 0;
  }
  ${theme.media.s} {
    table {
      display: table;
      font-size: ${theme.fontSizes.m};
    }
    thead {
      display: table-header-group;
    }
    tbody {
      display: table-row-group;
    }
    tr {
      display: table-row;
      border-bottom: 0;
    }
    th,
    td {
      display: table-cell;
      padding: 10px 12px;
      border-bottom: 1px solid ${theme.colors.border};
    }
    tr > :first-child {
      padding-bottom: 10px;
    }
    td:first-child {
      font-weight: inherit;
    }
    th {
      background: ${theme.colors.surface};
    }
  }
  .callout {
    margin: ${theme.space.l} 0;
    padding: ${theme.space.m} ${theme.space.l};
    border-radius: ${theme.radii.m};
    border-left: 6px solid ${theme.colors.cobalt};
    background: ${theme.colors.cobaltTint};
    p:last-child {
      margin-bottom: 0;
    }
  }
  .callout__title {
    font-weight: ${theme.fontWeights.bold};
    margin-bottom: ${theme.space.xs};
  }
  .callout--tip {
    border-color: ${theme.colors.green};
    background: ${theme.colors.greenTint};
  }
  .callout--warning,
  .callout--caution {
    border-color: ${theme.colors.orange};
    background: ${theme.colors.orangeTint};
  }
  .callout--important {
    border-color: ${theme.colors.purple};
    background: ${theme.colors.purpleTint};
  }
`;
