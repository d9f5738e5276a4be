/**
 * What every part of the PostgreSQL store shares (./postgres-store.ts hands one to each): the pool, the migrations
 * applied once per instance before the first query, a transaction, and the row shapes more than one part reads.
 */
import { Pool, type PoolClient } from "pg";
import { DEFAULT_DATABASE_POOL_SIZE } from "../../config/defaults";
import type { LeadFormDefinition, LeadSubmission } from "../../lib/lead-form/types";
import { inTransaction, migrate } from "./migrations";
import type { LeadRecord } from "./types";

export interface PostgresStoreOptions {
  connectionString: string;
  /** How long a claimed lead belongs to its sender: longer than a delivery can take. */
  claimMs: number;
  /** Upload bytes one client may store per UPLOAD_QUOTA_WINDOW_MS. */
  uploadQuotaBytes: number;
  /** Connections per instance (serverless instances each hold their own pool). */
  poolSize?: number;
}

export interface LeadRow {
  id: string;
  received_at: Date;
  form_id: string;
  submission: LeadSubmission;
  form: LeadFormDefinition;
  in_doubt: boolean;
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const toRecord = (row: LeadRow): LeadRecord => ({
  id: row.id,
  receivedAt: row.received_at.toISOString(),
  formId: row.form_id,
  submission: row.submission,
  form: row.form,
});

export class PostgresDb {
  readonly pool: Pool;
  private ready: Promise<void> | undefined;

  constructor(readonly options: PostgresStoreOptions) {
    this.pool = new Pool({
      connectionString: options.connectionString,
      max: options.poolSize ?? DEFAULT_DATABASE_POOL_SIZE,
      idleTimeoutMillis: 10_000,
    });
    // An idle client's error (the server restarted) must not crash the process; the next query reconnects.
    this.pool.on("error", (error) => console.error(`[lead-store] idle PostgreSQL connection failed: ${error.message}`));
  }

  /** Applies the migrations once per instance, before its first query. */
  init(): Promise<void> {
    this.ready ??= migrate(this.pool).then(
      () => undefined,
      (error: unknown) => {
        this.ready = undefined; // try again on the next request
        throw error;
      },
    );
    return this.ready;
  }

  async tx<T>(run: (client: PoolClient) => Promise<T>): Promise<T> {
    await this.init();
    return inTransaction(this.pool, run);
  }

  async close() {
    await this.pool.end();
  }
}
