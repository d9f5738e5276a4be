/**
 * The lead outbox (docs/architecture.md#lead-backend): every accepted submission is appended, fsynced, as one
 * JSON line with an id before anything else happens, so an accepted lead is never lost.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { LeadFormDefinition, LeadSubmission } from "../lib/lead-form/types";
import { dueTimes, failuresSinceReset, markRefused, refusedIds, resetBackoff } from "./store/file-refused";
import { appendLine, readLines } from "./store/jsonl";
import type { DeliveryOutcome, FlushOptions, FlushResult, LeadRecord, Settle } from "./store/types";
import { backoffMs, errorLine, failureKind, isInDoubt, refusalOf, logLeadError } from "./store/rules";
import { drain } from "./store/drain";

export type OutboxRecord = LeadRecord;
export { appendLine };

export const outboxFile = (dir: string) => path.join(dir, "outbox.jsonl");
export const attemptsFile = (dir: string) => path.join(dir, "attempts.jsonl");
export const deliveredFile = (dir: string) => path.join(dir, "delivered.jsonl");

export function appendToOutbox(dir: string, submission: LeadSubmission, form?: LeadFormDefinition, now = new Date()): OutboxRecord {
  const record: OutboxRecord = { id: crypto.randomUUID(), receivedAt: now.toISOString(), formId: submission.formId, submission, form };
  appendLine(outboxFile(dir), JSON.stringify(record));
  return record;
}

export const readOutbox = (dir: string) => readLines<OutboxRecord>(outboxFile(dir));
export const readDelivered = (dir: string) => readLines<{ id: string; deliveredAt: string }>(deliveredFile(dir));
export const deliveredIds = (dir: string) => new Set(readDelivered(dir).map((r) => r.id));
/** Leads neither delivered nor refused (a refused lead leaves the queue: ./store/file-refused.ts). */
export const pendingRecords = (dir: string) => {
  const done = deliveredIds(dir);
  const aside = refusedIds(dir);
  return readOutbox(dir).filter((r) => !done.has(r.id) && !aside.has(r.id) && r.submission !== undefined);
};

export function markDelivered(dir: string, id: string, now = new Date()) {
  appendLine(deliveredFile(dir), JSON.stringify({ id, deliveredAt: now.toISOString() }));
}

/** True when the lock's holder is a process on this host that no longer runs (killed mid-flush or mid-delivery). */
function holderIsGone(lock: string): boolean {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(lock, "utf8").trim());
  } catch {
    return false;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}

/**
 * Runs `fn` holding LEADS_DIR/locks/{name}.lock (the holder's pid inside); returns null when another
 * holder has it. A lock whose holder died (SIGKILL, crash) or that is older than `staleMs` is taken over.
 */
export async function withLock<T>(dir: string, name: string, fn: () => Promise<T>, staleMs = 10 * 60_000): Promise<T | null> {
  const lockDir = path.join(dir, "locks");
  fs.mkdirSync(lockDir, { recursive: true });
  const lock = path.join(lockDir, `${name}.lock`);
  let fd: number;
  try {
    fd = fs.openSync(lock, "wx");
  } catch {
    const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? 0);
    if (age < staleMs && !holderIsGone(lock)) return null;
    fs.rmSync(lock, { force: true });
    try {
      fd = fs.openSync(lock, "wx");
    } catch {
      return null;
    }
  }
  try {
    fs.writeSync(fd, String(process.pid));
    return await fn();
  } finally {
    fs.closeSync(fd);
    fs.rmSync(lock, { force: true });
  }
}

/**
 * Delivers one record under its own lock and records the delivery; re-checks the delivered file after taking
 * the lock, so a live delivery and a flush never both send the same lead.
 */
/** Leads whose last attempt began and has no outcome: the request may have reached HubSpot. */
export function inDoubtIds(dir: string): Set<string> {
  const last = new Map<string, string>();
  for (const line of readLines<{ id: string; state: string }>(attemptsFile(dir))) last.set(line.id, line.state);
  return new Set([...last].filter(([, state]) => state === "started").map(([id]) => id));
}

interface AttemptLine {
  id: string;
  state: "started" | "failed";
  at: string;
  error?: string;
  /** A transient failure's backoff: the lead is due again then (ISO). */
  next?: string;
  /** An unknown errorType held the lead back (./store/file-held.ts): status and errorTypes only. */
  held?: { status: number | null; errorTypes: string[] };
}

