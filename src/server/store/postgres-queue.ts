/** The PostgreSQL store's queue: accepted leads, their claims (leases) and delivery. */
import crypto from "node:crypto";
import type { LeadFormDefinition, LeadSubmission } from "../../lib/lead-form/types";
import { drain } from "./drain";
import { toRecord, type LeadRow, type PostgresDb } from "./postgres-base";
import { insertLead, readPipelineStatus, recordOutcome } from "./postgres-queries";
import { errorLine, failureKind, isInDoubt, logLeadError, refusalOf } from "./rules";
import type {
  Deliver,
  DeliveryOutcome,
  FlushOptions,
  FlushResult,
  LeadQueue,
  LeadRecord,
  PipelineStatus,
  Settle,
  SystemicProblem,
} from "./types";

/** A lead this sender holds: its lease belongs to `token`. */
type Claimed = LeadRecord & { inDoubt: boolean; token: string };

export class PostgresQueue implements LeadQueue {
  constructor(private readonly db: PostgresDb) {}

  async accept(submission: LeadSubmission, form: LeadFormDefinition, fileIds: readonly string[]): Promise<LeadRecord> {
    const record: LeadRecord = {
      id: crypto.randomUUID(),
      receivedAt: new Date().toISOString(),
      formId: submission.formId,
      submission,
      form,
    };
    await this.db.tx((client) => insertLead(client, record, fileIds));
    return record;
  }

  /**
   * Claims one deliverable lead for this sender (`id` given: that one; `exclude`: leads this flush already
   * handled): not delivered, not held by a live lease.
   */
  private async claim({
    id,
    exclude = [],
    probe = false,
  }: { id?: string; exclude?: readonly string[]; probe?: boolean } = {}): Promise<Claimed | null> {
    await this.db.init();
    const token = crypto.randomUUID();
    const { rows } = await this.db.pool.query<LeadRow>(
      `WITH next AS (
         SELECT id, in_doubt FROM leads
          WHERE delivered_at IS NULL AND refused_at IS NULL AND (claimed_until IS NULL OR claimed_until < now())
            AND ($1::uuid IS NULL OR id = $1) AND NOT (id = ANY($2::uuid[]))
            AND ($1::uuid IS NOT NULL OR ($5::boolean AND held IS NULL) OR coalesce(next_attempt_at, received_at) <= now())
          ORDER BY coalesce(next_attempt_at, received_at) LIMIT 1 FOR UPDATE SKIP LOCKED)
       UPDATE leads SET claimed_until = now() + $3 * interval '1 millisecond', claim_token = $4, in_doubt = true, attempts = attempts + 1
         FROM next WHERE leads.id = next.id
       RETURNING leads.id, leads.received_at, leads.form_id, leads.submission, leads.form, next.in_doubt`,
      [id ?? null, exclude, this.db.options.claimMs, token, probe],
    );
    return rows[0] ? { ...toRecord(rows[0]), inDoubt: rows[0].in_doubt, token } : null;
  }

  /** Starts the lease again (after asking HubSpot took time); false when this claim no longer holds the lead. */
  private async renew(claimed: Claimed): Promise<boolean> {
    const { rowCount } = await this.db.pool.query(
      "UPDATE leads SET claimed_until = now() + $3 * interval '1 millisecond' WHERE id = $1 AND claim_token = $2 AND delivered_at IS NULL",
      [claimed.id, claimed.token, this.db.options.claimMs],
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
      this.db.pool,
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
      const { rows } = await this.db.pool.query<{ delivered: boolean }>(
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
    await this.db.pool.query(
      "UPDATE leads SET next_attempt_at = NULL, failures = 0 WHERE delivered_at IS NULL AND refused_at IS NULL AND next_attempt_at IS NOT NULL AND held IS NULL",
    );
  }

  async setSystemic(problem: SystemicProblem | null): Promise<void> {
    await this.db.init();
    await this.db.pool.query("UPDATE lead_alert_state SET systemic = $1 WHERE id = 1", [problem ? JSON.stringify(problem) : null]);
  }

  async status(): Promise<PipelineStatus> {
    await this.db.init();
    return readPipelineStatus(this.db.pool);
  }

  async pendingCount(): Promise<number> {
    await this.db.init();
    const { rows } = await this.db.pool.query<{ n: string }>(
      "SELECT count(*) AS n FROM leads WHERE delivered_at IS NULL AND refused_at IS NULL",
    );
    return Number(rows[0].n);
  }
}
