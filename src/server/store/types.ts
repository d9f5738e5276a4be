/**
 * Where the lead functions keep their state (docs/architecture.md#lead-backend): accepted leads until HubSpot has them,
 * uploaded files, and the per-client rate-limit counters. Two implementations behind one face:
 * - file-store.ts: the local outbox under LEADS_DIR (the embedded default: no account, no database);
 * - postgres-store.ts: PostgreSQL when DATABASE_URL is set (production: shared by every function instance).
 */
import type { LeadFormDefinition, LeadSubmission } from "../../lib/lead-form/types";

export interface LeadRecord {
  id: string;
  receivedAt: string;
  formId: string;
  submission: LeadSubmission;
  /**
   * The definition the lead was validated against, kept with it: a redelivery maps the fields exactly as
   * accepted, even after the form changed or from a process that has no forms (the scheduled flush).
   * Absent in outbox lines written before it was kept.
   */
  form?: LeadFormDefinition;
}

export interface StoredFileMeta {
  id: string;
  filename: string;
  mime: string;
  size: number;
  createdAt: string;
}

export interface NewFile {
  filename: string;
  mime: string;
  bytes: Buffer;
}

export type DeliveryOutcome = "delivered" | "already-delivered" | "busy";

export interface FlushResult {
  delivered: number;
  failed: number;
  pending: number;
  busy?: boolean;
  /** Leads whose last attempt may have reached HubSpot and whose outcome could not be settled yet. */
  inDoubt?: number;
}

/** Sends one lead; throws on failure (see DeliveryError for a failure that may have reached HubSpot). */
export type Deliver = (record: LeadRecord) => Promise<void>;

/**
 * Asks the CRM whether a lead whose delivery outcome is unknown arrived: "present" (record it as delivered,
 * send nothing), "absent" (send it), or "unknown" (ask again on the next flush).
 */
export type Settle = (record: LeadRecord) => Promise<"present" | "absent" | "unknown">;

/** True for an error after which the request may have reached HubSpot (no answer seen): DeliveryError's `inDoubt`. */
export const isInDoubt = (error: unknown) => (error as { inDoubt?: boolean })?.inDoubt === true;

/** Takes one request from `key`'s allowance: null when allowed, else the seconds until the next one is. */
export type RateLimit = (key: string) => Promise<number | null>;

export interface LeadStore {
  readonly kind: "file" | "postgres";
  /** Keeps an accepted lead durably (and marks the uploads it references as used); resolves once it is committed. */
  accept(submission: LeadSubmission, form: LeadFormDefinition, fileIds: readonly string[]): Promise<LeadRecord>;
  /** Delivers one lead unless another sender holds it or it was delivered; throws what `deliver` throws. */
  deliver(record: LeadRecord, deliver: Deliver): Promise<DeliveryOutcome>;
  /** Delivers every pending lead, oldest first, each at most once; leads in doubt are settled first. */
  flush(deliver: Deliver, settle?: Settle): Promise<FlushResult>;
  pendingCount(): Promise<number>;
  /** Stores an upload; refuses (HttpError 413/507) past the client's quota or when storage is short. */
  saveFile(file: NewFile, clientKey: string): Promise<StoredFileMeta>;
  readFile(id: string): Promise<{ meta: StoredFileMeta; bytes: Buffer } | null>;
  /** Whether an upload with this id is stored (without reading it). */
  hasFile(id: string): Promise<boolean>;
  /** Deletes uploads no lead references once they are `retentionMs` old; returns how many. */
  sweepFiles(retentionMs?: number): Promise<number>;
  /** A per-key limit of `points` requests per `windowSeconds`, counted where every instance sees it. */
  rateLimit(name: string, points: number, windowSeconds: number): RateLimit;
  close(): Promise<void>;
}

/** Uploads no lead references are deleted after this long. */
export const FILE_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
/** The window of the per-client upload quota. */
export const UPLOAD_QUOTA_WINDOW_MS = 24 * 60 * 60 * 1000;
