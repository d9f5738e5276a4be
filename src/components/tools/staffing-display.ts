/** Text for the staffing calculator's outputs. Every helper returns a dash for a non-finite number. */
import { withThousands } from "../ui/format";

const DASH = "—";

export const percent = (share: number, digits = 1) => (Number.isFinite(share) ? `${(share * 100).toFixed(digits)}%` : DASH);

export const decimal = (n: number, digits = 1) => (Number.isFinite(n) ? withThousands(Math.round(n * 10 ** digits) / 10 ** digits) : DASH);

/** Seconds as "8 s", "2 min 5 s" or "1.5 h". */
export function duration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return DASH;
  if (seconds < 60) return `${seconds < 10 ? seconds.toFixed(1) : Math.round(seconds)} s`;
  if (seconds < 3600) {
    const m = Math.floor(seconds / 60);
    const s = Math.round(seconds - m * 60);
    return s ? `${m} min ${s} s` : `${m} min`;
  }
  return `${decimal(seconds / 3600)} h`;
}
