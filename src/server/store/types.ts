/**
 * Where the lead functions keep their state (docs/architecture.md#lead-backend): accepted leads until HubSpot
 * has them, uploaded files, and the per-client rate-limit counters.
 */
import type { Choices, ConsentRecord } from "../../lib/consent-model";
import type { LeadFormDefinition, LeadSubmission } from "../../lib/lead-form/types";

export interface LeadRecord {
  id: string;
  receivedAt: string;
  formId: string;
  submission: LeadSubmission;
  /**
   * The definition the lead was validated against, kept with it: a redelivery maps the fields exactly as
   * accepted, even after the form changed or from a process that has no forms (the scheduled flush).
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
  /** Leads HubSpot refused for their own values in this run: set aside (not counted as failed). */
  refused?: number;
  pending: number;
  busy?: boolean;
  /** Leads whose last attempt may have reached HubSpot and whose outcome could not be settled yet. */
  inDoubt?: number;
}

export interface FlushOptions {
  /** Leads handled at the same time (default 1). */
  concurrency?: number;
  /** Checked before each lead is taken: true stops the flush from starting more (time budget spent, HubSpot refusing the token). */
  stop?: () => boolean;
  /** Told of each lead that was not delivered (default: one error line in the log per lead). */
  onError?: (record: LeadRecord, error: unknown) => void;
  /** Awaited before each lead is taken (a 429's Retry-After slows the whole run). */
  beforeNext?: () => Promise<void>;
}

/** Counts and ages of the lead pipeline (GET /api/leads/status, the flush's alert). */
export interface PipelineStatus {
  /** Accepted leads not yet delivered. */
  pending: number;
  /** Pending leads whose last attempt failed. */
  failing: number;
  /** Pending leads whose last attempt may have reached HubSpot (settled by the next flush). */
  inDoubt: number;
  /** When the oldest pending lead was accepted (ISO), or null. */
  oldestPendingAt: string | null;
  /** When the longest-failing pending lead first failed (ISO), or null. */
  failingSince: string | null;
  /** The last error of that lead. */
  lastError: string | null;
  /** The last delivery (ISO), or null. */
  lastDeliveredAt: string | null;
  /** Leads HubSpot refused for their own values, kept aside for the operator (not pending, not unhealthy). */
  refused: number;
  /**
   * Pending leads held back by an errorType on neither list (counted in pending and failing, not in the
   * oldest or failing-since ages: their own problem, listed by `npm run leads -- list`).
   */
  held: number;
  /** A problem with the form or the account seen by the last flush that delivered nothing since (503 while set). */
  systemic: SystemicProblem | null;
}

/** What a systemic answer was: status and errorTypes only (never HubSpot's text), and where. */
export interface SystemicProblem {
  at: string;
  status: number | null;
  errorTypes: string[];
  leadId: string;
  formId: string;
}

/** A lead HubSpot refused, as the operator command lists it (no personal data). */
export interface RefusedSummary {
  id: string;
  formId: string;
  receivedAt: string;
  refusedAt: string;
  status: number | null;
  errorTypes: string[];
}

/** A pending lead held back by an errorType the classification does not know (npm run leads -- list). */
export interface HeldSummary {
  id: string;
  formId: string;
  receivedAt: string;
  /** When its last attempt failed (ISO). */
  failedAt: string;
  status: number | null;
  errorTypes: string[];
}

/** One refused lead whole: the record as accepted, HubSpot's answer, and what operators did with it. */
export interface RefusedLead extends RefusedSummary {
  record: LeadRecord;
  answer: string | null;
  actions: LeadAction[];
}

/** An operator's action on a refused lead (npm run leads): who and when. */
export interface LeadAction {
  leadId: string;
  action: "resent" | "discarded" | "expired" | "set-aside";
  by: string;
  at: string;
  /** resent: the id of the new lead. */
  newId?: string;
}

/** The refused leads no alert has told of yet: their ids and how many of each errorType. */
export interface UnalertedRefusals {
  ids: string[];
  errorTypes: Record<string, number>;
}

/** What the flush remembers about alerts it sent (one record per store). */
export interface AlertState {
  /** An alert was sent and the pipeline has not recovered since: the next healthy flush says "recovered". */
  open: boolean;
  /** When the last alert (not the recovery message) was sent (ISO). */
  lastAlertAt: string | null;
  /** The unknown errorTypes an alert has named already (each is told of once). */
  unknownTypes: string[];
}

/**
 * Runs `fn` on the alert state while no other flush can (a row lock, a lock file): `fn` returns the new state
 * to keep (or undefined to keep the old one). Resolves to null without calling `fn` when another flush holds it.
 */
export type WithAlertState = <T>(fn: (state: AlertState) => Promise<{ next?: AlertState; result: T }>) => Promise<T | null>;

/** Sends one lead; throws on failure (see DeliveryError for a failure that may have reached HubSpot). */
export type Deliver = (record: LeadRecord) => Promise<void>;

/**
 * Asks the CRM whether a lead whose delivery outcome is unknown arrived: "present" (record it as delivered,
 * send nothing), "absent" (send it), or "unknown" (ask again on the next flush).
 */
export type Settle = (record: LeadRecord) => Promise<"present" | "absent" | "unknown">;

/**
 * A visitor's consent decision kept as proof (POST /api/consent, docs/lead-forms.md "Proof of consent"): the
 * record as the browser made it and when it arrived. No IP address, no user agent. One per (id, at).
 */
export interface StoredConsentRecord extends ConsentRecord {
  receivedAt: string;
  /** The browser's Global Privacy Control signal when the choice was made (absent in old-shape records). */
  gpc?: boolean;
  /** The categories in force after the choice, GPC and the policy (absent in old-shape records). */
  effective?: Choices;
}

