import { describe, expect, it } from "vitest";
import { renderWithStyles } from "../../../fixtures/render-with-styles";
import { Icon } from "../../../../src/components/ui/icon";

const render = renderWithStyles;

describe("Icon", () => {
  it("names its glyph once, as --icon, which both mask properties of the one static rule read", () => {
    const { html, css } = render(
      <>
        <Icon name="inbox" />
        <Icon name="book-open" size={24} label="Guides" />
      </>,
    );
    expect(html).toContain('style="width:20px;height:20px;--icon:url(&quot;/icons/inbox.svg&quot;)"');
    expect(html).toContain('style="width:24px;height:24px;--icon:url(&quot;/icons/book-open.svg&quot;)"');
    expect(html).not.toContain("mask-image");
    expect(css).toContain("-webkit-mask-image:var(--icon);mask-image:var(--icon);");
    expect(css).not.toContain("/icons/");
    expect(new Set([...html.matchAll(/class="([^"]*)"/g)].map((m) => m[1])).size).toBe(1);
  });

  it("is decorative without a label, an image with one, and nothing for a name that is not an icon name", () => {
    expect(render(<Icon name="inbox" />).html).toContain('aria-hidden="true"');
    expect(render(<Icon name="inbox" label="Inbox" />).html).toContain('role="img" aria-label="Inbox"');
    expect(render(<Icon name="../secrets" />).html).toBe("");
  });
});
