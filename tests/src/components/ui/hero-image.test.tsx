// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { render } from "@testing-library/react";
import type { IGatsbyImageData } from "gatsby-plugin-image";
import { HeroImage } from "../../../../src/components/ui/hero-image";

const data: IGatsbyImageData = {
  layout: "constrained",
  width: 1200,
  height: 800,
  images: {
    fallback: { src: "/static/a.jpg", srcSet: "/static/a-600.jpg 600w, /static/a.jpg 1200w", sizes: "(min-width: 1200px) 1200px, 100vw" },
    sources: [{ type: "image/webp", srcSet: "/static/a.webp 1200w", sizes: "100vw" }],
  },
};

describe("HeroImage (hero images eager with high priority, no CLS)", () => {
  it("renders a picture whose img loads eagerly with high fetch priority and fixed dimensions", () => {
    const { container } = render(<HeroImage image={data} alt="A support team at work" />);
    const img = container.querySelector("img")!;
    expect(img.getAttribute("fetchpriority")).toBe("high");
    expect(img.getAttribute("loading")).toBe("eager");
    expect(img).toHaveAttribute("width", "1200");
    expect(img).toHaveAttribute("height", "800");
    expect(img).toHaveAttribute("alt", "A support team at work");
    expect(img.style.maxWidth).toBe("1200px");
    expect(container.querySelector("source[type='image/webp']")).toHaveAttribute("srcset", "/static/a.webp 1200w");
  });
});
