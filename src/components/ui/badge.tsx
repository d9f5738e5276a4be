import type React from "react";
import styled from "styled-components";
import { badgeColors, type BadgeColor } from "../../lib/design-tokens";
import { theme } from "../../theme/theme";

export type { BadgeColor };
export type BadgeSize = "XS" | "S" | "M";

const pad: Record<BadgeSize, [string, string]> = { XS: ["1px 6px", "10px"], S: ["2px 8px", "12px"], M: ["4px 10px", "14px"] };

/** A badge's colour and size, as its element's own style. */
export function badgeStyle(color: BadgeColor = "cobalt", size: BadgeSize = "S"): React.CSSProperties {
  const { background, foreground } = badgeColors[color];
  const [padding, fontSize] = pad[size];
  return { background, color: foreground, padding, fontSize };
}

/** docs/product-rules.md#design-tokens: badge colours and sizes XS, S, M. See docs/techniques/static-styles.md. */
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
