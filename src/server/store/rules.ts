/**
 * The stores' shared rules (docs/lead-forms.md#outcomes): how a failed attempt is recorded, the per-lead backoff,
 * the retention defaults and an error's one line. Both implementations apply them the same way.
 */
import crypto from "node:crypto";
import type { AlertState, LeadRecord, NewFile, StoredFileMeta } from "./types";

export const logLeadError = (source: string) => (record: LeadRecord, error: unknown) =>
  console.error(`[${source}] ${record.id} (${record.formId}) not delivered: ${errorLine(error)}`);

/** True for an error after which the request may have reached HubSpot (no answer seen): DeliveryError's `inDoubt`. */
export const isInDoubt = (error: unknown) => (error as { inDoubt?: boolean })?.inDoubt === true;

/**
 * HubSpot's answers about the whole account, not one lead, each with a Retry-After: 429 (over the rate limit)
 * and 477 (the account is migrating between data centres, "Migration in Progress",
 * https://developers.hubspot.com/docs/api/error-handling). The run pauses; no lead is backed off.
 */
export const isAccountWide = (status: number | undefined) => status === 429 || status === 477;

/** How a failed attempt is recorded (duck-typed on DeliveryError, which the store does not import). See docs/lead-forms.md#outcomes. */
export function failureKind(error: unknown): "refused" | "backoff" | "hold" | "keep" {
  const e = error as { outcome?: string; status?: number } | undefined;
  if (e?.outcome === "refused") return "refused";
  if (e?.outcome === "unknown") return "hold";
  if (e?.outcome === "systemic" || isAccountWide(e?.status)) return "keep";
  return "backoff";
}

/** The refusal a store keeps with a set-aside lead: status, errorTypes, HubSpot's answer body. */
export function refusalOf(error: unknown): { status: number | null; errorTypes: string[]; answer: string | null } {
  const e = error as { status?: number; errorTypes?: readonly string[]; answer?: string } | undefined;
  return { status: e?.status ?? null, errorTypes: [...(e?.errorTypes ?? [])], answer: e?.answer ?? null };
}

/**
 * Per-lead backoff (docs/lead-forms.md "Outcomes"): the first retry waits a minute, each later one twice as long,
 * capped below an hourly flush interval so a lead is never held back longer than an hour; each wait is taken
 * at random between half and all of it (jitter), so leads that failed together do not come due together.
 */
export const BACKOFF_BASE_MS = 60_000;
export const BACKOFF_CAP_MS = 55 * 60_000;
export const backoffMs = (failures: number, random = Math.random()) =>
  Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, Math.min(20, failures - 1))) * (0.5 + random / 2);

/** Refused leads and consent records are deleted this long after, unless their settings say otherwise. */
export {
  DEFAULT_REFUSED_RETENTION_DAYS as REFUSED_RETENTION_DAYS,
  DEFAULT_CONSENT_RETENTION_DAYS as CONSENT_RETENTION_DAYS,
} from "../../config/defaults";

/** An upload's meta as both stores keep it: a fresh id, its name, type and size, and when it came. */
export const newFileMeta = (file: NewFile): StoredFileMeta => ({
  id: crypto.randomUUID(),
  filename: file.filename,
  mime: file.mime,
  size: file.bytes.length,
  createdAt: new Date().toISOString(),
});

/** Uploads no lead references are deleted after this long. */
export const FILE_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
/** The window of the per-client upload quota. */
export const UPLOAD_QUOTA_WINDOW_MS = 24 * 60 * 60 * 1000;

export const NO_ALERT: AlertState = { open: false, lastAlertAt: null, unknownTypes: [] };

/** One line of an error, bounded, for reports and alerts. */
export const errorLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).replace(/\s+/g, " ").slice(0, 500);
