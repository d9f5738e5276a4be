/**
 * The PostgreSQL store's queries that read or write one thing on their own (postgres-queue.ts holds the leads'
 * claims): a lead's row and its outcome, the pipeline's status, the alert state under a lock, uploads within a client's quota.
 */
import type { Pool, PoolClient } from "pg";
import { HttpError } from "../http";
import { inTransaction } from "./migrations";
import type { AlertState, HeldSummary, LeadRecord, PipelineStatus, StoredFileMeta, SystemicProblem } from "./types";
import { BACKOFF_BASE_MS, BACKOFF_CAP_MS, UPLOAD_QUOTA_WINDOW_MS } from "./rules";

/** Counts and ages of the leads not delivered yet, for the status function and the flush's alerts. */
export async function readPipelineStatus(pool: Pool): Promise<PipelineStatus> {
  const [{ rows: counts }, { rows: errors }, { rows: last }, { rows: aside }] = await Promise.all([
    // a held lead's age is its own problem, not the pipeline's (docs/lead-forms.md#outcomes)
    pool.query<{ pending: number; failing: number; in_doubt: number; held: number; oldest: Date | null; failing_since: Date | null }>(
      `SELECT count(*)::int AS pending, count(*) FILTER (WHERE last_error IS NOT NULL)::int AS failing,
                count(*) FILTER (WHERE in_doubt AND (claimed_until IS NULL OR claimed_until < now()))::int AS in_doubt,
                count(*) FILTER (WHERE held IS NOT NULL)::int AS held,
                min(received_at) FILTER (WHERE held IS NULL) AS oldest, min(failing_since) FILTER (WHERE held IS NULL) AS failing_since
           FROM leads WHERE delivered_at IS NULL AND refused_at IS NULL`,
    ),
    pool.query<{ last_error: string }>(
      `SELECT last_error FROM leads WHERE delivered_at IS NULL AND refused_at IS NULL AND last_error IS NOT NULL AND held IS NULL
          ORDER BY failing_since NULLS LAST, received_at LIMIT 1`,
    ),
    pool.query<{ at: Date | null }>("SELECT max(delivered_at) AS at FROM leads"),
    pool.query<{ refused: number; systemic: SystemicProblem | null }>(
      `SELECT (SELECT count(*)::int FROM leads WHERE refused_at IS NOT NULL) AS refused,
              (SELECT systemic FROM lead_alert_state WHERE id = 1) AS systemic`,
    ),
  ]);
  const row = counts[0];
  return {
    pending: row.pending,
    failing: row.failing,
    inDoubt: row.in_doubt,
    oldestPendingAt: row.oldest?.toISOString() ?? null,
    failingSince: row.failing_since?.toISOString() ?? null,
    lastError: errors[0]?.last_error ?? null,
    lastDeliveredAt: last[0]?.at?.toISOString() ?? null,
    refused: aside[0]?.refused ?? 0,
    held: row.held,
    systemic: aside[0]?.systemic ?? null,
  };
}

/**
 * Runs `fn` with the alert state while holding its row; another flush meanwhile gets null (it skips, rather
 * than alerting twice). `next`, if given, is written in the same transaction.
 */
export function lockedAlertState<T>(pool: Pool, fn: (state: AlertState) => Promise<{ next?: AlertState; result: T }>): Promise<T | null> {
  return inTransaction(pool, async (client) => {
    // one flush at a time decides (and posts): another one meanwhile skips, rather than alerting twice
    const { rows } = await client.query<{ open: boolean; last_alert_at: Date | null; unknown_types: string[] }>(
      "SELECT open, last_alert_at, unknown_types FROM lead_alert_state WHERE id = 1 FOR UPDATE SKIP LOCKED",
    );
    if (!rows[0]) return null;
    const { next, result } = await fn({
      open: rows[0].open,
      lastAlertAt: rows[0].last_alert_at?.toISOString() ?? null,
      unknownTypes: rows[0].unknown_types,
    });
    if (next)
      await client.query("UPDATE lead_alert_state SET open = $1, last_alert_at = $2, unknown_types = $3 WHERE id = 1", [
        next.open,
        next.lastAlertAt,
        next.unknownTypes,
      ]);
    return result;
  });
}

/** Stores an upload unless it takes its client past the quota (413); one client's uploads are counted one at a time. */
export async function insertUpload(
  client: PoolClient,
  meta: StoredFileMeta,
  bytes: Buffer,
  clientKey: string,
  quotaBytes: number,
): Promise<void> {
  // One client's uploads are counted one at a time, so parallel uploads cannot pass the quota together.
  await client.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`upload:${clientKey}`]);
  const { rows } = await client.query<{ used: string }>(
    "SELECT coalesce(sum(size), 0) AS used FROM lead_files WHERE client_key = $1 AND created_at > now() - $2 * interval '1 millisecond'",
    [clientKey, UPLOAD_QUOTA_WINDOW_MS],
  );
  if (Number(rows[0].used) + meta.size > quotaBytes) {
    throw new HttpError(413, "You have uploaded too much today. Try again tomorrow or email us the file.");
  }
  await client.query(
    "INSERT INTO lead_files (id, filename, mime, size, bytes, client_key, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)",
    [meta.id, meta.filename, meta.mime, meta.size, bytes, clientKey, meta.createdAt],
  );
}

