/** The PostgreSQL store (DATABASE_URL): what every function instance shares in production, one concern per part. */
import type { Pool } from "pg";
import { PostgresAlerts } from "./postgres-alerts";
import { PostgresDb, type PostgresStoreOptions } from "./postgres-base";
import { PostgresConsent } from "./postgres-consent";
import { postgresRateLimit } from "./postgres-limits";
import { PostgresQueue } from "./postgres-queue";
import { PostgresRefused } from "./postgres-refused";
import { PostgresUploads } from "./postgres-uploads";
import type { LeadStore, RateLimit } from "./types";

export type { PostgresStoreOptions };

/** The parts over one pool and one migration run (./postgres-base.ts). */
export class PostgresStore implements LeadStore {
  readonly kind = "postgres";
  private readonly db: PostgresDb;
  readonly queue: PostgresQueue;
  readonly refused: PostgresRefused;
  readonly alerts: PostgresAlerts;
  readonly uploads: PostgresUploads;
  readonly consent: PostgresConsent;

  constructor(options: PostgresStoreOptions) {
    this.db = new PostgresDb(options);
    this.queue = new PostgresQueue(this.db);
    this.refused = new PostgresRefused(this.db);
    this.alerts = new PostgresAlerts(this.db);
    this.uploads = new PostgresUploads(this.db);
    this.consent = new PostgresConsent(this.db);
  }

  /** The pool, for the operator's and tests' own queries. */
  get pool(): Pool {
    return this.db.pool;
  }

  rateLimit(name: string, points: number, windowSeconds: number): RateLimit {
    return postgresRateLimit(this.db, name, points, windowSeconds);
  }

  close() {
    return this.db.close();
  }
}
