/** The file store's refused leads and backoff (docs/lead-forms.md "Outcomes"), beside the outbox in LEADS_DIR. */
import fs from "node:fs";
import path from "node:path";
import type { LeadSubmission } from "../../lib/lead-form/types";
import { appendLine, readJsonFile, readLines, writeJsonWhole } from "./jsonl";
import type { LeadAction, LeadRecord, RefusedLead, RefusedSummary, SystemicProblem, UnalertedRefusals } from "./types";

interface RefusedLine {
  id: string;
  event: "refused" | "alerted" | LeadAction["action"];
  at: string;
  formId?: string;
  receivedAt?: string;
  status?: number | null;
  errorTypes?: string[];
  by?: string;
  newId?: string;
}

const refusedLog = (dir: string) => path.join(dir, "refused.jsonl");
const refusedDir = (dir: string) => path.join(dir, "refused");
const refusedData = (dir: string, id: string) => path.join(refusedDir(dir), `${id}.json`);
const resetFile = (dir: string) => path.join(dir, "due-reset.json");
const systemicFile = (dir: string) => path.join(dir, "systemic.json");
const outboxFile = (dir: string) => path.join(dir, "outbox.jsonl");
const readAttempts = (dir: string) =>
  readLines<{ id: string; state: string; at: string; next?: string; held?: unknown }>(path.join(dir, "attempts.jsonl"));
const ID = /^[0-9a-f-]{36}$/i;

/** Every lead ever refused (never pending again, whatever happened to it since). */
export const refusedIds = (dir: string) =>
  new Set(
    readLines<RefusedLine>(refusedLog(dir))
      .filter((l) => l.event === "refused")
      .map((l) => l.id),
  );

/** Refused leads still kept: refused and not resent, discarded or expired; with whether an alert told of them. */
function openRefusals(dir: string) {
  const open = new Map<string, RefusedLine & { alerted: boolean }>();
  for (const line of readLines<RefusedLine>(refusedLog(dir))) {
    if (line.event === "refused") open.set(line.id, { ...line, alerted: false });
    else if (line.event === "set-aside") continue;
    else if (line.event === "alerted") {
      const found = open.get(line.id);
      if (found) found.alerted = true;
    } else open.delete(line.id);
  }
  return open;
}

/** Sets a lead aside: its data with HubSpot's answer first, then the line that takes it out of the queue. */
export function markRefused(
  dir: string,
  record: LeadRecord,
  refusal: { status: number | null; errorTypes: string[]; answer: string | null },
) {
  writeJsonWhole(refusedData(dir, record.id), { record, answer: refusal.answer });
  appendLine(
    refusedLog(dir),
    JSON.stringify({
      id: record.id,
      event: "refused",
      at: new Date().toISOString(),
      formId: record.formId,
      receivedAt: record.receivedAt,
      status: refusal.status,
      errorTypes: refusal.errorTypes,
    } satisfies RefusedLine),
  );
}

const summary = (line: RefusedLine): RefusedSummary => ({
  id: line.id,
  formId: line.formId ?? "",
  receivedAt: line.receivedAt ?? "",
  refusedAt: line.at,
  status: line.status ?? null,
  errorTypes: line.errorTypes ?? [],
});

export const listRefused = (dir: string): RefusedSummary[] => [...openRefusals(dir).values()].map(summary);

export function showRefused(dir: string, id: string): RefusedLead | null {
  const line = ID.test(id) ? openRefusals(dir).get(id) : undefined;
  const data = line ? readJsonFile<{ record: LeadRecord; answer: string | null }>(refusedData(dir, id)) : null;
  if (!line || !data) return null;
  return { ...summary(line), record: data.record, answer: data.answer, actions: actionsOf(dir, id) };
}

export function actionsOf(dir: string, id: string): LeadAction[] {
  return readLines<RefusedLine>(refusedLog(dir))
    .filter((l) => l.id === id && l.event !== "refused" && l.event !== "alerted")
    .map((l) => ({
      leadId: id,
      action: l.event as LeadAction["action"],
      by: l.by ?? "",
      at: l.at,
      ...(l.newId ? { newId: l.newId } : {}),
    }));
}

