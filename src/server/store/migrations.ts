/** Versioned schema of the PostgreSQL store. */
import type { Pool, PoolClient } from "pg";

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: "leads, uploads and rate limits",
    sql: `
      CREATE TABLE leads (
        id uuid PRIMARY KEY,
        received_at timestamptz NOT NULL,
        form_id text NOT NULL,
        submission jsonb NOT NULL,
        form jsonb NOT NULL,
        delivered_at timestamptz,
        -- a sender holds the lead until then (a lease, taken with FOR UPDATE SKIP LOCKED)
        claimed_until timestamptz,
        -- an attempt may have reached HubSpot and its answer was not seen: settle before sending again
        in_doubt boolean NOT NULL DEFAULT false,
        attempts integer NOT NULL DEFAULT 0,
        last_error text
      );
      CREATE INDEX leads_pending ON leads (received_at) WHERE delivered_at IS NULL;

      CREATE TABLE lead_files (
        id uuid PRIMARY KEY,
        filename text NOT NULL,
        mime text NOT NULL,
        size integer NOT NULL,
        bytes bytea NOT NULL,
        client_key text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        lead_id uuid REFERENCES leads (id) ON DELETE SET NULL
      );
      CREATE INDEX lead_files_client ON lead_files (client_key, created_at);
      CREATE INDEX lead_files_unreferenced ON lead_files (created_at) WHERE lead_id IS NULL;

      -- rate-limiter-flexible's RateLimiterPostgres table
      CREATE TABLE rate_limits (
        key varchar(255) PRIMARY KEY,
        points integer NOT NULL DEFAULT 0,
        expire bigint
      );
    `,
  },
  {
    version: 2,
    name: "per-lead claim tokens, failing since, alert state",
    sql: `
      -- the sender that holds the lease: its outcome is recorded only while it still holds it
      ALTER TABLE leads ADD COLUMN claim_token uuid;
      -- when the lead's current run of failures began (cleared on delivery)
      ALTER TABLE leads ADD COLUMN failing_since timestamptz;
      CREATE INDEX leads_delivered_at ON leads (delivered_at) WHERE delivered_at IS NOT NULL;

      -- the flush's alert memory: one row, locked while a flush decides whether to alert
      CREATE TABLE lead_alert_state (
        id integer PRIMARY KEY CHECK (id = 1),
        open boolean NOT NULL DEFAULT false,
        last_alert_at timestamptz
      );
      INSERT INTO lead_alert_state (id) VALUES (1);
    `,
  },
  {
    version: 3,
    name: "backoff, refused leads, operator actions, systemic state",
    sql: `
      -- per-lead backoff (docs/lead-forms.md "Outcomes"): due again then; NULL = due (a fresh lead always is)
      ALTER TABLE leads ADD COLUMN next_attempt_at timestamptz;
      -- transient failures since the last delivery or the last "outage over", for the backoff's exponent
      ALTER TABLE leads ADD COLUMN failures integer NOT NULL DEFAULT 0;
      -- HubSpot refused the lead's own values: out of the queue, kept for the operator until the retention ends
      ALTER TABLE leads ADD COLUMN refused_at timestamptz;
      -- {status, errorTypes, answer}: HubSpot's answer, kept with the lead (it may echo personal data)
      ALTER TABLE leads ADD COLUMN refusal jsonb;
      -- when the "refused" alert told of it (one alert per batch)
      ALTER TABLE leads ADD COLUMN refusal_alerted_at timestamptz;
      DROP INDEX leads_pending;
      CREATE INDEX leads_due ON leads ((coalesce(next_attempt_at, received_at))) WHERE delivered_at IS NULL AND refused_at IS NULL;
      CREATE INDEX leads_refused ON leads (refused_at) WHERE refused_at IS NOT NULL;

      -- what operators did with refused leads (npm run leads): ids, who and when, no personal data
      CREATE TABLE lead_actions (
        seq bigserial PRIMARY KEY,
        lead_id uuid NOT NULL,
        action text NOT NULL,
        by text NOT NULL,
        at timestamptz NOT NULL DEFAULT now(),
        new_id uuid
      );
      CREATE INDEX lead_actions_lead ON lead_actions (lead_id);

      -- a systemic answer seen by a flush (status 503 until a flush delivers again): status, errorTypes, ids only
      ALTER TABLE lead_alert_state ADD COLUMN systemic jsonb;
    `,
  },
  {
    version: 4,
    name: "consent records",
    sql: `
      -- proof of consent (POST /api/consent, docs/lead-forms.md "Proof of consent"): every decision a visitor made,
      -- as the browser recorded it; no IP address, no user agent. A later change of mind is a new row (same id).
      CREATE TABLE consent_records (
        id uuid NOT NULL,
        at timestamptz NOT NULL,
        policy text NOT NULL,
        version integer NOT NULL,
        choices jsonb NOT NULL,
        method text NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (id, at)
      );
      -- the retention deletes by the decision's time
      CREATE INDEX consent_records_at ON consent_records (at);
    `,
  },
  {
    version: 5,
    name: "leads held by an unknown errorType",
    sql: `
      -- {status, errorTypes}: the last answer named an errorType on neither list (docs/lead-forms.md#outcomes);
      -- the lead keeps its own backoff (a delivery of others does not end it) and is listed for the operator
      ALTER TABLE leads ADD COLUMN held jsonb;
      -- the unknown errorTypes an alert has named (each told of once)
      ALTER TABLE lead_alert_state ADD COLUMN unknown_types text[] NOT NULL DEFAULT '{}';
    `,
  },
  {
    version: 6,
    name: "consent records: gpc, effective, the first decision's secret hash",
    sql: `
      -- optional in the post (docs/lead-forms.md "Proof of consent"): NULL in records of the old shape
      ALTER TABLE consent_records ADD COLUMN gpc boolean;
      ALTER TABLE consent_records ADD COLUMN effective jsonb;
      -- sha256 of the secret beside the id in the visitor's cookie, on the id's first decision only
      ALTER TABLE consent_records ADD COLUMN secret_hash text;
    `,
  },
];

/** An arbitrary constant: the advisory lock every migrating instance waits on. */
const MIGRATION_LOCK = 7_210_425;

/** Runs `run` in one transaction on a pooled connection: committed when it resolves, rolled back when it throws. */
export async function inTransaction<T>(pool: Pool, run: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const result = await run(client);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** Applies every migration not yet applied; returns the versions it applied. */
export function migrate(pool: Pool, migrations: readonly Migration[] = MIGRATIONS): Promise<number[]> {
  return inTransaction(pool, async (client) => {
    await client.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
    await client.query(
      "CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())",
    );
    const { rows } = await client.query<{ version: number }>("SELECT version FROM schema_migrations");
    const applied = new Set(rows.map((r) => r.version));
    const done: number[] = [];
    for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
      if (applied.has(migration.version)) continue;
      await client.query(migration.sql);
      await client.query("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", [migration.version, migration.name]);
      done.push(migration.version);
    }
    return done;
  });
}
