import styled from "styled-components";
import { SHOWN_COPY_ATTR, SHOW_ATTR } from "../../personalization/stored-selection";

/**
 * Room for every content a slot may show, so swapping one for another moves nothing (CLS 0): the contents
 * share one grid cell, which is as large as the largest; only the one not aria-hidden shows.
 */
export const ReserveStack = styled.div<{ $inline?: boolean }>`
  display: ${({ $inline }) => ($inline ? "inline-grid" : "grid")};
  > * {
    grid-area: 1 / 1;
  }
  > [aria-hidden] {
    visibility: hidden;
  }
  /* Before hydration the page may show another copy (src/personalization/stored-selection.ts SHOW_ATTR). */
  &[${SHOW_ATTR}] > * {
    visibility: hidden;
  }
  &[${SHOW_ATTR}] > [${SHOWN_COPY_ATTR}] {
    visibility: visible;
  }
`;

/** A text that may be replaced by one of `alternatives` (e.g. a personalized navigation label). */
export function ReservedText({ text, alternatives = [] }: { text: string; alternatives?: readonly string[] }) {
  const labels = [...new Set([...alternatives, text])];
  if (labels.length === 1) return <>{text}</>;
  return (
    <ReserveStack as="span" $inline>
      {labels.map((label) => (
        <span key={label} aria-hidden={label === text ? undefined : "true"}>
          {label}
        </span>
      ))}
    </ReserveStack>
  );
}
