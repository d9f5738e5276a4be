/**
 * The file store: the local outbox under LEADS_DIR (src/server/outbox.ts: appended, fsynced JSON lines,
 * lock files per sender) and uploads as files beside it. The embedded default for `npm start`: no
 * account, no database. Only for a machine whose disk lasts: on a serverless host the functions refuse
 * to run without DATABASE_URL instead (src/server/store/index.ts).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { LeadFormDefinition, LeadSubmission } from "../../lib/lead-form/types";
import { HttpError } from "../http";
import { appendToOutbox, deliverOnce, flushOutbox, inDoubtIds, pendingRecords, readAttempts, readDelivered, withLock } from "../outbox";
import { createRateLimit } from "../protect";
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
import { consentFile, ConsentFile } from "./file-consent";
import { listHeld, setAsideHeld } from "./file-held";
import { filesDir, isFileId, uploadUsage } from "../uploads";
import { readJsonFile, writeJsonWhole } from "./jsonl";
import {
  CONSENT_RETENTION_DAYS,
  FILE_RETENTION_MS,
  NO_ALERT,
  UPLOAD_QUOTA_WINDOW_MS,
  type AlertState,
  type Deliver,
  type FlushOptions,
  type PipelineStatus,
  type LeadRecord,
  type LeadStore,
  type NewFile,
  type RateLimit,
  type Settle,
  type StoredConsentRecord,
  type StoredFileMeta,
  type SystemicProblem,
} from "./types";

interface FileMeta extends StoredFileMeta {
  clientKey?: string;
  leadId?: string;
}

export interface FileStoreOptions {
  /** Upload bytes one client may store per UPLOAD_QUOTA_WINDOW_MS. */
  uploadQuotaBytes: number;
  /** Free disk space uploads leave for leads: an upload that would go below it is refused (507). */
  reserveBytes?: number;
  /** Consent decisions records.jsonl may hold (default CONSENT_FILE_MAX_RECORDS). */
  consentMaxRecords?: number;
  /** CONSENT_RETENTION_DAYS (default CONSENT_RETENTION_DAYS; 0: kept), pruned when the bound is reached. */
  consentRetentionDays?: number;
}

export { consentFile };

/** The file store's bound on consent decisions (the local server's: production keeps them in PostgreSQL). */
export const CONSENT_FILE_MAX_RECORDS = 250_000;

function writeDurably(file: string, data: Buffer, flag = "wx") {
  const fd = fs.openSync(file, flag, 0o600);
  try {
    fs.writeSync(fd, data);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

export class FileStore implements LeadStore {
  readonly kind = "file";

  private readonly consent: ConsentFile;

  constructor(
    readonly dir: string,
    private readonly options: FileStoreOptions,
  ) {
    this.consent = new ConsentFile(dir, {
      maxRecords: options.consentMaxRecords ?? CONSENT_FILE_MAX_RECORDS,
      retentionMs: (options.consentRetentionDays ?? CONSENT_RETENTION_DAYS) * 86_400_000,
    });
  }

  private metas(): FileMeta[] {
    const dir = filesDir(this.dir);
    if (!fs.existsSync(dir)) return [];
    return fs
      .readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .flatMap((f) => {
        try {
          return [JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as FileMeta];
        } catch {
          return [];
        }
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

  /**
   * Points the uploads of a closed lead at the lead that replaces it, or at none (then the sweep removes them
   * once they are a week old), as PostgreSQL's foreign key does.
   */
  private relinkUploads(fromId: string, toId?: string) {
    for (const meta of this.metas()) {
      if (meta.leadId !== fromId) continue;
      const file = path.join(filesDir(this.dir), `${meta.id}.json`);
      writeDurably(file, Buffer.from(JSON.stringify({ ...meta, leadId: toId })), "w");
    }
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

  async saveFile(file: NewFile, clientKey: string): Promise<StoredFileMeta> {
    const usage = uploadUsage(this.dir, UPLOAD_QUOTA_WINDOW_MS, () => this.metas());
    const used = usage.used(clientKey);
    if (used + file.bytes.length > this.options.uploadQuotaBytes) {
      throw new HttpError(413, "You have uploaded too much today. Try again tomorrow or email us the file.");
    }
    const dir = filesDir(this.dir);
    fs.mkdirSync(dir, { recursive: true });
    const { bavail, bsize } = fs.statfsSync(dir);
    if (bavail * bsize - file.bytes.length < (this.options.reserveBytes ?? 256 * 1024 * 1024)) {
      // Leads are a few KB: uploads stop well before the disk could refuse one.
      throw new HttpError(507, "We cannot take files right now. Send the form without it, or email us the file.");
    }
    const meta: FileMeta = {
      id: crypto.randomUUID(),
      filename: file.filename,
      mime: file.mime,
      size: file.bytes.length,
      createdAt: new Date().toISOString(),
      clientKey,
    };
    writeDurably(path.join(dir, `${meta.id}.bin`), file.bytes);
    writeDurably(path.join(dir, `${meta.id}.json`), Buffer.from(JSON.stringify(meta)));
    usage.record(clientKey, meta.size);
    return meta;
  }

  async readFile(id: string) {
    if (!isFileId(id)) return null;
    const dir = filesDir(this.dir);
    try {
      const stored = JSON.parse(fs.readFileSync(path.join(dir, `${id}.json`), "utf8")) as FileMeta;
      const meta: StoredFileMeta = {
        id: stored.id,
        filename: stored.filename,
        mime: stored.mime,
        size: stored.size,
        createdAt: stored.createdAt,
      };
      return { meta, bytes: fs.readFileSync(path.join(dir, `${id}.bin`)) };
    } catch {
      return null;
    }
  }

  async hasFile(id: string): Promise<boolean> {
    return isFileId(id) && fs.existsSync(path.join(filesDir(this.dir), `${id}.bin`));
  }

  async sweepFiles(retentionMs = FILE_RETENTION_MS) {
    const before = Date.now() - retentionMs;
    let removed = 0;
    for (const meta of this.metas()) {
      if (meta.leadId || Date.parse(meta.createdAt) >= before) continue;
      for (const ext of ["bin", "json"]) fs.rmSync(path.join(filesDir(this.dir), `${meta.id}.${ext}`), { force: true });
      removed++;
    }
    return removed;
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

  /** In this process's memory (one instance: the local server). */
  rateLimit(name: string, points: number, windowSeconds: number): RateLimit {
    return createRateLimit(name, points, windowSeconds);
  }

  async close() {}
}
