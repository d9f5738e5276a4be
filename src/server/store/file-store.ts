/** The file store (LEADS_DIR): the local server's, one concern per part, each over the same directory. */
import { createRateLimit } from "../protect";
import { FileAlerts } from "./file-alerts";
import { consentFile, ConsentFile } from "./file-consent";
import { FileQueue } from "./file-queue";
import { FileRefusedLeads } from "./file-refused-leads";
import { FileUploads, type FileStoreOptions } from "./file-uploads";
import { CONSENT_RETENTION_DAYS } from "./rules";
import type { LeadStore, RateLimit } from "./types";

export { consentFile };
export type { FileStoreOptions };

/** The file store's bound on consent decisions (the local server's: production keeps them in PostgreSQL). */
export const CONSENT_FILE_MAX_RECORDS = 250_000;

export class FileStore implements LeadStore {
  readonly kind = "file";
  readonly queue: FileQueue;
  readonly refused: FileRefusedLeads;
  readonly alerts: FileAlerts;
  readonly uploads: FileUploads;
  readonly consent: ConsentFile;

  constructor(
    readonly dir: string,
    options: FileStoreOptions,
  ) {
    this.uploads = new FileUploads(dir, options);
    this.queue = new FileQueue(dir, this.uploads);
    this.refused = new FileRefusedLeads(dir, this.uploads);
    this.alerts = new FileAlerts(dir);
    this.consent = new ConsentFile(dir, {
      maxRecords: options.consentMaxRecords ?? CONSENT_FILE_MAX_RECORDS,
      retentionMs: (options.consentRetentionDays ?? CONSENT_RETENTION_DAYS) * 86_400_000,
    });
  }

  /** In this process's memory (one instance: the local server). */
  rateLimit(name: string, points: number, windowSeconds: number): RateLimit {
    return createRateLimit(name, points, windowSeconds);
  }

  async close() {}
}
