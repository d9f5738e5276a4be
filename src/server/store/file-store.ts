/**
 * The file store: the local outbox under LEADS_DIR (src/server/outbox.ts: appended, fsynced JSON lines, lock
 * files per sender) and uploads as files beside it.
 */
import fs from "node:fs";
import path from "node:path";
import type { LeadFormDefinition, LeadSubmission } from "../../lib/lead-form/types";
import { appendToOutbox, deliverOnce, flushOutbox, inDoubtIds, pendingRecords, readAttempts, readDelivered, withLock } from "../outbox";
import { filesDir } from "../uploads";
import { consentFile, ConsentFile } from "./file-consent";
import { listHeld, setAsideHeld } from "./file-held";
import {
  actionsOf,
  closeRefused,
  expireRefused,
  listRefused,
  markRefusalsAlerted,
  readSystemic,
  resentRecord,
  showRefused,
  unalertedRefusals,
  writeSystemic,
} from "./file-refused";
import { FileUploads, writeDurably, type FileMeta, type FileStoreOptions } from "./file-uploads";
import { readJsonFile, writeJsonWhole } from "./jsonl";
import { CONSENT_RETENTION_DAYS, NO_ALERT } from "./rules";
import type {
  AlertState,
  Deliver,
  FlushOptions,
  LeadRecord,
  LeadStore,
  PipelineStatus,
  Settle,
  StoredConsentRecord,
  SystemicProblem,
} from "./types";

export { consentFile };

/** The file store's bound on consent decisions (the local server's: production keeps them in PostgreSQL). */
export const CONSENT_FILE_MAX_RECORDS = 250_000;

export type { FileStoreOptions };

/** The queue, refused and held leads, alerts and consent records over the uploads and limits of FileUploads. */
export class FileStore extends FileUploads implements LeadStore {
  readonly kind = "file";

  private readonly consent: ConsentFile;

  constructor(dir: string, options: FileStoreOptions) {
    super(dir, options);
    this.consent = new ConsentFile(dir, {
      maxRecords: options.consentMaxRecords ?? CONSENT_FILE_MAX_RECORDS,
      retentionMs: (options.consentRetentionDays ?? CONSENT_RETENTION_DAYS) * 86_400_000,
    });
  }

  async accept(submission: LeadSubmission, form: LeadFormDefinition, fileIds: readonly string[]): Promise<LeadRecord> {
    const record = appendToOutbox(this.dir, submission, form);
    for (const id of fileIds) {
      const metaFile = path.join(filesDir(this.dir), `${id}.json`);
      try {
        const meta = JSON.parse(fs.readFileSync(metaFile, "utf8")) as FileMeta;
        writeDurably(metaFile, Buffer.from(JSON.stringify({ ...meta, leadId: record.id })), "w");
      } catch {
        // not an upload of this store: the lead keeps the URL as sent
      }
    }
    return record;
  }

  async deliver(record: LeadRecord, deliver: Deliver) {
    const outcome = await deliverOnce(this.dir, record, deliver);
    // a fresh lead is never in doubt before its first attempt; another sender holds it if it is
    return outcome === "in-doubt" ? "busy" : outcome;
  }

  flush(deliver: Deliver, settle?: Settle, options?: FlushOptions) {
    return flushOutbox(this.dir, deliver, settle, options);
  }

