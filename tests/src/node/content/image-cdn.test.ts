import { describe, expect, it } from "vitest";
import { cdnImageData } from "../../../../src/node/content/image-cdn";

const DOMAIN = "images.northdesk.com";
const hero = { path: "/static/3f2a/hero.png", width: 2400, height: 1200 };

// Entries are separated by a comma and whitespace; commas inside a URL (auto=format,compress) are valid srcset syntax.
const urlsOf = (srcSet: string) => srcSet.split(/,\s+/).map((entry) => new URL(entry.trim().split(/\s+/)[0]));

describe("image CDN data for gatsby-plugin-image (docs/product-rules.md#images, #constants)", () => {
  it("a constrained image gets a width-based srcset on the CDN, capped at the source width, with default quality and auto format", () => {
    const data = cdnImageData(DOMAIN, hero, { layout: "CONSTRAINED", width: 1200 });
    expect(data.layout).toBe("constrained");
    expect(data.width).toBe(1200);
    expect(data.height).toBe(600);
    const urls = urlsOf(data.images.fallback!.srcSet!);
    expect(urls.length).toBeGreaterThan(1);
    for (const url of urls) {
      expect(url.host).toBe(DOMAIN);
      expect(url.pathname).toBe("/static/3f2a/hero.png");
      expect(url.searchParams.get("auto")).toBe("format,compress");
      expect(url.searchParams.get("q")).toBe("75");
      expect(Number(url.searchParams.get("w"))).toBeLessThanOrEqual(2400);
      // Height follows the aspect ratio of the requested box, so the CDN crops exactly what the layout reserves.
      expect(Number(url.searchParams.get("h")) * 2).toBeCloseTo(Number(url.searchParams.get("w")), -1);
    }
    expect(data.images.sources ?? []).toEqual([]);
  });

  it("a full-width image uses the default breakpoints 750, 1080, 1366, 1920 , never above the source width", () => {
    const data = cdnImageData(DOMAIN, hero, { layout: "FULL_WIDTH" });
    const widths = urlsOf(data.images.fallback!.srcSet!).map((url) => Number(url.searchParams.get("w")));
    expect(widths).toEqual(expect.arrayContaining([750, 1080, 1366, 1920]));
    expect(Math.max(...widths)).toBeLessThanOrEqual(2400);
    expect(data.images.fallback!.sizes).toBe("100vw");
  });

  it("a fixed image gets 1x and 2x densities and needs a width", () => {
    const data = cdnImageData(DOMAIN, hero, { layout: "FIXED", width: 300 });
    expect(data.width).toBe(300);
    expect(data.images.fallback!.srcSet).toMatch(/ 300w/);
    expect(data.images.fallback!.srcSet).toMatch(/ 600w/);
    expect(() => cdnImageData(DOMAIN, hero, { layout: "FIXED" })).toThrow(/fixed image needs a width/);
  });

  it("an explicit format becomes a <picture> source with the CDN's fm parameter", () => {
    const data = cdnImageData(DOMAIN, hero, { width: 600, formats: ["AUTO", "WEBP"] });
    expect(data.images.sources).toHaveLength(1);
    expect(data.images.sources![0].type).toBe("image/webp");
    for (const url of urlsOf(data.images.sources![0].srcSet)) expect(url.searchParams.get("fm")).toBe("webp");
  });

  it("a blurred placeholder is the site's placeholder size and format from the CDN; none when placeholder is NONE", () => {
    const blurred = cdnImageData(DOMAIN, hero, { width: 600 });
    const placeholder = new URL(blurred.placeholder!.fallback!);
    expect(placeholder.searchParams.get("w")).toBe("20");
    expect(placeholder.searchParams.get("h")).toBe("10");
    expect(placeholder.searchParams.get("fm")).toBe("webp");
    expect(cdnImageData(DOMAIN, hero, { width: 600, placeholder: "NONE" }).placeholder).toBeUndefined();
  });

  it("bad input fails the build with a clear error", () => {
    expect(() => cdnImageData(DOMAIN, hero, { layout: "stretched" })).toThrow(/fixed, fullWidth or constrained/);
    expect(() => cdnImageData(DOMAIN, hero, { width: -5 })).toThrow(/width must be a positive number/);
    expect(() => cdnImageData(DOMAIN, { ...hero, height: 0 })).toThrow(/source height must be a positive number/);
    expect(() => cdnImageData("https://images.northdesk.com/", hero)).toThrow(/bare fully qualified domain name/);
  });
});
