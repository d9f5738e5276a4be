import { describe, expect, it } from "vitest";
import { duration, percent } from "../../../../src/components/tools/staffing-display";

describe("staffing output text never shows NaN or Infinity", () => {
  it("formats durations and percentages, with a dash for impossible values", () => {
    expect(duration(7.84)).toBe("7.8 s");
    expect(duration(125)).toBe("2 min 5 s");
    expect(duration(5400)).toBe("1.5 h");
    expect(duration(Number.POSITIVE_INFINITY)).toBe("—");
    expect(percent(0.8884)).toBe("88.8%");
    expect(percent(Number.NaN)).toBe("—");
  });
});
