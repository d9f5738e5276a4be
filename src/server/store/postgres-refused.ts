// The PostgreSQL store's leads set aside for the operator: refused by HubSpot or held by an unknown errorType
// (docs/lead-forms.md#outcomes).
import crypto from "node:crypto";
import type { PoolClient } from "pg";
import type { LeadSubmission } from "../../lib/lead-form/types";
import { toRecord, UUID, type LeadRow, type PostgresDb } from "./postgres-base";
import { insertLead, selectHeld, setAsideHeldLead } from "./postgres-queries";
import type { LeadAction, LeadRecord, RefusedLead, RefusedLeadStore, RefusedSummary } from "./types";

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

export class PostgresRefused implements RefusedLeadStore {
  constructor(private readonly db: PostgresDb) {}

  async listHeld() {
    await this.db.init();
    return selectHeld(this.db.pool);
  }

  async setAsideHeld(id: string, by: string) {
    await this.db.init();
    return UUID.test(id) ? setAsideHeldLead(this.db.pool, id, by) : false;
  }

  async listRefused(): Promise<RefusedSummary[]> {
    await this.db.init();
    const { rows } = await this.db.pool.query<RefusedRow>(
      `SELECT id, form_id, received_at, refused_at, refusal FROM leads WHERE refused_at IS NOT NULL ORDER BY refused_at, received_at`,
    );
    return rows.map(toRefusedSummary);
  }

  async showRefused(id: string): Promise<RefusedLead | null> {
    await this.db.init();
    if (!UUID.test(id)) return null;
    const { rows } = await this.db.pool.query<RefusedRow & LeadRow>(
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
    await this.db.init();
    if (!UUID.test(id)) return [];
    const { rows } = await this.db.pool.query<{ action: LeadAction["action"]; by: string; at: Date; new_id: string | null }>(
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
    return this.db.tx(async (client) => {
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
    return this.db.tx((client) => this.closeRefused(client, id, "discarded", by));
  }

  async expireRefused(retentionMs: number): Promise<number> {
    return this.db.tx(async (client) => {
      const { rows } = await client.query<{ id: string }>(
        "SELECT id FROM leads WHERE refused_at < now() - $1 * interval '1 millisecond' FOR UPDATE SKIP LOCKED",
        [retentionMs],
      );
      for (const row of rows) await this.closeRefused(client, row.id, "expired", "retention");
      return rows.length;
    });
  }
}
