/**
 * Uploaded files (docs/architecture.md#lead-backend): at most 10 MB, images and PDF recognised by their first
 * bytes (the file name and the data URL's declared type are not trusted).
 */
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

/** What the file store knows of an upload, for its per-client quota. */
export interface UploadRecord {
  clientKey?: string;
  size: number;
  createdAt: string;
}

const USAGE = Symbol.for("northdesk.file-store.upload-usage");
interface Usage {
  /** client → its uploads in the window (when, how many bytes) */
  byClient: Map<string, { at: number; size: number }[]>;
  prunedAt: number;
}
const usageRegistry = globalThis as typeof globalThis & { [USAGE]?: Map<string, Usage> };
const usageByDir: Map<string, Usage> = (usageRegistry[USAGE] ??= new Map());

/**
 * The file store's per-client upload quota over `windowMs`, kept in this process's memory per LEADS_DIR: built
 * from the stored uploads (`stored()`) once, then kept up to date by `record`, so an upload costs the same
 * however many the store holds.
 */
export function uploadUsage(leadsDir: string, windowMs: number, stored: () => UploadRecord[]) {
  const now = Date.now();
  const since = now - windowMs;
  let usage = usageByDir.get(leadsDir);
  if (!usage) {
    usage = { byClient: new Map(), prunedAt: now };
    for (const upload of stored()) {
      const at = Date.parse(upload.createdAt);
      if (upload.clientKey === undefined || !(at > since)) continue;
      usage.byClient.set(upload.clientKey, [...(usage.byClient.get(upload.clientKey) ?? []), { at, size: upload.size }]);
    }
    usageByDir.set(leadsDir, usage);
  }
  const { byClient } = usage;
  const prune = (clientKey: string) => {
    const entries = (byClient.get(clientKey) ?? []).filter((e) => e.at > since);
    if (entries.length) byClient.set(clientKey, entries);
    else byClient.delete(clientKey);
    return entries;
  };
  if (now - usage.prunedAt > windowMs / 24) {
    for (const clientKey of [...byClient.keys()]) prune(clientKey);
    usage.prunedAt = now;
  }
  return {
    /** Bytes the client stored in the window. */
    used: (clientKey: string) => prune(clientKey).reduce((sum, e) => sum + e.size, 0),
    record(clientKey: string, size: number) {
      byClient.set(clientKey, [...(byClient.get(clientKey) ?? []), { at: Date.now(), size }]);
    },
  };
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
