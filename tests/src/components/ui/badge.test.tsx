import { describe, expect, it } from "vitest";
import { renderWithStyles } from "../../../fixtures/render-with-styles";
import { Badge, badgeStyle, type BadgeColor, type BadgeSize } from "../../../../src/components/ui/badge";

const render = renderWithStyles;

describe("Badge", () => {
  it("carries its colour and size in its own style: cobalt and S by default", () => {
    expect(render(<Badge>New</Badge>).html).toContain('style="background:#1f4fd1;color:#ffffff;padding:2px 8px;font-size:12px"');
    expect(
      render(
        <Badge $color="clayTint" $size="M">
          New
        </Badge>,
      ).html,
    ).toContain('style="background:#f6ece6;color:#6b3f2c;padding:4px 10px;font-size:14px"');
    expect(badgeStyle("green", "XS")).toEqual({ background: "#e3f5ea", color: "#0f5c34", padding: "1px 6px", fontSize: "10px" });
  });

  it("keeps a style it is given", () => {
    expect(render(<Badge style={{ marginLeft: 4 }}>New</Badge>).html).toContain(
      'style="margin-left:4px;background:#1f4fd1;color:#ffffff;padding:2px 8px;font-size:12px"',
    );
  });

  it("is one rule for every colour and size (the design system page shows all 39)", () => {
    const colors: BadgeColor[] = ["charcoal", "clay", "green", "yellow"];
    const sizes: BadgeSize[] = ["XS", "S", "M"];
    const { html, css } = render(
      <>
        {colors.flatMap((c) =>
          sizes.map((s) => (
            <Badge key={c + s} $color={c} $size={s}>
              {c}
            </Badge>
          )),
        )}
      </>,
    );
    const classes = new Set([...html.matchAll(/class="([^"]*)"/g)].map((m) => m[1]));
    expect(classes.size).toBe(1);
    expect(css.match(/border-radius:999px/g)).toHaveLength(1);
    expect(css).not.toContain("background");
    expect(html).not.toMatch(/\$color|\$size/);
  });
});
