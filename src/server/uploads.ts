/**
 * Uploaded files (ARCHITECTURE.md 5): at most 10 MB, images and PDF recognised by their first bytes
 * (the file name and the data URL's declared type are not trusted). Stored under LEADS_DIR/files as
 * {id}.bin with {id}.json metadata; served back by GET /api/hubspot/file?id={id}.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { HttpError } from "./http";

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

export interface StoredFile {
  id: string;
  filename: string;
  mime: string;
  size: number;
  createdAt: string;
}

export const filesDir = (leadsDir: string) => path.join(leadsDir, "files");

function writeDurably(file: string, data: Buffer) {
  const fd = fs.openSync(file, "wx", 0o600);
  try {
    fs.writeSync(fd, data);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Validates the upload request body and stores the file; nothing is written when it is refused. */
export function acceptUpload(leadsDir: string, body: unknown): StoredFile {
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw new HttpError(400, "Request body must be a JSON object");
  const { file, filename } = body as Record<string, unknown>;
  if (typeof file !== "string" || file === "") throw new HttpError(400, "file (a data URL) is required");
  if (typeof filename !== "string" || filename.trim() === "") throw new HttpError(400, "filename is required");
  const bytes = decodeDataUrl(file);
  if (bytes.length === 0) throw new HttpError(400, "The file is empty");
  if (bytes.length > UPLOAD_LIMIT_BYTES) throw new HttpError(413, "The file is larger than 10 MB");
  const type = detectFileType(bytes);
  if (!type) throw new HttpError(415, "Only images (PNG, JPEG, GIF, WebP) and PDF files can be uploaded");
  const stored: StoredFile = {
    id: crypto.randomUUID(),
    filename: cleanFilename(filename),
    mime: type.mime,
    size: bytes.length,
    createdAt: new Date().toISOString(),
  };
  const dir = filesDir(leadsDir);
  fs.mkdirSync(dir, { recursive: true });
  writeDurably(path.join(dir, `${stored.id}.bin`), bytes);
  writeDurably(path.join(dir, `${stored.id}.json`), Buffer.from(JSON.stringify(stored)));
  return stored;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function readStoredFile(leadsDir: string, id: unknown): { meta: StoredFile; bytes: Buffer } | null {
  if (typeof id !== "string" || !UUID.test(id)) return null;
  const dir = filesDir(leadsDir);
  try {
    const meta = JSON.parse(fs.readFileSync(path.join(dir, `${id}.json`), "utf8")) as StoredFile;
    return { meta, bytes: fs.readFileSync(path.join(dir, `${id}.bin`)) };
  } catch {
    return null;
  }
}

export const fileUrl = (siteUrl: string, id: string) => `${siteUrl}/api/hubspot/file?id=${id}`;
