/** The PostgreSQL store's consent records (docs/lead-forms.md "Proof of consent"): one row per decision, primary key (id, at). */
import type { Pool } from "pg";
import { checkSecret } from "./consent-proof";
import { inTransaction } from "./migrations";
import { UUID, type PostgresDb } from "./postgres-base";
import type { ConsentRecordStore, StoredConsentRecord } from "./types";

interface ConsentRow {
  id: string;
  at: Date;
  policy: StoredConsentRecord["policy"];
  version: number;
  choices: StoredConsentRecord["choices"];
  method: StoredConsentRecord["method"];
  gpc: boolean | null;
  effective: StoredConsentRecord["effective"] | null;
  received_at: Date;
}

const toConsentRecord = (row: ConsentRow): StoredConsentRecord => ({
  id: row.id,
  at: row.at.getTime(),
  policy: row.policy,
  version: row.version,
  choices: row.choices,
  method: row.method,
  ...(row.gpc === null ? {} : { gpc: row.gpc }),
  ...(row.effective === null ? {} : { effective: row.effective }),
  receivedAt: row.received_at.toISOString(),
});

/** Keeps a decision unless (id, at) is kept (false); 403 when the id's first decision's secret is not matched. */
export function insertConsentRecord(pool: Pool, record: StoredConsentRecord, secretHash?: string): Promise<boolean> {
  return inTransaction(pool, async (client) => {
    await client.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`consent:${record.id}`]);
    const { rows } = await client.query<{ secret_hash: string | null }>(
      "SELECT secret_hash FROM consent_records WHERE id = $1 ORDER BY received_at, at LIMIT 1",
      [record.id],
    );
    checkSecret(rows[0]?.secret_hash, secretHash);
    const { rowCount } = await client.query(
      `INSERT INTO consent_records (id, at, policy, version, choices, method, gpc, effective, secret_hash, received_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (id, at) DO NOTHING`,
      [
        record.id,
        new Date(record.at),
        record.policy,
        record.version,
        JSON.stringify(record.choices),
        record.method,
        record.gpc ?? null,
        record.effective ? JSON.stringify(record.effective) : null,
        // only the first decision under an id binds the later ones
        rows[0] ? null : (secretHash ?? null),
        record.receivedAt,
      ],
    );
    return (rowCount ?? 0) > 0;
  });
}

export async function selectConsentRecords(pool: Pool, id: string): Promise<StoredConsentRecord[]> {
  const { rows } = await pool.query<ConsentRow>(
    "SELECT id, at, policy, version, choices, method, gpc, effective, received_at FROM consent_records WHERE id = $1 ORDER BY at",
    [id],
  );
  return rows.map(toConsentRecord);
}

export class PostgresConsent implements ConsentRecordStore {
  constructor(private readonly db: PostgresDb) {}

  async saveConsentRecord(record: StoredConsentRecord, secretHash?: string): Promise<boolean> {
    await this.db.init();
    return insertConsentRecord(this.db.pool, record, secretHash);
  }

  async consentRecords(id: string): Promise<StoredConsentRecord[]> {
    await this.db.init();
    if (!UUID.test(id)) return [];
    return selectConsentRecords(this.db.pool, id);
  }

  async countConsentRecords(): Promise<number> {
    await this.db.init();
    const { rows } = await this.db.pool.query<{ n: string }>("SELECT count(*) AS n FROM consent_records");
    return Number(rows[0].n);
  }

  async pruneConsentRecords(retentionMs: number): Promise<number> {
    await this.db.init();
    const { rowCount } = await this.db.pool.query("DELETE FROM consent_records WHERE at < $1", [new Date(Date.now() - retentionMs)]);
    return rowCount ?? 0;
  }
}
