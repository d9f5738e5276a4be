import styled from "styled-components";

/**
 * Room for every content a slot may show, so swapping one for another moves nothing (CLS 0):
 * the contents share one grid cell, which is as large as the largest; only the first is visible.
 * The others are aria-hidden and invisible (not focusable, not in the accessibility tree).
 */
export const ReserveStack = styled.div<{ $inline?: boolean }>`
  display: ${({ $inline }) => ($inline ? "inline-grid" : "grid")};
  > * {
    grid-area: 1 / 1;
  }
  > [aria-hidden] {
    visibility: hidden;
  }
`;

/** A text that may be replaced by one of `alternatives` (e.g. a personalized navigation label). */
export function ReservedText({ text, alternatives = [] }: { text: string; alternatives?: readonly string[] }) {
  const others = [...new Set(alternatives)].filter((alternative) => alternative !== text);
  if (others.length === 0) return <>{text}</>;
  return (
    <ReserveStack as="span" $inline>
      <span>{text}</span>
      {others.map((other) => (
        <span key={other} aria-hidden="true">
          {other}
        </span>
      ))}
    </ReserveStack>
  );
}
