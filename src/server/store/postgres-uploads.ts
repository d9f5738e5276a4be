/** The PostgreSQL store's uploads (rows: any instance serves them) and its rate limits, shared by every instance. */
import { RateLimiterPostgres } from "rate-limiter-flexible";
import { limitWith } from "../protect";
import { PostgresBase } from "./postgres-base";
import { insertUpload, selectUpload } from "./postgres-queries";
import { FILE_RETENTION_MS } from "./rules";
import type { NewFile, RateLimit, RateLimitStore, StoredFileMeta, UploadStore } from "./types";
import crypto from "node:crypto";

export class PostgresUploads extends PostgresBase implements UploadStore, RateLimitStore {
  async saveFile(file: NewFile, clientKey: string): Promise<StoredFileMeta> {
    const meta: StoredFileMeta = {
      id: crypto.randomUUID(),
      filename: file.filename,
      mime: file.mime,
      size: file.bytes.length,
      createdAt: new Date().toISOString(),
    };
    await this.tx((client) => insertUpload(client, meta, file.bytes, clientKey, this.options.uploadQuotaBytes));
    return meta;
  }

  async readFile(id: string): Promise<{ meta: StoredFileMeta; bytes: Buffer } | null> {
    await this.init();
    return selectUpload(this.pool, id);
  }

  async hasFile(id: string): Promise<boolean> {
    await this.init();
    const { rowCount } = await this.pool.query("SELECT 1 FROM lead_files WHERE id = $1", [id]);
    return (rowCount ?? 0) > 0;
  }

  async sweepFiles(retentionMs = FILE_RETENTION_MS): Promise<number> {
    await this.init();
    const { rowCount } = await this.pool.query(
      "DELETE FROM lead_files WHERE lead_id IS NULL AND created_at < now() - $1 * interval '1 millisecond'",
      [retentionMs],
    );
    // Expired rate-limit counters too (the limiter's own hourly timer would keep a serverless instance busy).
    await this.pool.query("DELETE FROM rate_limits WHERE expire < $1", [Date.now() - 3_600_000]);
    return rowCount ?? 0;
  }

  rateLimit(name: string, points: number, windowSeconds: number): RateLimit {
    if (points === 0) return async () => null;
    const limiter = new RateLimiterPostgres({
      storeClient: this.pool,
      storeType: "pool",
      tableName: "rate_limits",
      tableCreated: true,
      clearExpiredByTimeout: false,
      keyPrefix: name,
      points,
      duration: windowSeconds,
    });
    return limitWith(limiter, () => this.init());
  }
}
