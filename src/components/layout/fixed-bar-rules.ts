/** The fixed call-to-action bar's rules (docs/product-rules.md#layout-per-path, #fixed-bar, #fixed-bar-eligibility, #constants). Pure. */
import { fixedBarVariant, type FixedBarVariant } from "../../lib/layout-rules";

export const DEMO_MIN_EMPLOYEES = 11;
const EXCLUDED_COUNTRIES = new Set(["india", "in", "russia", "russian federation", "ru", "china", "cn"]);
export const DISMISSED_KEYS: Record<FixedBarVariant, string> = { demo: "nd_demo_bar_dismissed", trial: "nd_trial_bar_dismissed" };
export const FORCE_PARAM = "show_fixed_cta_bar";
/** docs/product-rules.md#layout-per-path: on these paths a demo bar already shown stays shown after navigation. */
const STAYS_ON = ["/lp/get-a-demo/", "/pricing/contact-based/"];

export interface VisitorInfo {
  employeeCount?: number | string | null;
  country?: string | null;
}

export const BAR_COPY: Record<FixedBarVariant, { text: string; button: string }> = {
  trial: { text: "Get started in minutes with a free account.", button: "Sign Up Free" },
  demo: { text: "We’d love to show you the magic of the product.", button: "Book a Demo" },
};

/** Reads ziDetails from local storage text; bad data means "unknown visitor". */
export function parseVisitorInfo(raw: string | null | undefined): VisitorInfo | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw);
    // Entries written by our storage helper wrap the value with an expiry.
    const info = value && typeof value === "object" && "value" in value && "expires" in value ? value.value : value;
    return info && typeof info === "object" ? (info as VisitorInfo) : null;
  } catch {
    return null;
  }
}

/** docs/product-rules.md#fixed-bar-eligibility: demo bar only for visitors with 11+ employees outside India, Russia and China. */
export function demoEligible(info: VisitorInfo | null): boolean {
  if (!info) return false;
  const employees = typeof info.employeeCount === "string" ? Number(info.employeeCount.replace(/[^\d.]/g, "")) : info.employeeCount;
  if (typeof employees !== "number" || !Number.isFinite(employees) || employees < DEMO_MIN_EMPLOYEES) return false;
  const country = (info.country ?? "").trim().toLowerCase();
  return country !== "" && !EXCLUDED_COUNTRIES.has(country);
}

export interface BarInput {
  pathname: string;
  search: string;
  dismissed: Record<FixedBarVariant, boolean>;
  visitor: VisitorInfo | null;
  /** The variant shown on the previous page, if it was visible (for the "stays" rule). */
  previouslyShown: FixedBarVariant | null;
}

export interface BarDecision {
  variant: FixedBarVariant;
  /** Visible at once (forced or kept from the previous page) instead of after scrolling. */
  immediate: boolean;
}

/** Which bar (if any) this page may show. */
export function decideBar({ pathname, search, dismissed, visitor, previouslyShown }: BarInput): BarDecision | null {
  const path = pathname.endsWith("/") ? pathname : `${pathname}/`;
  const forced = new URLSearchParams(search).get(FORCE_PARAM) === "1";
  const listed = fixedBarVariant(path);
  if (previouslyShown === "demo" && STAYS_ON.includes(path)) return { variant: "demo", immediate: true };
  if (forced) return { variant: listed ?? "demo", immediate: true };
  if (!listed) return null;
  if (dismissed[listed]) return null;
  if (listed === "demo" && !demoEligible(visitor)) return null;
  return { variant: listed, immediate: false };
}

/** docs/product-rules.md#fixed-bar: shown once scrolled to about a third of the page height minus the viewport height. */
export const showPoint = (documentHeight: number, viewportHeight: number) => Math.max(0, documentHeight / 3 - viewportHeight);

/** The demo bar link carries demofixedcta=true (docs/product-rules.md#link-decoration). */
export function withDemoFlag(href: string): string {
  const [base, hash] = href.split("#");
  const joined = `${base}${base.includes("?") ? "&" : "?"}demofixedcta=true`;
  return hash ? `${joined}#${hash}` : joined;
}
