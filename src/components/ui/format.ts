/** Number helpers (docs/product-rules.md#number-formats). See docs/architecture.md#lighthouse-and-main-thread. */

/** Keeps digits only ("$1,234.5" → "12345"). */
export const digitsOnly = (value: string | number) => String(value).replace(/\D/g, "");

/** "1234567" → "1,234,567". */
const group = (integer: string) => integer.replace(/\B(?=(\d{3})+$)/g, ",");

/** Adds one to the last digit of a string of digits, carrying ("199" → "200", "99" → "100"). */
function increment(digits: string): string {
  const out = digits.split("");
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] !== "9") {
      out[i] = String(Number(out[i]) + 1);
      return out.join("");
    }
    out[i] = "0";
  }
  return `1${out.join("")}`;
}

/**
 * A non-negative number's decimal digits with `min`–`max` fraction digits, rounded half away from zero from
 * its shortest decimal form: `[integer, fraction]`.
 */
export function roundDecimal(magnitude: number, min: number, max: number): [string, string] | null {
  const shortest = String(magnitude);
  if (shortest.includes("e")) return null;
  const [integer, fraction = ""] = shortest.split(".");
  let int = integer;
  let frac = fraction;
  if (frac.length > max) {
    const kept = int + frac.slice(0, max);
    const rounded = frac.charCodeAt(max) >= 53 /* "5" */ ? increment(kept) : kept;
    int = rounded.slice(0, rounded.length - max) || "0";
    frac = rounded.slice(rounded.length - max);
  }
  frac = frac.replace(/0+$/, "").padEnd(min, "0");
  return [int, frac];
}

/** `-`, `prefix`, grouped digits: Intl's en-US layout (negative zero keeps its sign, as in Intl). */
function layout(value: number, prefix: string, min: number, max: number, fallback: () => Intl.NumberFormat): string {
  const parts = roundDecimal(Math.abs(value), min, max);
  if (!parts) return fallback().format(value);
  const sign = value < 0 || Object.is(value, -0) ? "-" : "";
  return `${sign}${prefix}${group(parts[0])}${parts[1] ? `.${parts[1]}` : ""}`;
}

/** Thousands separators: 1234567 → "1,234,567". */
export function withThousands(value: number | string): string {
  const n = typeof value === "number" ? value : Number(value);
  if (!Number.isFinite(n)) return "";
  return layout(n, "", 0, 20, () => new Intl.NumberFormat("en-US", { maximumFractionDigits: 20 }));
}

/** Compact: above 999 shows one decimal and a k (1500 → "1.5k", 12000 → "12k"). */
export function compact(value: number): string {
  if (!Number.isFinite(value)) return "";
  if (Math.abs(value) <= 999) return String(Math.round(value));
  const k = Math.round((value / 1000) * 10) / 10;
  return `${k % 1 === 0 ? k.toFixed(0) : k.toFixed(1)}k`;
}

/** US-dollar currency, optionally without cents. */
export function usd(value: number, { cents = true } = {}): string {
  if (!Number.isFinite(value)) return "";
  const digits = cents ? 2 : 0;
  return layout(
    value,
    "$",
    digits,
    digits,
    () =>
      new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: digits, maximumFractionDigits: digits }),
  );
}
