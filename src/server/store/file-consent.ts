/**
 * The file store's consent records (docs/lead-forms.md "Proof of consent"): LEADS_DIR/consent/records.jsonl,
 * one JSON line per decision, appended and fsynced under the `consent` lock.
 */
import fs from "node:fs";
import path from "node:path";
import { HttpError } from "../http";
import { withLock } from "../outbox";
import { checkSecret } from "./consent-proof";
import { appendLine, fsyncDir } from "./jsonl";
import { ConsentIndex } from "./file-consent-index";
import type { ConsentRecordStore, StoredConsentRecord } from "./types";

export const consentFile = (dir: string) => path.join(dir, "consent", "records.jsonl");

/** What the index reads from a line. */
interface Indexed {
  id: string;
  at: number;
  secretHash?: string;
}

const CHUNK = 1 << 20;
/** A decision's line is about 225 bytes (300 with a secret hash): the index is sized for the file at this. */
const LINE_BYTES = 225;

/**
 * The indexes by file, for the process's life: a store is made per request and `gatsby serve` loads a function's
 * bundle again per request, so the index lives on globalThis (as the rate limits do), not in the store.
 */
// versioned: a function bundle built before the typed-array index keeps its own
const INDEXES = Symbol.for("northdesk.lead-store.consent-indexes.v2");
const registry = globalThis as typeof globalThis & { [INDEXES]?: Map<string, ConsentIndex> };
const indexes = () => (registry[INDEXES] ??= new Map());

/**
 * Calls `each` with every complete line of `file` from byte `from`, reading 1 MB at a time (never the whole file
 * in memory); returns the offset after the last complete line. A torn last line (no newline yet) is left unread.
 */
export function eachLine(file: string, from: number, each: (line: string) => void): number {
  return eachLineBytes(file, from, (data, start, end) => each(data.toString("utf8", start, end)));
}

/** eachLine's bytes: `data` from `start` to `end` (the newline excluded), valid only during the call. */
function eachLineBytes(file: string, from: number, each: (data: Buffer, start: number, end: number) => void): number {
  let fd: number;
  try {
    fd = fs.openSync(file, "r");
  } catch {
    return 0;
  }
  try {
    const size = fs.fstatSync(fd).size;
    if (size <= from) return from;
    const buffer = Buffer.allocUnsafe(Math.min(CHUNK, size - from + 1));
    let position = from;
    let rest = Buffer.alloc(0);
    let consumed = from;
    for (;;) {
      const read = fs.readSync(fd, buffer, 0, buffer.length, position);
      if (read === 0) break;
      position += read;
      let data = rest.length ? Buffer.concat([rest, buffer.subarray(0, read)]) : buffer.subarray(0, read);
      let start = 0;
      for (let nl = data.indexOf(0x0a); nl !== -1; nl = data.indexOf(0x0a, start)) {
        if (nl > start) each(data, start, nl);
        consumed += nl + 1 - start;
        start = nl + 1;
      }
      data = data.subarray(start);
      rest = Buffer.from(data);
    }
    return consumed;
  } finally {
    fs.closeSync(fd);
  }
}

const ID_AT = Buffer.from('{"id":"');
const AT = Buffer.from('","at":');
const SECRET_HASH = Buffer.from(',"secretHash":"');

/**
 * The (id, at) of a line without parsing it whole (the index is built from every line): the lines this store
 * writes start `{"id":"<36>","at":<digits>`; any other line is parsed.
 */
function idAt(data: Buffer, start: number, end: number): Indexed | null {
  if (end - start > 52 && data.compare(ID_AT, 0, 7, start, start + 7) === 0 && data.compare(AT, 0, 7, start + 43, start + 50) === 0) {
    let at = 0;
    let i = start + 50;
    for (; i < end && data[i] >= 0x30 && data[i] <= 0x39; i++) at = at * 10 + (data[i] - 0x30);
    if (i > start + 50 && (data[i] === 0x2c || data[i] === 0x7d)) {
      // the secret's hash is the line's last key when there is one (save writes it so)
      const h = end - 2 - 64;
      const hashed =
        data[end - 1] === 0x7d &&
        data[end - 2] === 0x22 &&
        data.compare(SECRET_HASH, 0, SECRET_HASH.length, h - SECRET_HASH.length, h) === 0;
      return {
        id: data.toString("latin1", start + 7, start + 43),
        at,
        ...(hashed ? { secretHash: data.toString("latin1", h, h + 64) } : {}),
      };
    }
  }
  const r = parseLine<Indexed>(data.toString("utf8", start, end));
  return r && typeof r.id === "string" && typeof r.at === "number" ? r : null;
}

function parseLine<T>(line: string): T | null {
  try {
    return JSON.parse(line) as T;
  } catch {
    return null;
  }
}

export interface ConsentFileOptions {
  /** Decisions the file may hold; past it the expired are pruned, then a post is refused (507). */
  maxRecords: number;
  /** The retention (CONSENT_RETENTION_DAYS in ms; 0: kept for ever), pruned at the bound. */
  retentionMs: number;
}

