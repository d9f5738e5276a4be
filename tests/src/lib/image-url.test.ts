import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  IMAGE_DEFAULTS,
  buildImageUrl,
  buildSrcSet,
  targetWidths,
  validateDomain,
  validateImageArgs,
  validateSrcSetOptions,
} from "../../../src/lib/image-url";

const D = "images.northdesk.com";

describe("image rules (docs/product-rules.md#images)", () => {
  it("layout must be fixed, fullWidth or constrained; fixed needs a width", () => {
    for (const layout of ["fixed", "fullWidth", "constrained"]) expect(() => validateImageArgs({ layout, width: 100 })).not.toThrow();
    expect(() => validateImageArgs({ layout: "responsive" })).toThrow(/fixed, fullWidth or constrained/);
    expect(() => validateImageArgs({ layout: "fixed" })).toThrow(/needs a width/);
  });
  it("dimensions must be positive numbers", () => {
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY])
      for (const key of ["width", "height", "aspectRatio"]) expect(() => validateImageArgs({ [key]: bad })).toThrow(/positive number/);
  });
  it("srcset min and max widths are positive integers with min not above max", () => {
    expect(() => validateSrcSetOptions({ minWidth: 0 })).toThrow(/minWidth/);
    expect(() => validateSrcSetOptions({ maxWidth: 10.5 })).toThrow(/maxWidth/);
    expect(() => validateSrcSetOptions({ minWidth: 500, maxWidth: 400 })).toThrow(/must not be above/);
    expect(() => validateSrcSetOptions({ minWidth: 400, maxWidth: 400 })).not.toThrow();
  });
  it("width tolerance is at least 0.01", () => {
    expect(() => validateSrcSetOptions({ widthTolerance: 0.009 })).toThrow(/at least 0.01/);
    expect(() => validateSrcSetOptions({ widthTolerance: 0.01 })).not.toThrow();
  });
  it("custom widths are a non-empty array of positive integers", () => {
    for (const widths of [[], [0], [100, 1.5], [-3]]) expect(() => validateSrcSetOptions({ widths })).toThrow(/non-empty array/);
  });
  it("pixel ratios are numbers from 1 to 5", () => {
    expect(() => validateSrcSetOptions({ devicePixelRatios: [0.5] })).toThrow(/from 1 to 5/);
    expect(() => validateSrcSetOptions({ devicePixelRatios: [6] })).toThrow(/from 1 to 5/);
    expect(() => validateSrcSetOptions({ devicePixelRatios: [1, 1.5, 5] })).not.toThrow();
  });
  it("the domain is a bare fully qualified name without protocol or path", () => {
    expect(validateDomain("Images.Northdesk.com")).toBe("images.northdesk.com");
    for (const bad of [
      "https://images.northdesk.com",
      "images.northdesk.com/path",
      "localhost",
      "images.northdesk.com:8080",
      "",
      "a..b.com",
    ])
      expect(() => validateDomain(bad)).toThrow(/bare fully qualified/);
  });
});

describe("image URL builder (docs/product-rules.md#constants defaults)", () => {
  it("defaults to quality 75 with auto format and compress, parameters sorted", () => {
    expect(buildImageUrl(D, "/blog/hero shot.png", { w: 640 })).toBe(
      "https://images.northdesk.com/blog/hero%20shot.png?auto=format,compress&q=75&w=640",
    );
  });
  it("caps the width at 8192", () => {
    expect(buildImageUrl(D, "a.png", { w: 20000 })).toContain("w=8192");
  });
  it("fixed images: pixel ratios 1 to 5 with qualities 75, 50, 35, 23, 20", () => {
    const set = buildSrcSet(D, "a.png", { w: 300 }).split(",\n");
    expect(set).toHaveLength(5);
    expect(set.map((s) => /q=(\d+)/.exec(s)![1])).toEqual(["75", "50", "35", "23", "20"]);
    expect(set.map((s) => s.split(" ")[1])).toEqual(["1x", "2x", "3x", "4x", "5x"]);
  });
  it("an explicit quality wins over the per-ratio qualities", () => {
    expect(buildSrcSet(D, "a.png", { w: 300, q: 60 }).match(/q=60/g)).toHaveLength(5);
  });
  it("fluid images: widths from 100 to 8192 within the 0.08 tolerance", () => {
    const widths = targetWidths();
    expect(widths[0]).toBe(IMAGE_DEFAULTS.minSrcSetWidth);
    expect(widths.at(-1)).toBe(IMAGE_DEFAULTS.maxWidth);
    const set = buildSrcSet(D, "a.png").split(",\n");
    expect(set).toHaveLength(widths.length);
    expect(set[0]).toMatch(/w=100 100w$/);
  });
  it("custom widths are used as given", () => {
    expect(buildSrcSet(D, "a.png", {}, { widths: [...IMAGE_DEFAULTS.breakpoints] }).match(/ \d+w/g)).toEqual([
      " 750w",
      " 1080w",
      " 1366w",
      " 1920w",
    ]);
  });
  it("generated widths always rise, end at max and never step more than the tolerance allows", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4000 }),
        fc.integer({ min: 0, max: 4000 }),
        fc.double({ min: 0.01, max: 1, noNaN: true }),
        (min, extra, tol) => {
          const widths = targetWidths(min, min + extra, tol);
          expect(widths[0]).toBe(min);
          expect(widths.at(-1)).toBe(min + extra);
          for (let i = 1; i < widths.length; i++) {
            expect(widths[i]).toBeGreaterThan(widths[i - 1]);
            expect(widths[i]).toBeLessThanOrEqual(Math.ceil(widths[i - 1] * (1 + 2 * tol)) + 1);
          }
        },
      ),
    );
  });
});
