/**
 * The PostgreSQL store (DATABASE_URL): what every function instance shares in production.
 * - A lead is acknowledged only after its row is committed.
 * - A sender claims one lead at a time, right before sending it, with one statement (FOR UPDATE SKIP
 *   LOCKED) that sets a lease (claimed_until), a claim token, and marks it in doubt; it sends without
 *   holding a connection, then records the outcome only if its token still holds the lead. Two
 *   instances, overlapping flushes, or a flush beside a live delivery, never send one lead together.
 * - A sender that died, or a HubSpot answer that never came, leaves the lead in doubt: the next flush
 *   after the lease asks HubSpot (Settle) before sending it again, so the CRM gets it once.
 * - Uploads live in the database (any instance serves them); the per-client rate limit is
 *   rate-limiter-flexible's Postgres store, so it holds across instances.
 */
import crypto from "node:crypto";
import { Pool, type PoolClient } from "pg";
import { RateLimiterPostgres } from "rate-limiter-flexible";
import type { LeadFormDefinition, LeadSubmission } from "../../lib/lead-form/types";
import { limitWith } from "../protect";
import { inTransaction, migrate } from "./migrations";
import { insertConsentRecord, selectConsentRecords } from "./postgres-consent";
import {
  insertLead,
  insertUpload,
  lockedAlertState,
  readPipelineStatus,
  recordOutcome,
  selectHeld,
  selectUpload,
  setAsideHeldLead,
} from "./postgres-queries";
import {
  drain,
  errorLine,
  failureKind,
  isInDoubt,
  refusalOf,
  type LeadAction,
  type RefusedLead,
  type RefusedSummary,
  type SystemicProblem,
  type UnalertedRefusals,
  logLeadError,
  FILE_RETENTION_MS,
  type AlertState,
  type Deliver,
  type DeliveryOutcome,
  type FlushOptions,
  type FlushResult,
  type PipelineStatus,
  type LeadRecord,
  type LeadStore,
  type NewFile,
  type RateLimit,
  type Settle,
  type StoredConsentRecord,
  type StoredFileMeta,
} from "./types";

export interface PostgresStoreOptions {
  connectionString: string;
  /** How long a claimed lead belongs to its sender: longer than a delivery can take. */
  claimMs: number;
  /** Upload bytes one client may store per UPLOAD_QUOTA_WINDOW_MS. */
  uploadQuotaBytes: number;
  /** Connections per instance (serverless instances each hold their own pool). */
  poolSize?: number;
}

interface LeadRow {
  id: string;
  received_at: Date;
  form_id: string;
  submission: LeadSubmission;
  form: LeadFormDefinition;
  in_doubt: boolean;
}

interface RefusedRow {
  id: string;
  form_id: string;
  received_at: Date;
  refused_at: Date;
  refusal: { status?: number | null; errorTypes?: string[]; answer?: string | null } | null;
}

