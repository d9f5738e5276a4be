import styled from "styled-components";

export const Container = styled.div<{ $narrow?: boolean }>`
  width: 100%;
  max-width: ${({ theme, $narrow }) => ($narrow ? theme.layout.textWidth : theme.layout.maxWidth)};
  margin: 0 auto;
  padding: 0 ${({ theme }) => theme.space.l};
`;

export const Section = styled.section<{ $tone?: "plain" | "surface" | "dark" }>`
  padding: ${({ theme }) => theme.space.xxxl} 0;
  background: ${({ theme, $tone }) => ($tone === "surface" ? theme.colors.surface : $tone === "dark" ? theme.colors.charcoal : "transparent")};
  color: ${({ theme, $tone }) => ($tone === "dark" ? theme.colors.white : "inherit")};
`;

export const Eyebrow = styled.p`
  text-transform: uppercase;
  letter-spacing: 0.08em;
  font-size: ${({ theme }) => theme.fontSizes.s};
  font-weight: 700;
  color: ${({ theme }) => theme.colors.cobaltDark};
  margin-bottom: ${({ theme }) => theme.space.s};
`;

export const Lead = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.l};
  color: ${({ theme }) => theme.colors.textMuted};
  max-width: 60ch;
`;

export const Grid = styled.div<{ $min?: string }>`
  display: grid;
  gap: ${({ theme }) => theme.space.l};
  grid-template-columns: repeat(auto-fill, minmax(${({ $min = "260px" }) => $min}, 1fr));
`;

export const Card = styled.article`
  background: ${({ theme }) => theme.colors.white};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.l};
  padding: ${({ theme }) => theme.space.l};
  box-shadow: ${({ theme }) => theme.shadows.card};
  color: ${({ theme }) => theme.colors.text};
`;
