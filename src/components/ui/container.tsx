import styled from "styled-components";
import { theme } from "../../theme/theme";

export const Container = styled.div<{ $narrow?: boolean }>`
  width: 100%;
  max-width: ${({ $narrow }) => ($narrow ? theme.layout.textWidth : theme.layout.maxWidth)};
  margin: 0 auto;
  padding: 0 ${theme.space.l};
`;

export const Section = styled.section<{ $tone?: "plain" | "surface" | "dark" }>`
  padding: ${theme.space.xxxl} 0;
  background: ${({ $tone }) => ($tone === "surface" ? theme.colors.surface : $tone === "dark" ? theme.colors.charcoal : "transparent")};
  color: ${({ $tone }) => ($tone === "dark" ? theme.colors.white : "inherit")};
`;

export const Eyebrow = styled.p`
  text-transform: uppercase;
  letter-spacing: 0.08em;
  font-size: ${theme.fontSizes.s};
  font-weight: ${theme.fontWeights.bold};
  color: ${theme.colors.cobaltDark};
  margin-bottom: ${theme.space.s};
`;

export const Lead = styled.p`
  font-size: ${theme.fontSizes.l};
  color: ${theme.colors.textMuted};
  max-width: 60ch;
`;

/**
 * Cards in as many columns as fit, each at least `$min` wide; with `$max`, never more than that many
 * columns (a column is then at least 1/$max of the row), so a short list does not leave empty tracks.
 */
export const Grid = styled.div<{ $min?: string; $max?: number }>`
  display: grid;
  gap: ${theme.space.l};
  grid-template-columns: repeat(
    auto-fill,
    minmax(${({ $min = "260px", $max }) => ($max ? `max(${$min}, calc((100% - ${$max - 1} * ${theme.space.l}) / ${$max}))` : $min)}, 1fr)
  );
`;

export const Card = styled.article`
  background: ${theme.colors.white};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.l};
  padding: ${theme.space.l};
  box-shadow: ${theme.shadows.card};
  color: ${theme.colors.text};
`;
