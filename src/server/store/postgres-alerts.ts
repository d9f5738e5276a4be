/** The PostgreSQL store's alert memory: which refusals were told of, and the alert state under its row lock. */
import type { PostgresDb } from "./postgres-base";
import { lockedAlertState } from "./postgres-queries";
import type { AlertState, AlertStore, UnalertedRefusals } from "./types";

export class PostgresAlerts implements AlertStore {
  constructor(private readonly db: PostgresDb) {}

  async unalertedRefusals(): Promise<UnalertedRefusals> {
    await this.db.init();
    const { rows } = await this.db.pool.query<{ id: string; refusal: { errorTypes?: string[] } | null }>(
      "SELECT id, refusal FROM leads WHERE refused_at IS NOT NULL AND refusal_alerted_at IS NULL ORDER BY refused_at",
    );
    const errorTypes: Record<string, number> = {};
    for (const row of rows) for (const type of row.refusal?.errorTypes ?? []) errorTypes[type] = (errorTypes[type] ?? 0) + 1;
    return { ids: rows.map((r) => r.id), errorTypes };
  }

  async markRefusalsAlerted(ids: readonly string[]): Promise<void> {
    await this.db.init();
    await this.db.pool.query("UPDATE leads SET refusal_alerted_at = now() WHERE id = ANY($1::uuid[])", [ids]);
  }

  async withAlertState<T>(fn: (state: AlertState) => Promise<{ next?: AlertState; result: T }>): Promise<T | null> {
    await this.db.init();
    return lockedAlertState(this.db.pool, fn);
  }
}
