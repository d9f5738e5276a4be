/**
 * The PostgreSQL store (DATABASE_URL): what every function instance shares in production.
 * - A lead is acknowledged only after its row is committed.
 * - A sender claims a lead with a short transaction (FOR UPDATE SKIP LOCKED) that sets a lease
 *   (claimed_until) and marks it in doubt; it sends without holding a connection, then records the
 *   outcome. Two instances, or a flush beside a live delivery, never send one lead at the same time.
 * - A sender that died, or a HubSpot answer that never came, leaves the lead in doubt: the next flush
 *   after the lease asks HubSpot (Settle) before sending it again, so the CRM gets it once.
 * - Uploads live in the database (any instance serves them); the per-client rate limit is
 *   rate-limiter-flexible's Postgres store, so it holds across instances.
 */
import crypto from "node:crypto";
import { Pool, type PoolClient } from "pg";
import { RateLimiterPostgres } from "rate-limiter-flexible";
import type { LeadFormDefinition, LeadSubmission } from "../../lib/lead-form/types";
import { HttpError } from "../http";
import { limitWith } from "../protect";
import { inTransaction, migrate } from "./migrations";
import {
  isInDoubt,
  FILE_RETENTION_MS,
  UPLOAD_QUOTA_WINDOW_MS,
  type Deliver,
  type DeliveryOutcome,
  type FlushResult,
  type LeadRecord,
  type LeadStore,
  type NewFile,
  type RateLimit,
  type Settle,
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
    await this.tx(async (client) => {
      await client.query("INSERT INTO leads (id, received_at, form_id, submission, form) VALUES ($1, $2, $3, $4, $5)", [
        record.id,
        record.receivedAt,
        record.formId,
        JSON.stringify(submission),
        JSON.stringify(form),
      ]);
      if (fileIds.length) await client.query("UPDATE lead_files SET lead_id = $1 WHERE id = ANY($2::uuid[])", [record.id, fileIds]);
    });
    return record;
  }

  /**
   * Claims up to `limit` deliverable leads for this sender (`id` given: that one; `exclude`: leads this
   * flush already handled): not delivered, not held by a live lease. Each comes with its in-doubt flag as
   * it was before this claim.
   */
  private claim(limit: number, { id, exclude = [] }: { id?: string; exclude?: readonly string[] } = {}) {
    return this.tx(async (client) => {
      const { rows } = await client.query<LeadRow>(
        `SELECT id, received_at, form_id, submission, form, in_doubt FROM leads
          WHERE delivered_at IS NULL AND (claimed_until IS NULL OR claimed_until < now())
            AND ($2::uuid IS NULL OR id = $2) AND NOT (id = ANY($3::uuid[]))
          ORDER BY received_at LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [limit, id ?? null, exclude],
      );
      if (rows.length) {
        await client.query(
          "UPDATE leads SET claimed_until = now() + $2 * interval '1 millisecond', in_doubt = true, attempts = attempts + 1 WHERE id = ANY($1::uuid[])",
          [rows.map((r) => r.id), this.options.claimMs],
        );
      }
      return rows.map((row) => ({ ...toRecord(row), inDoubt: row.in_doubt }));
    });
  }

  private async finish(id: string, outcome: "delivered" | "failed" | "in-doubt", error?: unknown) {
    const message = error instanceof Error ? error.message.slice(0, 500) : null;
    if (outcome === "delivered") {
      await this.pool.query(
        "UPDATE leads SET delivered_at = now(), claimed_until = NULL, in_doubt = false, last_error = NULL WHERE id = $1",
        [id],
      );
    } else {
      // A definite failure clears the doubt; an unseen answer keeps it (the flush settles it first).
      await this.pool.query("UPDATE leads SET claimed_until = NULL, in_doubt = $2, last_error = $3 WHERE id = $1", [
        id,
        outcome === "in-doubt",
        message,
      ]);
    }
  }

  private async send(record: LeadRecord, deliver: Deliver) {
    try {
      await deliver(record);
    } catch (error) {
      await this.finish(record.id, isInDoubt(error) ? "in-doubt" : "failed", error);
      throw error;
    }
    await this.finish(record.id, "delivered");
  }

  async deliver(record: LeadRecord, deliver: Deliver): Promise<DeliveryOutcome> {
    const [claimed] = await this.claim(1, { id: record.id });
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

  async flush(deliver: Deliver, settle?: Settle): Promise<FlushResult> {
    let delivered = 0;
    let failed = 0;
    let inDoubt = 0;
    const seen: string[] = [];
    for (;;) {
      // A batch at a time: other senders can take the rest meanwhile.
      const batch = await this.claim(20, { exclude: seen });
      if (batch.length === 0) break;
      for (const record of batch) {
        seen.push(record.id);
        try {
          if (record.inDoubt) {
            const found = settle ? await settle(record) : "unknown";
            if (found === "present") {
              await this.finish(record.id, "delivered");
              delivered++;
              continue;
            }
            if (found === "unknown") {
              await this.finish(record.id, "in-doubt", new Error("delivery outcome unknown; HubSpot could not be asked"));
              inDoubt++;
              continue;
            }
          }
          await this.send(record, deliver);
          delivered++;
        } catch (error) {
          failed++;
          console.error(`[lead-store] ${record.id} (${record.formId}) not delivered: ${(error as Error).message}`);
        }
      }
    }
    return { delivered, failed, pending: await this.pendingCount(), inDoubt };
  }

  async pendingCount(): Promise<number> {
    await this.init();
    const { rows } = await this.pool.query<{ n: string }>("SELECT count(*) AS n FROM leads WHERE delivered_at IS NULL");
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
    await this.tx(async (client) => {
      // One client's uploads are counted one at a time, so parallel uploads cannot pass the quota together.
      await client.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`upload:${clientKey}`]);
      const { rows } = await client.query<{ used: string }>(
        "SELECT coalesce(sum(size), 0) AS used FROM lead_files WHERE client_key = $1 AND created_at > now() - $2 * interval '1 millisecond'",
        [clientKey, UPLOAD_QUOTA_WINDOW_MS],
      );
      if (Number(rows[0].used) + meta.size > this.options.uploadQuotaBytes) {
        throw new HttpError(413, "You have uploaded too much today. Try again tomorrow or email us the file.");
      }
      await client.query(
        "INSERT INTO lead_files (id, filename, mime, size, bytes, client_key, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)",
        [meta.id, meta.filename, meta.mime, meta.size, file.bytes, clientKey, meta.createdAt],
      );
    });
    return meta;
  }

  async readFile(id: string): Promise<{ meta: StoredFileMeta; bytes: Buffer } | null> {
    await this.init();
    const { rows } = await this.pool.query<{ id: string; filename: string; mime: string; size: number; created_at: Date; bytes: Buffer }>(
      "SELECT id, filename, mime, size, created_at, bytes FROM lead_files WHERE id = $1",
      [id],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      meta: { id: row.id, filename: row.filename, mime: row.mime, size: row.size, createdAt: row.created_at.toISOString() },
      bytes: row.bytes,
    };
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