  async status(): Promise<PipelineStatus> {
    const pending = pendingRecords(this.dir);
    const ids = new Set(pending.map((r) => r.id));
    const doubt = inDoubtIds(this.dir);
    // per pending lead: when its first attempt that did not deliver began, and its last error
    const since = new Map<string, string>();
    const lastError = new Map<string, string>();
    for (const attempt of readAttempts(this.dir)) {
      if (!ids.has(attempt.id)) continue;
      if (!since.has(attempt.id)) since.set(attempt.id, attempt.at);
      if (attempt.error) lastError.set(attempt.id, attempt.error);
    }
    const held = new Set(listHeld(this.dir).map((h) => h.id));
    const failing = pending.filter((r) => since.has(r.id) && (lastError.has(r.id) || doubt.has(r.id)));
    // a held lead's age is its own problem, not the pipeline's (docs/lead-forms.md#outcomes)
    const longest = failing
      .filter((r) => !held.has(r.id))
      .reduce<LeadRecord | undefined>((a, r) => (!a || since.get(r.id)! < since.get(a.id)! ? r : a), undefined);
    const delivered = readDelivered(this.dir);
    return {
      pending: pending.length,
      failing: failing.length,
      inDoubt: pending.filter((r) => doubt.has(r.id)).length,
      oldestPendingAt: pending
        .filter((r) => !held.has(r.id))
        .reduce<string | null>((a, r) => (a === null || r.receivedAt < a ? r.receivedAt : a), null),
      failingSince: longest ? since.get(longest.id)! : null,
      lastError: longest ? (lastError.get(longest.id) ?? "delivery outcome unknown") : null,
      lastDeliveredAt: delivered.at(-1)?.deliveredAt ?? null,
      refused: listRefused(this.dir).length,
      held: held.size,
      systemic: readSystemic(this.dir),
    };
  }

  async setSystemic(problem: SystemicProblem | null) {
    writeSystemic(this.dir, problem);
  }

  async listRefused() {
    return listRefused(this.dir);
  }

  async showRefused(id: string) {
    return showRefused(this.dir, id);
  }

  /** Under the lead's lock: the new lead is appended (durably) before the refused one is closed. */
  async resendRefused(id: string, submission: LeadSubmission, by: string): Promise<LeadRecord | null> {
    const result = await withLock(this.dir, `lead-${id}`, async () => {
      const old = resentRecord(this.dir, id, submission);
      if (!old) return null;
      const record = appendToOutbox(this.dir, submission, old.form);
      this.relinkUploads(id, record.id);
      closeRefused(this.dir, id, "resent", by, record.id);
      return record;
    });
    return result ?? null;
  }

  async listHeld() {
    return listHeld(this.dir);
  }

  async setAsideHeld(id: string, by: string) {
    return setAsideHeld(this.dir, id, by);
  }

  async leadActions(id: string) {
    return actionsOf(this.dir, id);
  }

  async discardRefused(id: string, by: string) {
    const closed = await withLock(this.dir, `lead-${id}`, async () => closeRefused(this.dir, id, "discarded", by));
    if (closed) this.relinkUploads(id);
    return closed ?? false;
  }

  async expireRefused(retentionMs: number) {
    const before = new Set((await this.listRefused()).map((r) => r.id));
    const removed = (await withLock(this.dir, "refused-expiry", async () => expireRefused(this.dir, retentionMs))) ?? 0;
    if (removed) {
      const left = new Set((await this.listRefused()).map((r) => r.id));
      for (const id of before) if (!left.has(id)) this.relinkUploads(id);
    }
    return removed;
  }

  async unalertedRefusals() {
    return unalertedRefusals(this.dir);
  }

  async markRefusalsAlerted(ids: readonly string[]) {
    markRefusalsAlerted(this.dir, ids);
  }

  /** The alert state in LEADS_DIR/alert-state.json, under the lock file `alert`. */
  async withAlertState<T>(fn: (state: AlertState) => Promise<{ next?: AlertState; result: T }>): Promise<T | null> {
    const file = path.join(this.dir, "alert-state.json");
    return withLock(this.dir, "alert", async () => {
      // none yet, or unreadable: as if no alert was ever sent
      const state = { ...NO_ALERT, ...readJsonFile<Partial<AlertState>>(file) };
      const { next, result } = await fn(state);
      if (next) writeJsonWhole(file, next);
      return result;
    });
  }

  async pendingCount() {
    return pendingRecords(this.dir).length;
  }

  /** consent/records.jsonl (./file-consent.ts): O(1) per post at any size, bounded. */
  async saveConsentRecord(record: StoredConsentRecord, secretHash?: string): Promise<boolean> {
    return this.consent.save(record, secretHash);
  }

  async consentRecords(id: string) {
    return this.consent.records(id);
  }

  async countConsentRecords() {
    return this.consent.count();
  }

  async pruneConsentRecords(retentionMs: number) {
    return this.consent.prune(retentionMs);
  }

  async close() {}
}
