/** The PostgreSQL store's uploads: rows, so any instance serves them. */
import type { PostgresDb } from "./postgres-base";
import { insertUpload, selectUpload } from "./postgres-queries";
import { FILE_RETENTION_MS, newFileMeta } from "./rules";
import type { NewFile, StoredFileMeta, UploadStore } from "./types";

export class PostgresUploads implements UploadStore {
  constructor(private readonly db: PostgresDb) {}

  async saveFile(file: NewFile, clientKey: string): Promise<StoredFileMeta> {
    const meta = newFileMeta(file);
    await this.db.tx((client) => insertUpload(client, meta, file.bytes, clientKey, this.db.options.uploadQuotaBytes));
    return meta;
  }

  async readFile(id: string): Promise<{ meta: StoredFileMeta; bytes: Buffer } | null> {
    await this.db.init();
    return selectUpload(this.db.pool, id);
  }

  async hasFile(id: string): Promise<boolean> {
    await this.db.init();
    const { rowCount } = await this.db.pool.query("SELECT 1 FROM lead_files WHERE id = $1", [id]);
    return (rowCount ?? 0) > 0;
  }

  async sweepFiles(retentionMs = FILE_RETENTION_MS): Promise<number> {
    await this.db.init();
    const { rowCount } = await this.db.pool.query(
      "DELETE FROM lead_files WHERE lead_id IS NULL AND created_at < now() - $1 * interval '1 millisecond'",
      [retentionMs],
    );
    // Expired rate-limit counters too (the limiter's own hourly timer would keep a serverless instance busy).
    await this.db.pool.query("DELETE FROM rate_limits WHERE expire < $1", [Date.now() - 3_600_000]);
    return rowCount ?? 0;
  }
}
