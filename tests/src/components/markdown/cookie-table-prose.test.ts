import { describe, expect, it } from "vitest";
import { hasCookieTable } from "../../../../src/components/markdown/cookie-table-prose";

describe("hasCookieTable", () => {
  it("is true only for a body with the generated cookie table, so other pages carry none of its rules", () => {
    expect(hasCookieTable({ segments: [{ html: "<p>x</p>" }, { html: '<table class="cookie-table"></table>' }] })).toBe(true);
    expect(hasCookieTable({ segments: [{ html: "<table></table>" }, { html: null }] })).toBe(false);
  });
});
