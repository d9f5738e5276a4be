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
  table {
    border-collapse: collapse;
    width: 100%;
    font-size: ${theme.fontSizes.m};
  }
  th,
  td {
    border-bottom: 1px solid ${theme.colors.border};
    padding: 10px 12px;
    text-align: left;
    vertical-align: top;
  }
  th {
    background: ${theme.colors.surface};
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
    font-weight: 700;
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
