import { describe, expect, it } from "vitest";
import { compact, digitsOnly, usd, withThousands } from "../../src/lib/format";

describe("number helpers (SPEC 5.2)", () => {
  it("strips everything but digits", () => expect(digitsOnly("$1,234.50 ")).toBe("123450"));
  it("adds thousands separators", () => {
    expect(withThousands(1234567)).toBe("1,234,567");
    expect(withThousands("999")).toBe("999");
    expect(withThousands(Number.NaN)).toBe("");
  });
  it("compacts above 999 with one decimal and a k", () => {
    expect(compact(999)).toBe("999");
    expect(compact(1000)).toBe("1k");
    expect(compact(1500)).toBe("1.5k");
    expect(compact(12345)).toBe("12.3k");
  });
  it("formats US dollars with and without cents", () => {
    expect(usd(1234.5)).toBe("$1,234.50");
    expect(usd(1234.5, { cents: false })).toBe("$1,235");
    expect(usd(Number.POSITIVE_INFINITY)).toBe("");
  });
});
