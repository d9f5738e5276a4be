import styled from "styled-components";
import { theme } from "../../theme/theme";

export type BadgeColor =
  | "charcoal"
  | "charcoalTint"
  | "clay"
  | "clayTint"
  | "cobalt"
  | "green"
  | "magenta"
  | "orange"
  | "purple"
  | "red"
  | "slate"
  | "slateTint"
  | "yellow";
export type BadgeSize = "XS" | "S" | "M";

const tint: Record<BadgeColor, [string, string]> = {
  charcoal: ["#1d2330", "#ffffff"],
  charcoalTint: ["#e4e7ee", "#1d2330"],
  clay: ["#8a5a44", "#ffffff"],
  clayTint: ["#f6ece6", "#6b3f2c"],
  cobalt: ["#1f4fd1", "#ffffff"],
  green: ["#e3f5ea", "#0f5c34"],
  magenta: ["#fce7f2", "#8c1c56"],
  orange: ["#fff1e6", "#8f3806"],
  purple: ["#f1ecfd", "#53309e"],
  red: ["#fde8e8", "#9b1c22"],
  slate: ["#4a5568", "#ffffff"],
  slateTint: ["#edf0f5", "#2d3748"],
  yellow: ["#fff7d6", "#6b4b00"],
};
const pad: Record<BadgeSize, string> = { XS: "1px 6px; font-size: 10px", S: "2px 8px; font-size: 12px", M: "4px 10px; font-size: 14px" };

/** SPEC 3.8: badge colours and sizes XS, S, M. */
export const Badge = styled.span<{ $color?: BadgeColor; $size?: BadgeSize }>`
  display: inline-block;
  border-radius: ${theme.radii.pill};
  font-weight: ${theme.fontWeights.bold};
  letter-spacing: 0.04em;
  line-height: 1.4;
  vertical-align: middle;
  background: ${({ $color = "cobalt" }) => tint[$color][0]};
  color: ${({ $color = "cobalt" }) => tint[$color][1]};
  padding: ${({ $size = "S" }) => pad[$size]};
`;
