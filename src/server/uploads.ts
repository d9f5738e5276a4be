/**
 * Uploaded files (ARCHITECTURE.md 5): at most 10 MB, images and PDF recognised by their first bytes
 * (the file name and the data URL's declared type are not trusted). Kept by the lead store
 * (src/server/store) and served back by GET /api/hubspot/file?id={id}.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { HttpError } from "./http";
import type { NewFile } from "./store/types";

export const UPLOAD_LIMIT_BYTES = 10 * 1024 * 1024;
/** The JSON body carrying a 10 MB file as base64 (4/3) plus the file name. */
export const UPLOAD_BODY_LIMIT_BYTES = Math.ceil((UPLOAD_LIMIT_BYTES * 4) / 3) + 64 * 1024;

export type DetectedType = { mime: string; ext: string };

const startsWith = (buf: Buffer, bytes: number[], offset = 0) => bytes.every((b, i) => buf[offset + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** Content sniffing by magic bytes: PNG, JPEG, GIF, WebP, PDF; anything else is null. */
export function detectFileType(buf: Buffer): DetectedType | null {
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { mime: "image/png", ext: "png" };
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return { mime: "image/jpeg", ext: "jpg" };
  if (startsWith(buf, ascii("GIF87a")) || startsWith(buf, ascii("GIF89a"))) return { mime: "image/gif", ext: "gif" };
  if (startsWith(buf, ascii("RIFF")) && startsWith(buf, ascii("WEBP"), 8)) return { mime: "image/webp", ext: "webp" };
  if (startsWith(buf, ascii("%PDF-"))) return { mime: "application/pdf", ext: "pdf" };
  return null;
}

/** Decodes `data:[type][;base64],payload`; throws 400 for anything else. */
export function decodeDataUrl(dataUrl: string): Buffer {
  const match = /^data:([\w.+/-]*)(;[\w-]+=[\w.-]+)*;base64,([A-Za-z0-9+/=\s]*)$/.exec(dataUrl);
  if (!match) throw new HttpError(400, "file must be a base64 data URL");
  return Buffer.from(match[3], "base64");
}

export const cleanFilename = (name: string) =>
  name
    .replace(/[\\/]/g, "_")
    .replace(/[^\w .()-]/g, "")
    .trim()
    .slice(0, 120) || "upload";

/** Validates the upload request body: the file as it will be stored, or an HttpError; nothing is stored here. */
export function parseUpload(body: unknown): NewFile {
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw new HttpError(400, "Request body must be a JSON object");
  const { file, filename } = body as Record<string, unknown>;
  if (typeof file !== "string" || file === "") throw new HttpError(400, "file (a data URL) is required");
  if (typeof filename !== "string" || filename.trim() === "") throw new HttpError(400, "filename is required");
  const bytes = decodeDataUrl(file);
  if (bytes.length === 0) throw new HttpError(400, "The file is empty");
  if (bytes.length > UPLOAD_LIMIT_BYTES) throw new HttpError(413, "The file is larger than 10 MB");
  const type = detectFileType(bytes);
  if (!type) throw new HttpError(415, "Only images (PNG, JPEG, GIF, WebP) and PDF files can be uploaded");
  return { filename: cleanFilename(filename), mime: type.mime, bytes };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const isFileId = (id: unknown): id is string => typeof id === "string" && UUID.test(id);

/** Where the file store keeps uploads: LEADS_DIR/files/{id}.bin with {id}.json metadata. */
export const filesDir = (leadsDir: string) => path.join(leadsDir, "files");

/**
 * What one client stored, for the file store's upload quota: an append-only ledger per client,
 * LEADS_DIR/files/clients/{sha256(client)}.jsonl, one `{"size","at"}` line per upload. The check reads
 * that one client's recent uploads, so an upload costs the same however many the store holds.
 */
export function clientUploads(leadsDir: string, clientKey: string) {
  const dir = path.join(filesDir(leadsDir), "clients");
  const file = path.join(dir, `${crypto.createHash("sha256").update(clientKey).digest("hex")}.jsonl`);
  let text = "";
  try {
    text = fs.readFileSync(file, "utf8");
  } catch {
    // this client's first upload
  }
  const entries = text.split("\n").flatMap((line) => {
    try {
      const entry = JSON.parse(line) as { size: unknown; at: unknown };
      return typeof entry.size === "number" && typeof entry.at === "number" ? [{ size: entry.size, at: entry.at }] : [];
    } catch {
      return []; // an empty line, or one cut short by a crash
    }
  });
  return {
    /** Bytes stored since `since` (ms). */
    usedSince: (since: number) => entries.reduce((sum, e) => (e.at > since ? sum + e.size : sum), 0),
    /** Adds an upload; lines older than `since` are dropped when there are any, so the ledger stays this client's window. */
    record(size: number, at: number, since: number) {
      fs.mkdirSync(dir, { recursive: true });
      const line = `${JSON.stringify({ size, at })}\n`;
      const live = entries.filter((e) => e.at > since);
      if (live.length === entries.length) return fs.appendFileSync(file, line, { mode: 0o600 });
      fs.writeFileSync(file, live.map((e) => `${JSON.stringify(e)}\n`).join("") + line, { mode: 0o600 });
    },
  };
}

/** Removes the ledgers of clients that stored nothing since `since` (ms); the sweep calls it. */
export function sweepClientUploads(leadsDir: string, since: number): void {
  const dir = path.join(filesDir(leadsDir), "clients");
  if (!fs.existsSync(dir)) return;
  for (const name of fs.readdirSync(dir)) {
    const file = path.join(dir, name);
    if (fs.statSync(file).mtimeMs < since) fs.rmSync(file, { force: true });
  }
}

export const fileUrl = (siteUrl: string, id: string) => `${siteUrl}/api/hubspot/file?id=${id}`;

/** The upload ids a submission's values point at (the file field holds the URL fileUrl gave). */
export function referencedFileIds(values: Record<string, string>): string[] {
  const ids = new Set<string>();
  for (const value of Object.values(values)) {
    const match = /\/api\/hubspot\/file\?id=([0-9a-f-]{36})$/.exec(value);
    if (match && isFileId(match[1])) ids.add(match[1]);
  }
  return [...ids];
}
