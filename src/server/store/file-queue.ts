/** The file store's queue: the local outbox under LEADS_DIR (src/server/outbox.ts: appended, fsynced JSON lines, lock files per sender). */
import type { LeadFormDefinition, LeadSubmission } from "../../lib/lead-form/types";
import { appendToOutbox, deliverOnce, flushOutbox, inDoubtIds, pendingRecords, readAttempts, readDelivered } from "../outbox";
import { listHeld } from "./file-held";
import { listRefused, readSystemic, writeSystemic } from "./file-refused";
import type { FileUploads } from "./file-uploads";
import type { Deliver, FlushOptions, LeadQueue, LeadRecord, PipelineStatus, Settle, SystemicProblem } from "./types";

export class FileQueue implements LeadQueue {
  constructor(
    private readonly dir: string,
    private readonly uploads: FileUploads,
  ) {}

  async accept(submission: LeadSubmission, form: LeadFormDefinition, fileIds: readonly string[]): Promise<LeadRecord> {
    const record = appendToOutbox(this.dir, submission, form);
    this.uploads.link(fileIds, record.id);
    return record;
  }

  async deliver(record: LeadRecord, deliver: Deliver) {
    const outcome = await deliverOnce(this.dir, record, deliver);
    // a fresh lead is never in doubt before its first attempt; another sender holds it if it is
    return outcome === "in-doubt" ? "busy" : outcome;
  }

  flush(deliver: Deliver, settle?: Settle, options?: FlushOptions) {
    return flushOutbox(this.dir, deliver, settle, options);
  }

  async pendingCount() {
    return pendingRecords(this.dir).length;
  }

  async status(): Promise<PipelineStatus> {
    const pending = pendingRecords(this.dir);
    const ids = new Set(pending.map((r) => r.id));
    const doubt = inDoubtIds(this.dir);
    // per pending lead: when its first attempt that did not deliver began, and its last error
    const since = new Map<string, string>();
    const lastError = new Map<string, string>();
    for (const attempt of readAttempts(this.dir)) {
      if (!ids.has(attempt.id)) continue;
      if (!since.has(attempt.id)) since.set(attempt.id, attempt.at);
      if (attempt.error) lastError.set(attempt.id, attempt.error);
    }
    const held = new Set(listHeld(this.dir).map((h) => h.id));
    const failing = pending.filter((r) => since.has(r.id) && (lastError.has(r.id) || doubt.has(r.id)));
    // a held lead's age is its own problem, not the pipeline's (docs/lead-forms.md#outcomes)
    const longest = failing
      .filter((r) => !held.has(r.id))
      .reduce<LeadRecord | undefined>((a, r) => (!a || since.get(r.id)! < since.get(a.id)! ? r : a), undefined);
    const delivered = readDelivered(this.dir);
    return {
      pending: pending.length,
      failing: failing.length,
      inDoubt: pending.filter((r) => doubt.has(r.id)).length,
      oldestPendingAt: pending
        .filter((r) => !held.has(r.id))
        .reduce<string | null>((a, r) => (a === null || r.receivedAt < a ? r.receivedAt : a), null),
      failingSince: longest ? since.get(longest.id)! : null,
      lastError: longest ? (lastError.get(longest.id) ?? "delivery outcome unknown") : null,
      lastDeliveredAt: delivered.at(-1)?.deliveredAt ?? null,
      refused: listRefused(this.dir).length,
      held: held.size,
      systemic: readSystemic(this.dir),
    };
  }

  async setSystemic(problem: SystemicProblem | null) {
    writeSystemic(this.dir, problem);
  }
}
