import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { initialHeaderScroll, nextHeaderScroll, type HeaderScrollState } from "../../../../src/components/layout/header-scroll";

const vh = 800;
const doc = 10_000;
const run = (ys: number[], isStatic = false) =>
  ys.reduce<HeaderScrollState>(
    (s, y) => nextHeaderScroll(s, { y, viewportHeight: vh, documentHeight: doc }, isStatic),
    initialHeaderScroll,
  );

describe("header scroll state (docs/product-rules.md#header-states)", () => {
  it("is UNINITIALIZED at the top and until half the viewport", () => {
    expect(run([0]).state).toBe("UNINITIALIZED");
    expect(run([100, 400]).state).toBe("UNINITIALIZED");
  });
  it("hides once scrolled down past half the viewport", () => {
    expect(run([100, 500, 900]).state).toBe("HIDING");
  });
  it("shows after scrolling up 100 px or more past the trigger, not 99", () => {
    expect(run([1000, 2000, 1901]).state).toBe("HIDING");
    expect(run([1000, 2000, 1900]).state).toBe("SHOWING");
    expect(run([1000, 2000, 1950, 1900]).state).toBe("SHOWING");
  });
  it("while shown, hides after scrolling down 200 px, not 199", () => {
    expect(run([1000, 2000, 1800, 1999]).state).toBe("SHOWING");
    expect(run([1000, 2000, 1800, 2000]).state).toBe("HIDING");
  });
  it("hides at the page bottom", () => {
    expect(run([1000, 3000, 2800, doc - vh]).state).toBe("HIDING");
  });
  it("static header: HIDING past half the viewport, else UNINITIALIZED", () => {
    expect(run([1000, 500, 401], true).state).toBe("HIDING");
    expect(run([1000, 3000, 200], true).state).toBe("UNINITIALIZED");
  });
  it("is always UNINITIALIZED within half a viewport of the top, whatever came before", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: doc - vh }), { maxLength: 30 }), fc.integer({ min: 0, max: vh / 2 }), (ys, top) => {
        expect(run([...ys, top]).state).toBe("UNINITIALIZED");
      }),
    );
  });
});
