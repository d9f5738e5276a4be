/** Number helpers (SPEC 5.2). */

/** Keeps digits only ("$1,234.5" → "12345"). */
export const digitsOnly = (value: string | number) => String(value).replace(/\D/g, "");

/** Thousands separators: 1234567 → "1,234,567". */
export function withThousands(value: number | string): string {
  const n = typeof value === "number" ? value : Number(value);
  if (!Number.isFinite(n)) return "";
  return new Intl.NumberFormat("en-US", { maximumFractionDigits: 20 }).format(n);
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
  return new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: cents ? 2 : 0,
    maximumFractionDigits: cents ? 2 : 0,
  }).format(value);
}
