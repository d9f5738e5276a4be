import { describe, expect, it } from "vitest";
import { compact, digitsOnly, roundDecimal, usd, withThousands } from "../../../../src/components/ui/format";

describe("number helpers (docs/product-rules.md#number-formats)", () => {
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

describe("en-US formats without Intl (the same output, value by value)", () => {
  const intlPlain = new Intl.NumberFormat("en-US", { maximumFractionDigits: 20 });
  const intlUsd = (cents: boolean) =>
    new Intl.NumberFormat("en-US", {
      style: "currency",
      currency: "USD",
      minimumFractionDigits: cents ? 2 : 0,
      maximumFractionDigits: cents ? 2 : 0,
    });
  // ties in the shortest decimal form (1.005 is 1.00499… in binary; Intl rounds it up), carries, signs, boundaries
  const fixed = [
    0,
    -0,
    1,
    -1,
    0.1,
    0.5,
    1.5,
    2.5,
    -2.5,
    1.005,
    1.045,
    0.615,
    8.345,
    0.125,
    0.995,
    9.995,
    99.995,
    999.5,
    999999.995,
    -0.004,
    -0.005,
    1234.5,
    1234567.891,
    1 / 3,
    2 / 3,
    2 ** 53,
    2 ** 53 + 2,
    1e20,
    1e21 - 131072, // the largest double below 1e21
    1e21,
    1.5e21,
    1e-6,
    9.99e-7,
    1.2345678901234567e-6,
    123456.789,
    0.000001234,
    42,
    100000,
    7e-7,
  ];
  // deterministic pseudo-random values over many magnitudes
  let seed = 7;
  const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
  const generated = Array.from({ length: 3000 }, (_, i) => {
    const magnitude = 10 ** (Math.floor(random() * 24) - 8);
    const value = random() * magnitude * (i % 3 === 0 ? -1 : 1);
    return i % 5 === 0 ? Math.round(value * 1000) / 1000 : value;
  });
  const values = [...fixed, ...generated];

  it("withThousands matches Intl.NumberFormat('en-US', { maximumFractionDigits: 20 })", () => {
    for (const value of values) expect(withThousands(value), String(value)).toBe(intlPlain.format(value));
  });
  it("usd matches Intl's USD currency format, with and without cents", () => {
    for (const cents of [true, false]) {
      const intl = intlUsd(cents);
      for (const value of values) expect(usd(value, { cents }), `${value} cents=${cents}`).toBe(intl.format(value));
    }
  });
  it("rounds the shortest decimal form half away from zero, carrying into the integer", () => {
    expect(roundDecimal(1.005, 2, 2)).toEqual(["1", "01"]);
    expect(roundDecimal(9.995, 2, 2)).toEqual(["10", "00"]);
    expect(roundDecimal(0.4, 0, 0)).toEqual(["0", ""]);
    expect(roundDecimal(0.5, 0, 0)).toEqual(["1", ""]);
    expect(roundDecimal(1.25, 0, 20)).toEqual(["1", "25"]);
    expect(roundDecimal(1e21, 0, 2)).toBeNull();
    expect(roundDecimal(1e-7, 0, 2)).toBeNull();
  });
  it("never makes an Intl formatter for ordinary values (the first one loads ICU data)", () => {
    const Original = Intl.NumberFormat;
    let made = 0;
    const counting = function (...args: ConstructorParameters<typeof Intl.NumberFormat>) {
      made++;
      return new Original(...args);
    };
    Intl.NumberFormat = counting as unknown as typeof Intl.NumberFormat;
    try {
      expect(usd(125000, { cents: false })).toBe("$125,000");
      expect(withThousands(1234.5)).toBe("1,234.5");
      expect(made).toBe(0);
      expect(withThousands(1e21)).toBe("1,000,000,000,000,000,000,000");
      expect(made).toBe(1);
    } finally {
      Intl.NumberFormat = Original;
    }
  });
});
