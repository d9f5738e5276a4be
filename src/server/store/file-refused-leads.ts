/** The file store's leads set aside for the operator (npm run leads): refused (./file-refused.ts) and held (./file-held.ts). */
import type { LeadSubmission } from "../../lib/lead-form/types";
import { appendToOutbox, withLock } from "../outbox";
import { listHeld, setAsideHeld } from "./file-held";
import { actionsOf, closeRefused, expireRefused, listRefused, resentRecord, showRefused } from "./file-refused";
import type { FileUploads } from "./file-uploads";
import type { LeadRecord, RefusedLeadStore } from "./types";

export class FileRefusedLeads implements RefusedLeadStore {
  constructor(
    private readonly dir: string,
    private readonly uploads: FileUploads,
  ) {}

  async listRefused() {
    return listRefused(this.dir);
  }

  async showRefused(id: string) {
    return showRefused(this.dir, id);
  }

  /** Under the lead's lock: the new lead is appended (durably) before the refused one is closed. */
  async resendRefused(id: string, submission: LeadSubmission, by: string): Promise<LeadRecord | null> {
    const result = await withLock(this.dir, `lead-${id}`, async () => {
      const old = resentRecord(this.dir, id, submission);
      if (!old) return null;
      const record = appendToOutbox(this.dir, submission, old.form);
      this.uploads.relink(id, record.id);
      closeRefused(this.dir, id, "resent", by, record.id);
      return record;
    });
    return result ?? null;
  }

  async discardRefused(id: string, by: string) {
    const closed = await withLock(this.dir, `lead-${id}`, async () => closeRefused(this.dir, id, "discarded", by));
    if (closed) this.uploads.relink(id);
    return closed ?? false;
  }

  async listHeld() {
    return listHeld(this.dir);
  }

  async setAsideHeld(id: string, by: string) {
    return setAsideHeld(this.dir, id, by);
  }

  async leadActions(id: string) {
    return actionsOf(this.dir, id);
  }

  async expireRefused(retentionMs: number) {
    const before = new Set(listRefused(this.dir).map((r) => r.id));
    const removed = (await withLock(this.dir, "refused-expiry", async () => expireRefused(this.dir, retentionMs))) ?? 0;
    if (removed) {
      const left = new Set(listRefused(this.dir).map((r) => r.id));
      for (const id of before) if (!left.has(id)) this.uploads.relink(id);
    }
    return removed;
  }
}