/** Takes one request from `key`'s allowance: null when allowed, else the seconds until the next one is. */
export type RateLimit = ((key: string) => Promise<number | null>) & {
  /** Gives one request back to `key`'s allowance (a request that turned out not to count). */
  refund?: (key: string) => Promise<void>;
};

/** The queue of accepted leads and their delivery (docs/lead-forms.md, the flush and the live send). */
export interface LeadQueue {
  /** Keeps an accepted lead durably (and marks the uploads it references as used); resolves once it is committed. */
  accept(submission: LeadSubmission, form: LeadFormDefinition, fileIds: readonly string[]): Promise<LeadRecord>;
  /** Delivers one lead unless another sender holds it or it was delivered; throws what `deliver` throws. */
  deliver(record: LeadRecord, deliver: Deliver): Promise<DeliveryOutcome>;
  /**
   * Delivers pending leads, oldest first, each at most once, `options.concurrency` at a time, until none is
   * left or `options.stop` says so; leads in doubt are settled first.
   */
  flush(deliver: Deliver, settle?: Settle, options?: FlushOptions): Promise<FlushResult>;
  pendingCount(): Promise<number>;
  /** Counts and ages of pending, failing and in-doubt leads. */
  status(): Promise<PipelineStatus>;
  /** Records (or, with null, clears) the systemic problem the status function answers 503 for. */
  setSystemic(problem: SystemicProblem | null): Promise<void>;
}

/** Leads set aside for the operator: refused by HubSpot, or held by an unknown errorType (npm run leads). */
export interface RefusedLeadStore {
  /** Refused leads still kept, oldest refusal first. */
  listRefused(): Promise<RefusedSummary[]>;
  /** One refused lead whole, or null (unknown, delivered, discarded or expired). */
  showRefused(id: string): Promise<RefusedLead | null>;
  /**
   * Puts a refused lead back as a new pending lead with `submission` (already validated by the caller) and
   * closes the refused one (its data deleted), recording who and when; null when `id` is not a refused lead.
   */
  resendRefused(id: string, submission: LeadSubmission, by: string): Promise<LeadRecord | null>;
  /** Deletes a refused lead, recording who and when; false when `id` is not a refused lead. */
  discardRefused(id: string, by: string): Promise<boolean>;
  /** Pending leads held back by an unknown errorType, oldest first. */
  listHeld(): Promise<HeldSummary[]>;
  /** Sets a held lead aside as refused (then resend or discard it), recording who; false when `id` is not held. */
  setAsideHeld(id: string, by: string): Promise<boolean>;
  /** What operators (and the retention) did with a refused lead, oldest first; kept after its data is deleted. */
  leadActions(id: string): Promise<LeadAction[]>;
  /** Deletes refused leads refused more than `retentionMs` ago; returns how many. */
  expireRefused(retentionMs: number): Promise<number>;
}

/** What the flush's alerts remember, under a lock every flush shares (src/server/alerts.ts). */
export interface AlertStore {
  /** Refused leads no alert has told of (call under withAlertState). */
  unalertedRefusals(): Promise<UnalertedRefusals>;
  /** Marks refused leads as told of (call under withAlertState, once the webhook took the message). */
  markRefusalsAlerted(ids: readonly string[]): Promise<void>;
  /** The alert state, under a lock shared by every flush (see WithAlertState). */
  withAlertState: WithAlertState;
}

/** Uploaded files (POST /api/hubspot/uploadFile, GET /api/hubspot/file). */
export interface UploadStore {
  /** Stores an upload; refuses (HttpError 413/507) past the client's quota or when storage is short. */
  saveFile(file: NewFile, clientKey: string): Promise<StoredFileMeta>;
  readFile(id: string): Promise<{ meta: StoredFileMeta; bytes: Buffer } | null>;
  /** Whether an upload with this id is stored (without reading it). */
  hasFile(id: string): Promise<boolean>;
  /** Deletes uploads no lead references once they are `retentionMs` old; returns how many. */
  sweepFiles(retentionMs?: number): Promise<number>;
}

/** Proof of consent (POST /api/consent). */
export interface ConsentRecordStore {
  /** Keeps a consent decision durably; false when one with the same id and `at` is already kept (a retried post). */
  saveConsentRecord(record: StoredConsentRecord, secretHash?: string): Promise<boolean>;
  /** The decisions kept for a record id, oldest first. */
  consentRecords(id: string): Promise<StoredConsentRecord[]>;
  /** How many decisions are kept. */
  countConsentRecords(): Promise<number>;
  /** Deletes the decisions made (`at`) more than `retentionMs` ago; returns how many. */
  pruneConsentRecords(retentionMs: number): Promise<number>;
}

/** Rate limits counted where every instance sees them. */
export interface RateLimitStore {
  /** A per-key limit of `points` requests per `windowSeconds`, counted where every instance sees it. */
  rateLimit(name: string, points: number, windowSeconds: number): RateLimit;
}

/**
 * One backend: each concern is its own interface, implemented beside it for each backend (file-*.ts,
 * postgres-*.ts) and composed here; a caller asks for the concern it needs (`store.queue`, `store.consent`).
 */
export interface LeadStore extends RateLimitStore {
  readonly kind: "file" | "postgres";
  readonly queue: LeadQueue;
  readonly refused: RefusedLeadStore;
  readonly alerts: AlertStore;
  readonly uploads: UploadStore;
  readonly consent: ConsentRecordStore;
  close(): Promise<void>;
}