export class ConsentFile implements ConsentRecordStore {
  constructor(
    readonly dir: string,
    private readonly options: ConsentFileOptions,
  ) {}

  get file() {
    return consentFile(this.dir);
  }

  private get index(): ConsentIndex | undefined {
    return indexes().get(this.file);
  }

  private set index(index: ConsentIndex | undefined) {
    if (index) indexes().set(this.file, index);
    else indexes().delete(this.file);
  }

  /**
   * Brings the index up to the file: built once (sized from the file, so the table does not regrow meanwhile),
   * then only the lines appended since (by any process).
   */
  private sync(): ConsentIndex {
    const stat = fs.statSync(this.file, { throwIfNoEntry: false });
    let index = this.index;
    if (!index || !stat || stat.ino !== index.ino || stat.size < index.offset)
      index = new ConsentIndex(stat?.ino ?? 0, Math.ceil((stat?.size ?? 0) / LINE_BYTES));
    if (stat && stat.size > index.offset) {
      const into = index;
      into.offset = eachLineBytes(this.file, into.offset, (data, start, end) => {
        const r = idAt(data, start, end);
        if (r) into.add(r.id, r.at, typeof r.secretHash === "string" ? r.secretHash : undefined);
      });
    }
    this.index = index;
    return index;
  }

  /**
   * Builds the index now (the local server at start), so the first post does not pay for it. No lock needed: a
   * torn last line is left for the next sync, and a rewrite meanwhile changes the inode, which rebuilds it.
   */
  warm() {
    if (fs.existsSync(this.file)) this.sync();
  }

  /**
   * Appends the decision unless (id, at) is kept already (false); 403 when the id's first decision had a secret
   * and this one does not bring it (./consent-proof.ts); 507 when the file is full.
   */
  saveConsentRecord(record: StoredConsentRecord, secretHash?: string): Promise<boolean> {
    return underLock(this.dir, "consent", async () => {
      let index = this.sync();
      const first = !index.hasId(record.id);
      checkSecret(index.secret(record.id), secretHash);
      if (index.has(record.id, record.at)) return false;
      if (this.options.maxRecords > 0 && index.count >= this.options.maxRecords) {
        if (this.options.retentionMs > 0) this.rewrite(Date.now() - this.options.retentionMs);
        index = this.sync();
        if (index.count >= this.options.maxRecords) {
          console.error(`[consent] records.jsonl holds ${index.count} decisions, its bound: refusing new ones`);
          throw new HttpError(507, "Consent records are full on this server; your choice is kept in your browser.");
        }
      }
      // id and at first (the index reads them without parsing), the first decision's secret hash last
      const { id, at, ...rest } = record;
      appendLine(this.file, JSON.stringify({ id, at, ...rest, ...(first && secretHash ? { secretHash } : {}) }));
      this.sync();
      return true;
    });
  }

  /** How many decisions are kept. */
  async countConsentRecords() {
    return this.sync().count;
  }

  /** The decisions kept for one id, oldest first (a whole read: for the operator and tests, not per post). */
  async consentRecords(id: string): Promise<StoredConsentRecord[]> {
    const out: StoredConsentRecord[] = [];
    eachLine(this.file, 0, (line) => {
      if (!line.includes(id)) return;
      const r = parseLine<StoredConsentRecord & { secretHash?: string }>(line);
      if (r?.id !== id) return;
      delete r.secretHash;
      out.push(r);
    });
    return out.sort((a, b) => a.at - b.at);
  }

  /** Deletes the decisions made before `retentionMs` ago (a rewrite under the lock); returns how many. */
  pruneConsentRecords(retentionMs: number): Promise<number> {
    return underLock(this.dir, "consent", async () => this.rewrite(Date.now() - retentionMs));
  }

  /** Rewrites the file without the decisions made before `before` (temp file, fsync, rename); call under the lock. */
  private rewrite(before: number): number {
    if (!fs.existsSync(this.file)) return 0;
    const temp = `${this.file}.${process.pid}.tmp`;
    const fd = fs.openSync(temp, "w", 0o600);
    let removed = 0;
    try {
      let pending: string[] = [];
      const flush = () => {
        if (pending.length) fs.writeSync(fd, pending.join(""));
        pending = [];
      };
      eachLine(this.file, 0, (line) => {
        const r = parseLine<Indexed>(line);
        if (r && typeof r.at === "number" && r.at < before) {
          removed++;
          return;
        }
        pending.push(`${line}\n`);
        if (pending.length >= 1000) flush();
      });
      flush();
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    if (removed === 0) {
      fs.rmSync(temp, { force: true });
      return 0;
    }
    fs.renameSync(temp, this.file);
    fsyncDir(path.dirname(this.file));
    this.index = undefined;
    return removed;
  }
}

/** withLock, waiting (up to ~5 s) while another request or a flush holds the lock. */
export async function underLock<T>(dir: string, name: string, fn: () => Promise<T>): Promise<T> {
  for (let tries = 0; ; tries++) {
    let ran = false;
    const result = await withLock(dir, name, async () => {
      ran = true;
      return fn();
    });
    if (ran) return result as T;
    if (tries >= 250) throw new Error(`the ${name} lock in ${dir} stays taken`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
