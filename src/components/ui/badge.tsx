import type React from "react";
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
const pad: Record<BadgeSize, [string, string]> = { XS: ["1px 6px", "10px"], S: ["2px 8px", "12px"], M: ["4px 10px", "14px"] };

/** A badge's colour and size, as its element's own style. */
export function badgeStyle(color: BadgeColor = "cobalt", size: BadgeSize = "S"): React.CSSProperties {
  const [background, foreground] = tint[color];
  const [padding, fontSize] = pad[size];
  return { background, color: foreground, padding, fontSize };
}

/**
 * docs/product-rules.md#design-tokens: badge colours and sizes XS, S, M. One static rule for every badge; the colour and size are the
 * element's own style, as for icons (a rule per colour and size would be a full copy of the badge's CSS each,
 * enough on a page of many badges to push its HTML past the first TCP window; docs/techniques/static-styles.md).
 */
export const Badge = styled.span.attrs<{ $color?: BadgeColor; $size?: BadgeSize }>(({ $color, $size }) => ({
  // styled-components merges this with a style the badge is given
  style: badgeStyle($color, $size),
}))`
  display: inline-block;
  border-radius: ${theme.radii.pill};
  font-weight: ${theme.fontWeights.bold};
  letter-spacing: 0.04em;
  line-height: 1.4;
  vertical-align: middle;
`;
