import styled from "styled-components";

/** Typography for rendered Markdown: call-out boxes, images, tables. */
export const Prose = styled.div`
  max-width: ${({ theme }) => theme.layout.textWidth};
  font-size: ${({ theme }) => theme.fontSizes.l};
  h2 {
    margin-top: ${({ theme }) => theme.space.xxl};
  }
  h3 {
    margin-top: ${({ theme }) => theme.space.xl};
  }
  ul,
  ol {
    padding-left: 1.4em;
    margin: 0 0 ${({ theme }) => theme.space.m};
  }
  li {
    margin-bottom: ${({ theme }) => theme.space.xxs};
  }
  blockquote {
    margin: ${({ theme }) => theme.space.l} 0;
    padding-left: ${({ theme }) => theme.space.l};
    border-left: 4px solid ${({ theme }) => theme.colors.cobalt};
    color: ${({ theme }) => theme.colors.textMuted};
    font-style: italic;
  }
  img {
    border-radius: ${({ theme }) => theme.radii.m};
    display: block;
  }
  code {
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: 0.9em;
    background: ${({ theme }) => theme.colors.surface};
    padding: 1px 4px;
    border-radius: 4px;
  }
  pre {
    overflow-x: auto;
    background: ${({ theme }) => theme.colors.surface};
    padding: ${({ theme }) => theme.space.m};
    border-radius: ${({ theme }) => theme.radii.m};
  }
  .table-scroll {
    overflow-x: auto;
    margin: ${({ theme }) => theme.space.l} 0;
  }
  table {
    border-collapse: collapse;
    width: 100%;
    font-size: ${({ theme }) => theme.fontSizes.m};
  }
  th,
  td {
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    padding: 10px 12px;
    text-align: left;
    vertical-align: top;
  }
  th {
    background: ${({ theme }) => theme.colors.surface};
  }
  .callout {
    margin: ${({ theme }) => theme.space.l} 0;
    padding: ${({ theme }) => theme.space.m} ${({ theme }) => theme.space.l};
    border-radius: ${({ theme }) => theme.radii.m};
    border-left: 6px solid ${({ theme }) => theme.colors.cobalt};
    background: ${({ theme }) => theme.colors.cobaltTint};
    p:last-child {
      margin-bottom: 0;
    }
  }
  .callout__title {
    font-weight: 700;
    margin-bottom: ${({ theme }) => theme.space.xs};
  }
  .callout--tip {
    border-color: ${({ theme }) => theme.colors.green};
    background: ${({ theme }) => theme.colors.greenTint};
  }
  .callout--warning,
  .callout--caution {
    border-color: ${({ theme }) => theme.colors.orange};
    background: ${({ theme }) => theme.colors.orangeTint};
  }
  .callout--important {
    border-color: ${({ theme }) => theme.colors.purple};
    background: ${({ theme }) => theme.colors.purpleTint};
  }
`;
