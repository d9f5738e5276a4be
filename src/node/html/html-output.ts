/** What the build wrote into public/*.html, read once per changed page after the build (onPostBuild). */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { readBuiltPage, type InlineScriptReport, type ScannedPage } from "./html-scan.mjs";

export { inlineScripts, inlineScriptsFromTree, scanInlineScripts, withoutNulBytes } from "./html-scan.mjs";
export type { InlineScriptReport } from "./html-scan.mjs";

/** Where readBuiltPages keeps what it found per page, relative to the site's root. */
export const BUILT_PAGES_CACHE = path.join(".cache", "built-pages.json");

/** Built HTML files under publicDir with the path each is served at ("/pricing/", "/404.html"). */
export function builtHtmlFiles(publicDir: string): { file: string; route: string }[] {
  const out: { file: string; route: string }[] = [];
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        // _gatsby holds the slices Gatsby stitches into pages (their scripts are hashed where they land), not pages.
        if (!["page-data", "slice-data", "static", "icons", "~partytown", "_gatsby"].includes(entry.name)) visit(full);
      } else if (entry.name.endsWith(".html")) {
        const rel = path.relative(publicDir, full).split(path.sep).join("/");
        out.push({ file: full, route: entry.name === "index.html" ? `/${rel.slice(0, -"index.html".length)}` : `/${rel}` });
      }
    }
  };
  visit(publicDir);
  return out.sort((a, b) => a.route.localeCompare(b.route));
}

export interface BuiltPage extends InlineScriptReport {
  route: string;
}

export interface BuiltPagesReport {
  pages: BuiltPage[];
  /** Pages whose NUL bytes were removed (paths relative to publicDir). */
  fixed: string[];
  /** Pages read and parsed this time (the others were unchanged since the last build). */
  parsed: number;
  /** Threads that read them (1: this one). */
  threads: number;
}

function readCache(file: string | undefined): Map<string, ScannedPage> {
  if (!file || !fs.existsSync(file)) return new Map();
  try {
    const entries = JSON.parse(fs.readFileSync(file, "utf8")) as ScannedPage[];
    return new Map(entries.map((entry) => [entry.route, entry]));
  } catch {
    return new Map(); // unreadable: read every page again
  }
}

interface PageToRead {
  file: string;
  route: string;
  size: number;
  mtimeMs: number;
}

type PageResult = ReturnType<typeof readBuiltPage>;

/** The built pages in route order: the cached entry of each unchanged one, and the ones to read. */
function plan(publicDir: string, cacheFile: string | undefined) {
  const cache = readCache(cacheFile);
  const known: (ScannedPage | undefined)[] = [];
  const toRead: (PageToRead & { index: number })[] = [];
  builtHtmlFiles(publicDir).forEach(({ file, route }, index) => {
    const { size, mtimeMs } = fs.statSync(file);
    const entry = cache.get(route);
    if (entry && entry.size === size && entry.mtimeMs === mtimeMs) known[index] = entry;
    else toRead.push({ file, route, size, mtimeMs, index });
  });
  return { known, toRead };
}

function report(
  { known, toRead }: ReturnType<typeof plan>,
  results: PageResult[],
  cacheFile: string | undefined,
  threads: number,
): BuiltPagesReport {
  const entries = [...known];
  toRead.forEach(({ index }, i) => (entries[index] = results[i].entry));
  const all = entries.filter((entry): entry is ScannedPage => entry !== undefined);
  if (cacheFile) {
    fs.mkdirSync(path.dirname(cacheFile), { recursive: true });
    fs.writeFileSync(cacheFile, JSON.stringify(all));
  }
  return {
    pages: all.map(({ route, hashes, blocked }) => ({ route, hashes, blocked })),
    fixed: results.flatMap(({ fixed }) => (fixed ? [fixed] : [])),
    parsed: toRead.length,
    threads,
  };
}

/** Reads the pages to read in this thread. */
const inThisThread = (publicDir: string, work: ReturnType<typeof plan>, cacheFile: string | undefined) =>
  report(
    work,
    work.toRead.map((page) => readBuiltPage(publicDir, page)),
    cacheFile,
    1,
  );

/** Every built page's inline scripts, NUL bytes removed; pages unchanged since `cacheFile` was written are not read. */
export function readBuiltPages(publicDir: string, cacheFile?: string): BuiltPagesReport {
  return inThisThread(publicDir, plan(publicDir, cacheFile), cacheFile);
}

/** Below this many pages per thread, starting workers costs more than it saves. */
const MIN_PAGES_PER_THREAD = 100;
/** Pages a worker is sent at a time: small enough to keep every worker busy to the end. */
const BATCH = 25;
/** Plain JavaScript beside this file (Gatsby's compile keeps __dirname pointing at this folder). */
const WORKER_FILE = path.join(__dirname, "html-scan-worker.mjs");

/**
 * readBuiltPages spread over worker threads (one per core) when there are many pages to read, as on a
 * cold build; same report, in the same order.
 */
export async function readBuiltPagesInParallel(
  publicDir: string,
  cacheFile?: string,
  { threads = os.availableParallelism(), minPagesPerThread = MIN_PAGES_PER_THREAD } = {},
): Promise<BuiltPagesReport> {
  const work = plan(publicDir, cacheFile);
  const count = Math.min(threads, Math.floor(work.toRead.length / minPagesPerThread));
  // No worker file where expected (a runner that moves __dirname): this thread, same report.
  if (count < 2 || !fs.existsSync(WORKER_FILE)) return inThisThread(publicDir, work, cacheFile);
  const pages = work.toRead.map(({ file, route, size, mtimeMs }) => ({ file, route, size, mtimeMs }));
  const results: PageResult[] = new Array(pages.length);
  const workers = Array.from({ length: count }, () => new Worker(WORKER_FILE, { workerData: { publicDir } }));
  try {
    await new Promise<void>((resolve, reject) => {
      let next = 0;
      let pending = pages.length;
      const send = (worker: Worker) => {
        const start = next;
        next = Math.min(pages.length, next + BATCH);
        if (start < next) worker.postMessage(pages.slice(start, next));
        return start;
      };
      for (const worker of workers) {
        let start = send(worker);
        worker.on("error", reject);
        worker.on("exit", (code) => pending > 0 && reject(new Error(`a worker reading built pages exited (${code})`)));
        worker.on("message", (message: { results?: PageResult[]; error?: string }) => {
          if (!message.results) return reject(new Error(`reading built pages in a worker: ${message.error}`));
          message.results.forEach((result, i) => (results[start + i] = result));
          pending -= message.results.length;
          if (pending === 0) resolve();
          else start = send(worker);
        });
      }
    });
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
  return report(work, results, cacheFile, count);
}

/** Strips NUL bytes from every built page; returns the paths it rewrote. */
export function stripNulBytes(publicDir: string): string[] {
  return readBuiltPages(publicDir).fixed;
}