const markAttempt = (dir: string, id: string, state: "started" | "failed", error?: unknown, next?: Date, held?: AttemptLine["held"]) =>
  appendLine(
    attemptsFile(dir),
    JSON.stringify({
      id,
      state,
      at: new Date().toISOString(),
      ...(error === undefined ? {} : { error: errorLine(error) }),
      ...(next ? { next: next.toISOString() } : {}),
      ...(held ? { held } : {}),
    } satisfies AttemptLine),
  );

/** Records a definite failure as its kind says: refused leads set aside, transient ones backed off (./store/types.ts). */
function recordFailure(dir: string, record: OutboxRecord, error: unknown) {
  const kind = failureKind(error);
  if (kind === "refused") markRefused(dir, record, refusalOf(error));
  const backedOff = kind === "backoff" || kind === "hold";
  const next = backedOff ? new Date(Date.now() + backoffMs(failuresSinceReset(dir, record.id) + 1)) : undefined;
  const { status, errorTypes } = refusalOf(error);
  markAttempt(dir, record.id, "failed", error, next, kind === "hold" ? { status, errorTypes } : undefined);
}

export const readAttempts = (dir: string) => readLines<AttemptLine>(attemptsFile(dir));

/**
 * Delivers one record under its own lock and records the outcome; re-checks the delivered file after taking
 * the lock, so a live delivery and a flush never both send the same lead.
 */
export async function deliverOnce(
  dir: string,
  record: OutboxRecord,
  deliver: (record: OutboxRecord) => Promise<void>,
  settle?: Settle,
): Promise<DeliveryOutcome | "in-doubt"> {
  const outcome = await withLock(dir, `lead-${record.id}`, async (): Promise<DeliveryOutcome | "in-doubt"> => {
    if (deliveredIds(dir).has(record.id)) return "already-delivered";
    if (refusedIds(dir).has(record.id)) return "busy";
    if (inDoubtIds(dir).has(record.id)) {
      const found = settle ? await settle(record) : "unknown";
      if (found === "unknown") return "in-doubt";
      if (found === "present") {
        markDelivered(dir, record.id);
        return "delivered";
      }
    }
    markAttempt(dir, record.id, "started");
    try {
      await deliver(record);
    } catch (error) {
      if (!isInDoubt(error)) recordFailure(dir, record, error);
      throw error;
    }
    markDelivered(dir, record.id);
    return "delivered";
  });
  return outcome ?? "busy";
}

/** Pending leads due now, in order of their due time (a fresh lead is due when it was received). */
function dueQueue(dir: string, probe = false): OutboxRecord[] {
  const due = dueTimes(dir);
  const now = Date.now();
  const ordered = pendingRecords(dir)
    .map((record) => ({ record, at: due.get(record.id) ?? Date.parse(record.receivedAt) }))
    .sort((a, b) => a.at - b.at);
  const dueNow = ordered.filter((entry) => entry.at <= now);
  if (dueNow.length || !probe) return dueNow.map((entry) => entry.record);
  // a held lead's send says nothing about an outage: never the probe
  const last = new Map(readAttempts(dir).map((a) => [a.id, a]));
  return ordered
    .filter((entry) => !last.get(entry.record.id)?.held)
    .slice(0, 1)
    .map((entry) => entry.record);
}

/**
 * Re-delivers the pending leads that are due, in order of their due time, `concurrency` at a time, until none
 * is left or `stop` says so; marks each right after success.
 */
export async function flushOutbox(
  dir: string,
  deliver: (record: OutboxRecord) => Promise<void>,
  settle?: Settle,
  { concurrency = 1, stop, onError = logLeadError("lead-outbox"), beforeNext }: FlushOptions = {},
): Promise<FlushResult> {
  const result = await withLock(dir, "flush", async () => {
    let delivered = 0;
    let failed = 0;
    let refused = 0;
    let inDoubt = 0;
    const taken = new Set<string>();
    let queue = dueQueue(dir, true);
    await drain(
      concurrency,
      async () => {
        const record = queue.find((r) => !taken.has(r.id));
        if (!record) return null;
        taken.add(record.id);
        return record;
      },
      async (record) => {
        try {
          const outcome = await deliverOnce(dir, record, deliver, settle);
          if (outcome === "delivered" && delivered++ === 0) {
            resetBackoff(dir);
            queue = dueQueue(dir);
          }
          if (outcome === "in-doubt") inDoubt++;
        } catch (error) {
          if (failureKind(error) === "refused" && !isInDoubt(error)) refused++;
          else failed++;
          onError(record, error);
        }
      },
      stop,
      beforeNext,
    );
    return { delivered, failed, refused, inDoubt, pending: pendingRecords(dir).length };
  });
  return result ?? { delivered: 0, failed: 0, pending: pendingRecords(dir).length, busy: true };
}
