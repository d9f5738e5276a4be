/** The file store's uploads: LEADS_DIR/files, the bytes and a JSON meta per upload, written durably. */
import fs from "node:fs";
import path from "node:path";
import { HttpError } from "../http";
import { filesDir, isFileId, uploadUsage } from "../uploads";
import { FILE_RETENTION_MS, newFileMeta, UPLOAD_QUOTA_WINDOW_MS } from "./rules";
import type { NewFile, StoredFileMeta, UploadStore } from "./types";

export interface FileMeta extends StoredFileMeta {
  clientKey?: string;
  leadId?: string;
}

export interface FileStoreOptions {
  /** Upload bytes one client may store per UPLOAD_QUOTA_WINDOW_MS. */
  uploadQuotaBytes: number;
  /** Free disk space uploads leave for leads: an upload that would go below it is refused (507). */
  reserveBytes?: number;
  /** Consent decisions records.jsonl may hold (default CONSENT_FILE_MAX_RECORDS). */
  consentMaxRecords?: number;
  /** CONSENT_RETENTION_DAYS (default CONSENT_RETENTION_DAYS; 0: kept), pruned when the bound is reached. */
  consentRetentionDays?: number;
}

export function writeDurably(file: string, data: Buffer, flag = "wx") {
  const fd = fs.openSync(file, flag, 0o600);
  try {
    fs.writeSync(fd, data);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

export class FileUploads implements UploadStore {
  constructor(
    readonly dir: string,
    private readonly options: FileStoreOptions,
  ) {}

  private metas(): FileMeta[] {
    const dir = filesDir(this.dir);
    if (!fs.existsSync(dir)) return [];
    return fs
      .readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .flatMap((f) => {
        try {
          return [JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as FileMeta];
        } catch {
          return [];
        }
      });
  }

  /**
   * Points the uploads of a closed lead at the lead that replaces it, or at none (then the sweep removes them
   * once they are a week old), as PostgreSQL's foreign key does.
   */
  relink(fromId: string, toId?: string) {
    for (const meta of this.metas()) {
      if (meta.leadId !== fromId) continue;
      const file = path.join(filesDir(this.dir), `${meta.id}.json`);
      writeDurably(file, Buffer.from(JSON.stringify({ ...meta, leadId: toId })), "w");
    }
  }

  /** Marks the uploads a new lead references as used by it (an id that is no upload here: the lead keeps the URL as sent). */
  link(fileIds: readonly string[], leadId: string) {
    for (const id of fileIds) {
      if (!isFileId(id)) continue;
      const metaFile = path.join(filesDir(this.dir), `${id}.json`);
      try {
        const meta = JSON.parse(fs.readFileSync(metaFile, "utf8")) as FileMeta;
        writeDurably(metaFile, Buffer.from(JSON.stringify({ ...meta, leadId })), "w");
      } catch {
        // not an upload of this store
      }
    }
  }

  async saveFile(file: NewFile, clientKey: string): Promise<StoredFileMeta> {
    const usage = uploadUsage(this.dir, UPLOAD_QUOTA_WINDOW_MS, () => this.metas());
    const used = usage.used(clientKey);
    if (used + file.bytes.length > this.options.uploadQuotaBytes) {
      throw new HttpError(413, "You have uploaded too much today. Try again tomorrow or email us the file.");
    }
    const dir = filesDir(this.dir);
    fs.mkdirSync(dir, { recursive: true });
    const { bavail, bsize } = fs.statfsSync(dir);
    if (bavail * bsize - file.bytes.length < (this.options.reserveBytes ?? 256 * 1024 * 1024)) {
      // Leads are a few KB: uploads stop well before the disk could refuse one.
      throw new HttpError(507, "We cannot take files right now. Send the form without it, or email us the file.");
    }
    const meta: FileMeta = { ...newFileMeta(file), clientKey };
    writeDurably(path.join(dir, `${meta.id}.bin`), file.bytes);
    writeDurably(path.join(dir, `${meta.id}.json`), Buffer.from(JSON.stringify(meta)));
    usage.record(clientKey, meta.size);
    return meta;
  }

  async readFile(id: string) {
    if (!isFileId(id)) return null;
    const dir = filesDir(this.dir);
    try {
      const stored = JSON.parse(fs.readFileSync(path.join(dir, `${id}.json`), "utf8")) as FileMeta;
      const meta: StoredFileMeta = {
        id: stored.id,
        filename: stored.filename,
        mime: stored.mime,
        size: stored.size,
        createdAt: stored.createdAt,
      };
      return { meta, bytes: fs.readFileSync(path.join(dir, `${id}.bin`)) };
    } catch {
      return null;
    }
  }

  async hasFile(id: string): Promise<boolean> {
    return isFileId(id) && fs.existsSync(path.join(filesDir(this.dir), `${id}.bin`));
  }

  async sweepFiles(retentionMs = FILE_RETENTION_MS) {
    const before = Date.now() - retentionMs;
    let removed = 0;
    for (const meta of this.metas()) {
      if (meta.leadId || Date.parse(meta.createdAt) >= before) continue;
      for (const ext of ["bin", "json"]) fs.rmSync(path.join(filesDir(this.dir), `${meta.id}.${ext}`), { force: true });
      removed++;
    }
    return removed;
  }
}
