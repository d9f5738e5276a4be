/** The design tokens: every badge's text reads on its background (docs/product-rules.md#design-tokens badges; WCAG 2.1 AA, 4.5:1 for their small text). */
import { describe, expect, it } from "vitest";
import { badgeColors, colors } from "../../../src/lib/design-tokens";

/** WCAG 2.1 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
};

describe("design tokens", () => {
  it("every colour is a #rrggbb value", () => {
    for (const value of [...Object.values(colors), ...Object.values(badgeColors).flatMap((p) => [p.background, p.foreground])])
      expect(value).toMatch(/^#[0-9a-f]{6}$/);
  });
  it.each(Object.entries(badgeColors))("the %s badge's text has at least 4.5:1 contrast", (_, { background, foreground }) => {
    expect(contrast(background, foreground)).toBeGreaterThanOrEqual(4.5);
  });
  it("body text and muted text read on the background", () => {
    expect(contrast(colors.text, colors.background)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(colors.textMuted, colors.background)).toBeGreaterThanOrEqual(4.5);
  });
});
