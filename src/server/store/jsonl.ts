/**
 * The file store's files (src/server/outbox.ts, ./file-refused.ts, ./file-queue.ts): append-only JSON lines
 * (fsynced appends, tolerant reads) and small JSON files written whole.
 */
import fs from "node:fs";
import path from "node:path";

/** Appends one line and fsyncs the file (and, on first creation, its directory). */
export function appendLine(file: string, line: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const created = !fs.existsSync(file);
  const fd = fs.openSync(file, "a+", 0o600);
  try {
    // after a torn write (crash mid-line) start on a fresh line, so this record stays readable
    const size = fs.fstatSync(fd).size;
    const last = Buffer.alloc(1);
    const torn = size > 0 && fs.readSync(fd, last, 0, 1, size - 1) === 1 && last[0] !== 0x0a;
    fs.writeSync(fd, `${torn ? "\n" : ""}${line.endsWith("\n") ? line : `${line}\n`}`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  if (created) fsyncDir(path.dirname(file));
}

export function fsyncDir(dir: string) {
  try {
    const fd = fs.openSync(dir, "r");
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    // not supported on every platform
  }
}

/** JSON lines of a file; a torn last line (crash mid-write) is skipped. */
export function readLines<T>(file: string): T[] {
  if (!fs.existsSync(file)) return [];
  const out: T[] = [];
  for (const line of fs.readFileSync(file, "utf8").split("\n")) {
    if (!line.trim()) continue;
    try {
      out.push(JSON.parse(line) as T);
    } catch {
      console.error(`[lead-outbox] skipped an unreadable line in ${path.basename(file)}`);
    }
  }
  return out;
}

/** Writes a small JSON file whole (temp file, fsync, rename): a reader sees the old or the new one. */
export function writeJsonWhole(file: string, value: unknown) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  const fd = fs.openSync(temp, "w", 0o600);
  try {
    fs.writeSync(fd, JSON.stringify(value));
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(temp, file);
}

/** A small JSON file's value, or null when it is missing or unreadable. */
export function readJsonFile<T>(file: string): T | null {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as T;
  } catch {
    return null;
  }
}
