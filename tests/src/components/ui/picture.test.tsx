import { renderToStaticMarkup } from "react-dom/server";
import type { IGatsbyImageData } from "gatsby-plugin-image";
import { describe, expect, it } from "vitest";
import { Picture } from "../../../../src/components/ui/picture";

const BLUR = "data:image/png;base64,iVBORw0KGgo=";
const image = (extra: Partial<IGatsbyImageData> = {}): IGatsbyImageData => ({
  layout: "constrained",
  width: 640,
  height: 360,
  images: {
    fallback: { src: "/hero-640.png", srcSet: "/hero-320.png 320w,\n/hero-640.png 640w", sizes: "(min-width: 640px) 640px, 100vw" },
  },
  placeholder: { fallback: BLUR },
  ...extra,
});

describe("Picture's placeholder", () => {
  it("a lazy image shows its blurred copy until it paints", () => {
    const html = renderToStaticMarkup(<Picture image={image()} alt="Inbox" />);
    expect(html).toContain('loading="lazy"');
    expect(html).toContain(`background-image:url(&quot;${BLUR}&quot;)`);
  });

  it("the page's largest image carries no blurred copy in the HTML, only its colour", () => {
    const html = renderToStaticMarkup(<Picture image={image({ backgroundColor: "#d8e0f0" })} alt="Inbox" priority />);
    expect(html).toContain('fetchpriority="high"');
    expect(html).not.toContain(BLUR);
    expect(html).not.toContain("background-image");
    expect(html).toContain("background-color:#d8e0f0");
  });
});