export async function selectUpload(pool: Pool, id: string): Promise<{ meta: StoredFileMeta; bytes: Buffer } | null> {
  const { rows } = await pool.query<{ id: string; filename: string; mime: string; size: number; created_at: Date; bytes: Buffer }>(
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

/** A new lead's row, and its uploads attached to it (in the caller's transaction: acknowledged once committed). */
export async function insertLead(client: PoolClient, record: LeadRecord, fileIds: readonly string[]): Promise<void> {
  await client.query("INSERT INTO leads (id, received_at, form_id, submission, form) VALUES ($1, $2, $3, $4, $5)", [
    record.id,
    record.receivedAt,
    record.formId,
    JSON.stringify(record.submission),
    JSON.stringify(record.form),
  ]);
  if (fileIds.length) await client.query("UPDATE lead_files SET lead_id = $1 WHERE id = ANY($2::uuid[])", [record.id, fileIds]);
}

/** Records an attempt's outcome only where `token` still holds the lead; false when it no longer did. */
export async function recordOutcome(
  pool: Pool,
  claimed: { id: string; token: string },
  outcome: "delivered" | "backoff" | "hold" | "keep" | "in-doubt" | "refused",
  error: string | null,
  refusal?: { status: number | null; errorTypes: string[]; answer: string | null },
): Promise<boolean> {
  const ids = [claimed.id, claimed.token];
  // "hold": backed off like "backoff", with the answer's status and errorTypes kept in `held`; any other outcome clears it
  const held = outcome === "hold" && refusal ? JSON.stringify({ status: refusal.status, errorTypes: refusal.errorTypes }) : null;
  const result =
    outcome === "delivered"
      ? await pool.query(
          `UPDATE leads SET delivered_at = now(), claimed_until = NULL, claim_token = NULL, in_doubt = false, last_error = NULL,
                  failing_since = NULL, next_attempt_at = NULL, failures = 0, held = NULL
            WHERE id = $1 AND claim_token = $2`,
          ids,
        )
      : outcome === "refused"
        ? await pool.query(
            `UPDATE leads SET refused_at = now(), refusal = $3, claimed_until = NULL, claim_token = NULL, in_doubt = false, last_error = $4,
                    held = NULL
              WHERE id = $1 AND claim_token = $2`,
            [...ids, JSON.stringify(refusal ?? null), error],
          )
        : outcome === "backoff" || outcome === "hold"
          ? await pool.query(
              `UPDATE leads SET claimed_until = NULL, claim_token = NULL, in_doubt = false, last_error = $3,
                      failing_since = coalesce(failing_since, now()), failures = failures + 1, held = $6::jsonb,
                      next_attempt_at = now() + least($4::float8, $5::float8 * power(2, least(failures, 20))) * (0.5 + random() / 2) * interval '1 millisecond'
                WHERE id = $1 AND claim_token = $2`,
              [...ids, error, BACKOFF_CAP_MS, BACKOFF_BASE_MS, held],
            )
          : await pool.query(
              `UPDATE leads SET claimed_until = NULL, claim_token = NULL, in_doubt = $3, last_error = $4, failing_since = coalesce(failing_since, now()),
                      held = NULL
                WHERE id = $1 AND claim_token = $2`,
              [...ids, outcome === "in-doubt", error],
            );
  return (result.rowCount ?? 0) > 0;
}

/** Pending leads held back by an unknown errorType (docs/lead-forms.md#outcomes), oldest first. */
export async function selectHeld(pool: Pool): Promise<HeldSummary[]> {
  const { rows } = await pool.query<{
    id: string;
    form_id: string;
    received_at: Date;
    failing_since: Date | null;
    held: { status?: number | null; errorTypes?: string[] };
  }>(
    `SELECT id, form_id, received_at, failing_since, held FROM leads
      WHERE held IS NOT NULL AND delivered_at IS NULL AND refused_at IS NULL ORDER BY received_at`,
  );
  return rows.map((r) => ({
    id: r.id,
    formId: r.form_id,
    receivedAt: r.received_at.toISOString(),
    failedAt: (r.failing_since ?? r.received_at).toISOString(),
    status: r.held.status ?? null,
    errorTypes: r.held.errorTypes ?? [],
  }));
}

/**
 * Sets a held lead aside as refused (its held answer as the refusal, told of already), unless a sender holds it
 * now; records who did it. False when it is not held (delivered, refused, claimed or unknown).
 */
export function setAsideHeldLead(pool: Pool, id: string, by: string): Promise<boolean> {
  return inTransaction(pool, async (client) => {
    const { rowCount } = await client.query(
      `UPDATE leads SET refused_at = now(), refusal = held || '{"answer":null}'::jsonb, refusal_alerted_at = now(), held = NULL
        WHERE id = $1 AND held IS NOT NULL AND delivered_at IS NULL AND refused_at IS NULL
          AND (claimed_until IS NULL OR claimed_until < now())`,
      [id],
    );
    if (!rowCount) return false;
    await client.query("INSERT INTO lead_actions (lead_id, action, by) VALUES ($1, 'set-aside', $2)", [id, by]);
    return true;
  });
}