/** Closes a refused lead: records the action (who, when), then deletes its data and blanks its outbox line. */
export function closeRefused(dir: string, id: string, action: LeadAction["action"], by: string, newId?: string): boolean {
  if (!ID.test(id) || !openRefusals(dir).has(id)) return false;
  appendLine(refusedLog(dir), JSON.stringify({ id, event: action, at: new Date().toISOString(), by, ...(newId ? { newId } : {}) }));
  fs.rmSync(refusedData(dir, id), { force: true });
  redactOutboxLine(dir, id);
  return true;
}

/**
 * Overwrites a closed lead's outbox line in place with `{"id":…,"redacted":true}` padded with spaces to the
 * same length: the personal data is gone, and no other line moves (appends at the end are unaffected).
 */
export function redactOutboxLine(dir: string, id: string) {
  const file = outboxFile(dir);
  const text = fs.readFileSync(file);
  const marker = Buffer.from(`"id":"${id}"`);
  let start = text.indexOf(marker);
  if (start === -1) return;
  start = text.lastIndexOf(0x0a, start) + 1;
  const end = text.indexOf(0x0a, start);
  const length = (end === -1 ? text.length : end) - start;
  const blank = JSON.stringify({ id, redacted: true });
  if (blank.length > length) return;
  const fd = fs.openSync(file, "r+");
  try {
    fs.writeSync(fd, Buffer.from(blank.padEnd(length, " ")), 0, length, start);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

export function expireRefused(dir: string, retentionMs: number): number {
  const before = Date.now() - retentionMs;
  let n = 0;
  for (const line of openRefusals(dir).values())
    if (Date.parse(line.at) < before && closeRefused(dir, line.id, "expired", "retention")) n++;
  return n;
}

export function unalertedRefusals(dir: string): UnalertedRefusals {
  const lines = [...openRefusals(dir).values()].filter((l) => !l.alerted);
  const errorTypes: Record<string, number> = {};
  for (const line of lines) for (const type of line.errorTypes ?? []) errorTypes[type] = (errorTypes[type] ?? 0) + 1;
  return { ids: lines.map((l) => l.id), errorTypes };
}

export function markRefusalsAlerted(dir: string, ids: readonly string[]) {
  if (!ids.length) return;
  const at = new Date().toISOString();
  appendLine(refusedLog(dir), ids.map((id) => JSON.stringify({ id, event: "alerted", at })).join("\n"));
}

/** The refused lead's record with a new submission, to be appended as a new lead (the caller closes the old one). */
export function resentRecord(dir: string, id: string, submission: LeadSubmission): LeadRecord | null {
  const found = showRefused(dir, id);
  return found ? { ...found.record, submission } : null;
}

/** A flush delivered: every backoff set before now no longer holds. */
export const resetBackoff = (dir: string) => writeJsonWhole(resetFile(dir), { at: new Date().toISOString() });

/** Transient failures of a lead since the last reset (the backoff's exponent). */
export function failuresSinceReset(dir: string, id: string): number {
  const reset = readJsonFile<{ at: string }>(resetFile(dir))?.at ?? "";
  // a held lead's wait is its own: a delivery of other leads does not end it
  return readAttempts(dir).filter((a) => a.id === id && a.state === "failed" && a.next && (a.at > reset || a.held)).length;
}

/** When each lead is due (ms): after its last failed attempt's backoff, unless a reset came since; else at once. */
export function dueTimes(dir: string): Map<string, number> {
  const reset = readJsonFile<{ at: string }>(resetFile(dir))?.at ?? "";
  const last = new Map<string, { at: string; next?: string; state: string; held?: unknown }>();
  for (const attempt of readAttempts(dir)) last.set(attempt.id, attempt);
  const due = new Map<string, number>();
  for (const [id, attempt] of last)
    if (attempt.state === "failed" && attempt.next && (attempt.at > reset || attempt.held)) due.set(id, Date.parse(attempt.next));
  return due;
}

export const readSystemic = (dir: string) => readJsonFile<SystemicProblem>(systemicFile(dir));
export function writeSystemic(dir: string, problem: SystemicProblem | null) {
  if (problem) writeJsonWhole(systemicFile(dir), problem);
  else fs.rmSync(systemicFile(dir), { force: true });
}