const toRefusedSummary = (row: RefusedRow): RefusedSummary => ({
  id: row.id,
  formId: row.form_id,
  receivedAt: row.received_at.toISOString(),
  refusedAt: row.refused_at.toISOString(),
  status: row.refusal?.status ?? null,
  errorTypes: row.refusal?.errorTypes ?? [],
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A lead this sender holds: its lease belongs to `token`. */
type Claimed = LeadRecord & { inDoubt: boolean; token: string };

const toRecord = (row: LeadRow): LeadRecord => ({
  id: row.id,
  receivedAt: row.received_at.toISOString(),
  formId: row.form_id,
  submission: row.submission,
  form: row.form,
});

export class PostgresStore implements LeadStore {
  readonly kind = "postgres";
  readonly pool: Pool;
  private ready: Promise<void> | undefined;

  constructor(private readonly options: PostgresStoreOptions) {
    this.pool = new Pool({ connectionString: options.connectionString, max: options.poolSize ?? 4, idleTimeoutMillis: 10_000 });
    // An idle client's error (the server restarted) must not crash the process; the next query reconnects.
    this.pool.on("error", (error) => console.error(`[lead-store] idle PostgreSQL connection failed: ${error.message}`));
  }

  /** Applies the migrations once per instance, before its first query. */
  private init(): Promise<void> {
    this.ready ??= migrate(this.pool).then(
      () => undefined,
      (error: unknown) => {
        this.ready = undefined; // try again on the next request
        throw error;
      },
    );
    return this.ready;
  }

  private async tx<T>(run: (client: PoolClient) => Promise<T>): Promise<T> {
    await this.init();
    return inTransaction(this.pool, run);
  }

  async accept(submission: LeadSubmission, form: LeadFormDefinition, fileIds: readonly string[]): Promise<LeadRecord> {
    const record: LeadRecord = {
      id: crypto.randomUUID(),
      receivedAt: new Date().toISOString(),
      formId: submission.formId,
      submission,
      form,
    };
    await this.tx((client) => insertLead(client, record, fileIds));
    return record;
  }

  /**
   * Claims one deliverable lead for this sender (`id` given: that one; `exclude`: leads this flush already
   * handled): not delivered, not held by a live lease. The lease (claimMs, longer than one send can take)
   * starts now, right before this lead's own send, and belongs to a new claim token: the outcome is recorded
   * only while the token still holds it. Comes with its in-doubt flag as it was before this claim. Only a lead
   * that is due (its backoff over), the one due first, unless `id` or `probe` (the one due first even if not yet,
   * never a held one: its send says nothing about an outage).
   */
  private async claim({
    id,
    exclude = [],
    probe = false,
  }: { id?: string; exclude?: readonly string[]; probe?: boolean } = {}): Promise<Claimed | null> {
    await this.init();
    const token = crypto.randomUUID();
    const { rows } = await this.pool.query<LeadRow>(
      `WITH next AS (
         SELECT id, in_doubt FROM leads
          WHERE delivered_at IS NULL AND refused_at IS NULL AND (claimed_until IS NULL OR claimed_until < now())
            AND ($1::uuid IS NULL OR id = $1) AND NOT (id = ANY($2::uuid[]))
            AND ($1::uuid IS NOT NULL OR ($5::boolean AND held IS NULL) OR coalesce(next_attempt_at, received_at) <= now())
          ORDER BY coalesce(next_attempt_at, received_at) LIMIT 1 FOR UPDATE SKIP LOCKED)
       UPDATE leads SET claimed_until = now() + $3 * interval '1 millisecond', claim_token = $4, in_doubt = true, attempts = attempts + 1
         FROM next WHERE leads.id = next.id
       RETURNING leads.id, leads.received_at, leads.form_id, leads.submission, leads.form, next.in_doubt`,
      [id ?? null, exclude, this.options.claimMs, token, probe],
    );
    return rows[0] ? { ...toRecord(rows[0]), inDoubt: rows[0].in_doubt, token } : null;
  }

  /** Starts the lease again (after asking HubSpot took time); false when this claim no longer holds the lead. */
  private async renew(claimed: Claimed): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      "UPDATE leads SET claimed_until = now() + $3 * interval '1 millisecond' WHERE id = $1 AND claim_token = $2 AND delivered_at IS NULL",
      [claimed.id, claimed.token, this.options.claimMs],
    );
    return (rowCount ?? 0) > 0;
  }

  /**
   * Records the outcome of a claimed lead's attempt, only while the claim still holds it: a sender whose
   * lease ran out (and whose lead another sender may hold now) changes nothing. False when it no longer held it.
   */
  private async finish(
    claimed: Claimed,
    outcome: "delivered" | "backoff" | "hold" | "keep" | "in-doubt" | "refused",
    error?: unknown,
  ): Promise<boolean> {
    const held = await recordOutcome(
      this.pool,
      claimed,
      outcome,
      error === undefined ? null : errorLine(error),
      outcome === "refused" || outcome === "hold" ? refusalOf(error) : undefined,
    );
    if (!held)
      console.error(
        `[lead-store] ${claimed.id}: its lease ran out before the outcome (${outcome}) was recorded; the next holder settles it`,
      );
    return held;
  }

  private async send(claimed: Claimed, deliver: Deliver) {
    try {
      await deliver(claimed);
    } catch (error) {
      await this.finish(claimed, isInDoubt(error) ? "in-doubt" : failureKind(error), error);
      throw error;
    }
    await this.finish(claimed, "delivered");
  }

  async deliver(record: LeadRecord, deliver: Deliver): Promise<DeliveryOutcome> {
    const claimed = await this.claim({ id: record.id });
    if (!claimed) {
      const { rows } = await this.pool.query<{ delivered: boolean }>(
        "SELECT delivered_at IS NOT NULL AS delivered FROM leads WHERE id = $1",
        [record.id],
      );
      return rows[0]?.delivered ? "already-delivered" : "busy";
    }
    await this.send(claimed, deliver);
    return "delivered";
  }

  async flush(deliver: Deliver, settle?: Settle, options: FlushOptions = {}): Promise<FlushResult> {
    let delivered = 0;
    let failed = 0;
    let refused = 0;
    let inDoubt = 0;
    const onError = options.onError ?? logLeadError("lead-store");
    // the first delivery of a run says the outage is over: every pending lead is due again
    let outageOver: Promise<unknown> | undefined;
    const delivery = async () => {
      delivered++;
      await (outageOver ??= this.makeAllDue());
    };
    const seen = new Set<string>();
    // One lead per claim, each claimed right before its own send: a lease never has to outlast other leads' sends.
    // Claims are made one after another, so each excludes every lead this flush already took, even one whose
    // lease has run out meanwhile.
    let claiming: Promise<unknown> = Promise.resolve();
    const next = () => {
      const claimed = claiming.then(async () => {
        let lead = await this.claim({ exclude: [...seen] });
        // none due at the start of the run: the one due first anyway, so every run tries one lead (its success ends every backoff)
        if (!lead && seen.size === 0) lead = await this.claim({ probe: true });
        if (lead) seen.add(lead.id);
        return lead;
      });
      claiming = claimed.catch(() => {});
      return claimed;
    };
    const handle = async (claimed: Claimed) => {
      try {
        if (claimed.inDoubt) {
          const found = settle ? await settle(claimed) : "unknown";
          if (found === "present") {
            await this.finish(claimed, "delivered");
            await delivery();
            return;
          }
          if (found === "unknown") {
            await this.finish(claimed, "in-doubt", new Error("delivery outcome unknown; HubSpot could not be asked"));
            inDoubt++;
            return;
          }
          // asking took time: the send gets a whole lease, or is left to the sender that took the lead over
          if (!(await this.renew(claimed))) return;
        }
        await this.send(claimed, deliver);
        await delivery();
      } catch (error) {
        if (failureKind(error) === "refused" && !isInDoubt(error)) refused++;
        else failed++;
        onError(claimed, error);
      }
    };
    await drain(options.concurrency ?? 1, next, handle, options.stop, options.beforeNext);
    return { delivered, failed, refused, pending: await this.pendingCount(), inDoubt };
  }

  /** Every pending lead due now (the backoff forgotten): HubSpot delivered again. A held lead keeps its own wait. */
  private async makeAllDue() {
    await this.pool.query(
      "UPDATE leads SET next_attempt_at = NULL, failures = 0 WHERE delivered_at IS NULL AND refused_at IS NULL AND next_attempt_at IS NOT NULL AND held IS NULL",
    );
  }

  async listHeld() {
    await this.init();
    return selectHeld(this.pool);
  }

  async setAsideHeld(id: string, by: string) {
    await this.init();
    return UUID.test(id) ? setAsideHeldLead(this.pool, id, by) : false;
  }

  async setSystemic(problem: SystemicProblem | null): Promise<void> {
    await this.init();
    await this.pool.query("UPDATE lead_alert_state SET systemic = $1 WHERE id = 1", [problem ? JSON.stringify(problem) : null]);
  }

  async listRefused(): Promise<RefusedSummary[]> {
    await this.init();
    const { rows } = await this.pool.query<RefusedRow>(
      `SELECT id, form_id, received_at, refused_at, refusal FROM leads WHERE refused_at IS NOT NULL ORDER BY refused_at, received_at`,
    );
    return rows.map(toRefusedSummary);
  }

  async showRefused(id: string): Promise<RefusedLead | null> {
    await this.init();
    if (!UUID.test(id)) return null;
    const { rows } = await this.pool.query<RefusedRow & LeadRow>(
      `SELECT id, form_id, received_at, refused_at, refusal, submission, form, in_doubt FROM leads WHERE id = $1 AND refused_at IS NOT NULL`,
      [id],
    );
    if (!rows[0]) return null;
    return {
      ...toRefusedSummary(rows[0]),
      record: toRecord(rows[0]),
      answer: rows[0].refusal?.answer ?? null,
      actions: await this.leadActions(id),
    };
  }

  async leadActions(id: string): Promise<LeadAction[]> {
    await this.init();
    if (!UUID.test(id)) return [];
    const { rows } = await this.pool.query<{ action: LeadAction["action"]; by: string; at: Date; new_id: string | null }>(
      "SELECT action, by, at, new_id FROM lead_actions WHERE lead_id = $1 ORDER BY seq",
      [id],
    );
    return rows.map((a) => ({ leadId: id, action: a.action, by: a.by, at: a.at.toISOString(), ...(a.new_id ? { newId: a.new_id } : {}) }));
  }

  /** Deletes a refused lead (its uploads stay until the sweep) and records the action, in one transaction. */
  private async closeRefused(client: PoolClient, id: string, action: "resent" | "discarded" | "expired", by: string, newId?: string) {
    const { rowCount } = await client.query("DELETE FROM leads WHERE id = $1 AND refused_at IS NOT NULL", [id]);
    if (!rowCount) return false;
    await client.query("INSERT INTO lead_actions (lead_id, action, by, new_id) VALUES ($1, $2, $3, $4)", [id, action, by, newId ?? null]);
    return true;
  }

  async resendRefused(id: string, submission: LeadSubmission, by: string): Promise<LeadRecord | null> {
    if (!UUID.test(id)) return null;
    return this.tx(async (client) => {
      const { rows } = await client.query<LeadRow>(
        "SELECT id, received_at, form_id, submission, form, in_doubt FROM leads WHERE id = $1 AND refused_at IS NOT NULL FOR UPDATE",
        [id],
      );
      if (!rows[0]) return null;
      const record: LeadRecord = {
        id: crypto.randomUUID(),
        receivedAt: new Date().toISOString(),
        formId: rows[0].form_id,
        submission,
        form: rows[0].form,
      };
      const { rows: files } = await client.query<{ id: string }>("SELECT id FROM lead_files WHERE lead_id = $1", [id]);
      await insertLead(
        client,
        record,
        files.map((f) => f.id),
      );
      await this.closeRefused(client, id, "resent", by, record.id);
      return record;
    });
  }

  async discardRefused(id: string, by: string): Promise<boolean> {
    if (!UUID.test(id)) return false;
    return this.tx((client) => this.closeRefused(client, id, "discarded", by));
  }

  async expireRefused(retentionMs: number): Promise<number> {
    return this.tx(async (client) => {
      const { rows } = await client.query<{ id: string }>(
        "SELECT id FROM leads WHERE refused_at < now() - $1 * interval '1 millisecond' FOR UPDATE SKIP LOCKED",
        [retentionMs],
      );
      for (const row of rows) await this.closeRefused(client, row.id, "expired", "retention");
      return rows.length;
    });
  }

  async unalertedRefusals(): Promise<UnalertedRefusals> {
    await this.init();
    const { rows } = await this.pool.query<{ id: string; refusal: { errorTypes?: string[] } | null }>(
      "SELECT id, refusal FROM leads WHERE refused_at IS NOT NULL AND refusal_alerted_at IS NULL ORDER BY refused_at",
    );
    const errorTypes: Record<string, number> = {};
    for (const row of rows) for (const type of row.refusal?.errorTypes ?? []) errorTypes[type] = (errorTypes[type] ?? 0) + 1;
    return { ids: rows.map((r) => r.id), errorTypes };
  }

  async markRefusalsAlerted(ids: readonly string[]): Promise<void> {
    await this.init();
    await this.pool.query("UPDATE leads SET refusal_alerted_at = now() WHERE id = ANY($1::uuid[])", [ids]);
  }

  async status(): Promise<PipelineStatus> {
    await this.init();
    return readPipelineStatus(this.pool);
  }

  async withAlertState<T>(fn: (state: AlertState) => Promise<{ next?: AlertState; result: T }>): Promise<T | null> {
    await this.init();
    return lockedAlertState(this.pool, fn);
  }

  async pendingCount(): Promise<number> {
    await this.init();
    const { rows } = await this.pool.query<{ n: string }>(
      "SELECT count(*) AS n FROM leads WHERE delivered_at IS NULL AND refused_at IS NULL",
    );
    return Number(rows[0].n);
  }

  async saveFile(file: NewFile, clientKey: string): Promise<StoredFileMeta> {
    const meta: StoredFileMeta = {
      id: crypto.randomUUID(),
      filename: file.filename,
      mime: file.mime,
      size: file.bytes.length,
      createdAt: new Date().toISOString(),
    };
    await this.tx((client) => insertUpload(client, meta, file.bytes, clientKey, this.options.uploadQuotaBytes));
    return meta;
  }

  async readFile(id: string): Promise<{ meta: StoredFileMeta; bytes: Buffer } | null> {
    await this.init();
    return selectUpload(this.pool, id);
  }

  async hasFile(id: string): Promise<boolean> {
    await this.init();
    const { rowCount } = await this.pool.query("SELECT 1 FROM lead_files WHERE id = $1", [id]);
    return (rowCount ?? 0) > 0;
  }

  async sweepFiles(retentionMs = FILE_RETENTION_MS): Promise<number> {
    await this.init();
    const { rowCount } = await this.pool.query(
      "DELETE FROM lead_files WHERE lead_id IS NULL AND created_at < now() - $1 * interval '1 millisecond'",
      [retentionMs],
    );
    // Expired rate-limit counters too (the limiter's own hourly timer would keep a serverless instance busy).
    await this.pool.query("DELETE FROM rate_limits WHERE expire < $1", [Date.now() - 3_600_000]);
    return rowCount ?? 0;
  }

  async saveConsentRecord(record: StoredConsentRecord, secretHash?: string): Promise<boolean> {
    await this.init();
    return insertConsentRecord(this.pool, record, secretHash);
  }

  async consentRecords(id: string): Promise<StoredConsentRecord[]> {
    await this.init();
    if (!UUID.test(id)) return [];
    return selectConsentRecords(this.pool, id);
  }

  async countConsentRecords(): Promise<number> {
    await this.init();
    const { rows } = await this.pool.query<{ n: string }>("SELECT count(*) AS n FROM consent_records");
    return Number(rows[0].n);
  }

  async pruneConsentRecords(retentionMs: number): Promise<number> {
    await this.init();
    const { rowCount } = await this.pool.query("DELETE FROM consent_records WHERE at < $1", [new Date(Date.now() - retentionMs)]);
    return rowCount ?? 0;
  }

  rateLimit(name: string, points: number, windowSeconds: number): RateLimit {
    if (points === 0) return async () => null;
    const limiter = new RateLimiterPostgres({
      storeClient: this.pool,
      storeType: "pool",
      tableName: "rate_limits",
      tableCreated: true,
      clearExpiredByTimeout: false,
      keyPrefix: name,
      points,
      duration: windowSeconds,
    });
    return limitWith(limiter, () => this.init());
  }

  async close() {
    await this.pool.end();
  }
}
