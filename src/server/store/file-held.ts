// The file store's held leads: an errorType on neither list holds its lead back, with its own backoff, for the
// operator (docs/lead-forms.md#outcomes).
import { markRefusalsAlerted, markRefused } from "./file-refused";
import { appendLine } from "./jsonl";
import { pendingRecords, readAttempts, withLock } from "../outbox";
import type { HeldSummary } from "./types";
import path from "node:path";

/** Pending leads whose last attempt was held back, oldest first. */
export function listHeld(dir: string): HeldSummary[] {
  const last = new Map<string, ReturnType<typeof readAttempts>[number]>();
  for (const attempt of readAttempts(dir)) last.set(attempt.id, attempt);
  return pendingRecords(dir).flatMap((record) => {
    const attempt = last.get(record.id);
    if (attempt?.state !== "failed" || !attempt.held) return [];
    const { status, errorTypes } = attempt.held;
    return [{ id: record.id, formId: record.formId, receivedAt: record.receivedAt, failedAt: attempt.at, status, errorTypes }];
  });
}

/**
 * Under the lead's lock (no send of it meanwhile): the lead set aside as refused with its held answer, the action
 * recorded, and marked as told of (the unknown-errorType alert told of it already).
 */
export async function setAsideHeld(dir: string, id: string, by: string): Promise<boolean> {
  const done = await withLock(dir, `lead-${id}`, async () => {
    const held = listHeld(dir).find((h) => h.id === id);
    const record = held && pendingRecords(dir).find((r) => r.id === id);
    if (!held || !record) return false;
    markRefused(dir, record, { status: held.status, errorTypes: held.errorTypes, answer: null });
    appendLine(path.join(dir, "refused.jsonl"), JSON.stringify({ id, event: "set-aside", at: new Date().toISOString(), by }));
    markRefusalsAlerted(dir, [id]);
    return true;
  });
  return done ?? false;
}
