/**
 * The lead outbox (docs/architecture.md#lead-backend): every accepted submission is appended, fsynced, as one JSON
 * line with an id before anything else happens, so an accepted lead is never lost. Deliveries are
 * recorded in a second append-only file; flushing skips delivered ids, so each lead reaches HubSpot
 * once. Lock files (one per flush, one per lead) keep two senders from sending the same lead. Before a
 * send, an attempt line is fsynced: a lead whose last attempt has no outcome (the sender died, or
 * HubSpot's answer never came) is in doubt, and the flush asks HubSpot (Settle) before sending it again.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { LeadFormDefinition, LeadSubmission } from "../lib/lead-form/types";
import {
  drain,
  errorLine,
  isInDoubt,
  logLeadError,
  type DeliveryOutcome,
  type FlushOptions,
  type FlushResult,
  type LeadRecord,
  type Settle,
} from "./store/types";

export type OutboxRecord = LeadRecord;

export const outboxFile = (dir: string) => path.join(dir, "outbox.jsonl");
export const attemptsFile = (dir: string) => path.join(dir, "attempts.jsonl");
export const deliveredFile = (dir: string) => path.join(dir, "delivered.jsonl");

/** Appends one line and fsyncs the file (and, on first creation, its directory). */
export function appendLine(file: string, line: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const created = !fs.existsSync(file);
  const fd = fs.openSync(file, "a+", 0o600);
  try {
    // after a torn write (crash mid-line) start on a fresh line, so this record stays readable
    const size = fs.fstatSync(fd).size;
    const last = Buffer.alloc(1);
    const torn = size > 0 && fs.readSync(fd, last, 0, 1, size - 1) === 1 && last[0] !== 0x0a;
    fs.writeSync(fd, `${torn ? "\n" : ""}${line.endsWith("\n") ? line : `${line}\n`}`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  if (created) fsyncDir(path.dirname(file));
}

function fsyncDir(dir: string) {
  try {
    const fd = fs.openSync(dir, "r");
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    // not supported on every platform
  }
}

export function appendToOutbox(dir: string, submission: LeadSubmission, form?: LeadFormDefinition, now = new Date()): OutboxRecord {
  const record: OutboxRecord = { id: crypto.randomUUID(), receivedAt: now.toISOString(), formId: submission.formId, submission, form };
  appendLine(outboxFile(dir), JSON.stringify(record));
  return record;
}

/** JSON lines of a file; a torn last line (crash mid-write) is skipped. */
function readLines<T>(file: string): T[] {
  if (!fs.existsSync(file)) return [];
  const out: T[] = [];
  for (const line of fs.readFileSync(file, "utf8").split("\n")) {
    if (!line.trim()) continue;
    try {
      out.push(JSON.parse(line) as T);
    } catch {
      console.error(`[lead-outbox] skipped an unreadable line in ${path.basename(file)}`);
    }
  }
  return out;
}

export const readOutbox = (dir: string) => readLines<OutboxRecord>(outboxFile(dir));
export const readDelivered = (dir: string) => readLines<{ id: string; deliveredAt: string }>(deliveredFile(dir));
export const deliveredIds = (dir: string) => new Set(readDelivered(dir).map((r) => r.id));
export const pendingRecords = (dir: string) => {
  const done = deliveredIds(dir);
  return readOutbox(dir).filter((r) => !done.has(r.id));
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
 * Delivers one record under its own lock and records the delivery; re-checks the delivered file
 * after taking the lock, so a live delivery and a flush never both send the same lead.
 * Throws what `deliver` throws (the record stays pending).
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
}

const markAttempt = (dir: string, id: string, state: "started" | "failed", error?: unknown) =>
  appendLine(
    attemptsFile(dir),
    JSON.stringify({
      id,
      state,
      at: new Date().toISOString(),
      ...(error === undefined ? {} : { error: errorLine(error) }),
    } satisfies AttemptLine),
  );

export const readAttempts = (dir: string) => readLines<AttemptLine>(attemptsFile(dir));

/**
 * Delivers one record under its own lock and records the outcome; re-checks the delivered file after
 * taking the lock, so a live delivery and a flush never both send the same lead. A lead in doubt is
 * settled first (without `settle` it waits). Throws what `deliver` throws (the record stays pending; in
 * doubt when the error says the request may have arrived).
 */
export async function deliverOnce(
  dir: string,
  record: OutboxRecord,
  deliver: (record: OutboxRecord) => Promise<void>,
  settle?: Settle,
): Promise<DeliveryOutcome | "in-doubt"> {
  const outcome = await withLock(dir, `lead-${record.id}`, async (): Promise<DeliveryOutcome | "in-doubt"> => {
    if (deliveredIds(dir).has(record.id)) return "already-delivered";
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
      if (!isInDoubt(error)) markAttempt(dir, record.id, "failed", error);
      throw error;
    }
    markDelivered(dir, record.id);
    return "delivered";
  });
  return outcome ?? "busy";
}

/**
 * Re-delivers the records not yet marked delivered, oldest first, `concurrency` at a time, until none is left
 * or `stop` says so; marks each right after success. A failure leaves the record pending for the next flush;
 * a lead in doubt is settled with HubSpot first. One flush at a time (a second one answers busy).
 */
export async function flushOutbox(
  dir: string,
  deliver: (record: OutboxRecord) => Promise<void>,
  settle?: Settle,
  { concurrency = 1, stop, onError = logLeadError("lead-outbox") }: FlushOptions = {},
): Promise<FlushResult> {
  const result = await withLock(dir, "flush", async () => {
    let delivered = 0;
    let failed = 0;
    let inDoubt = 0;
    const queue = pendingRecords(dir);
    let next = 0;
    await drain(
      concurrency,
      async () => (next < queue.length ? queue[next++] : null),
      async (record) => {
        try {
          const outcome = await deliverOnce(dir, record, deliver, settle);
          if (outcome === "delivered") delivered++;
          if (outcome === "in-doubt") inDoubt++;
        } catch (error) {
          failed++;
          onError(record, error);
        }
      },
      stop,
    );
    return { delivered, failed, inDoubt, pending: pendingRecords(dir).length };
  });
  return result ?? { delivered: 0, failed: 0, pending: pendingRecords(dir).length, busy: true };
}
