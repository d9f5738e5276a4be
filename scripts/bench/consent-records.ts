/**
 * The file store's consent post at volume (docs/measurements/2026-12-06-consent-records.md): a records.jsonl of
 * N decisions written in bulk, then a new process (a child: the writer's garbage is not in its memory) builds the
 * index as the local server does at start, and its posts are timed one by one (append + fsync under the lock, as
 * POST /api/consent does), the first one apart; the process's resident memory after and at its peak.
 *
 * `--server`: the same through the local server instead (scripts/serve.ts on `--port`, LEADS_DIR the bench's
 * directory): each post is POST /api/consent over HTTP, and memory is the server process's (VmRSS, VmHWM).
 *
 *   tsx scripts/bench/consent-records.ts [--records 200000] [--posts 50] [--secrets] [--server --port 9420]
 */
import { fork, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { serveArgs } from "../lib/serve-command";
import { consentFile } from "../../src/server/store/file-consent";
import { waitForUrl } from "../lib/net";
import { FileStore } from "../../src/server/store/file-store";
import type { StoredConsentRecord } from "../../src/server/store/types";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const records = arg("records", 200_000);
const posts = arg("posts", 50);
const secrets = process.argv.includes("--secrets");

const decision = (at: number): StoredConsentRecord => ({
  id: crypto.randomUUID(),
  at,
  policy: "opt-in",
  version: 3,
  choices: { preferences: true, analytics: false, marketing: false },
  method: "preferences",
  receivedAt: new Date(at).toISOString(),
});

const figures = (times: number[]) => {
  times.sort((a, b) => a - b);
  const pct = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
  return { medianMs: +pct(0.5).toFixed(2), p90Ms: +pct(0.9).toFixed(2), maxMs: +times.at(-1)!.toFixed(2) };
};

/** The server's resident set now and at its peak, in MB (Linux). */
const memoryOf = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
  return { rssMB: Math.round(kb("VmRSS") / 1000), maxRssMB: Math.round(kb("VmHWM") / 1000) };
};

/** --server: scripts/serve.ts over `dir`, its start (which builds the index) and HTTP posts timed. */
async function measureServer(dir: string) {
  const port = arg("port", 9420);
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  const server = spawn(process.execPath, serveArgs(["--port", String(port), "--host", "127.0.0.1"]), {
    cwd: path.resolve(__dirname, "../.."),
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, LEADS_DIR: dir, CONSENT_RATE_LIMIT: "0", GATSBY_TELEMETRY_DISABLED: "1" },
  });
  try {
    await waitForUrl(`${base}/404.html`, { timeoutMs: 60_000, gaveUp: () => server.exitCode !== null });
    const startMs = Date.now() - started;
    const afterStart = memoryOf(server.pid!);
    const time = async () => {
      const at = process.hrtime.bigint();
      const answer = await fetch(`${base}/api/consent`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: base },
        body: JSON.stringify({ ...decision(Date.now() - 1000), receivedAt: undefined, secret: crypto.randomBytes(16).toString("hex") }),
      });
      if (answer.status !== 201) throw new Error(`POST /api/consent answered ${answer.status}: ${await answer.text()}`);
      return Number(process.hrtime.bigint() - at) / 1e6;
    };
    const first = await time();
    const times: number[] = [];
    for (let i = 0; i < posts; i++) times.push(await time());
    console.log(
      JSON.stringify({
        records,
        secrets,
        server: true,
        startMs,
        afterStart,
        firstPostMs: +first.toFixed(2),
        ...figures(times),
        ...memoryOf(server.pid!),
      }),
    );
  } finally {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
  }
}

/** In the child: the posts against the file in `dir`, one JSON line of figures. */
async function measure(dir: string) {
  const file = consentFile(dir);
  const size = fs.statSync(file, { throwIfNoEntry: false })?.size ?? 0;
  const store = new FileStore(dir, { uploadQuotaBytes: 1e6, consentMaxRecords: records + posts + 10 });
  // as the local server does at start (scripts/serve.ts): the index built before the first post
  const warmed = process.hrtime.bigint();
  store.consent.warm();
  const indexMs = Number(process.hrtime.bigint() - warmed) / 1e6;
  const time = async () => {
    const started = process.hrtime.bigint();
    if (!(await store.consent.saveConsentRecord(decision(Date.now())))) throw new Error("not kept");
    return Number(process.hrtime.bigint() - started) / 1e6;
  };
  const first = await time();
  const times: number[] = [];
  for (let i = 0; i < posts; i++) times.push(await time());
  times.sort((a, b) => a - b);
  const pct = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
  console.log(
    JSON.stringify({
      records,
      secrets,
      fileMB: +(size / 1e6).toFixed(1),
      indexMs: +indexMs.toFixed(1),
      firstPostMs: +first.toFixed(2),
      medianMs: +pct(0.5).toFixed(2),
      p90Ms: +pct(0.9).toFixed(2),
      maxMs: +times.at(-1)!.toFixed(2),
      rssMB: Math.round(process.memoryUsage().rss / 1e6),
      maxRssMB: Math.round(process.resourceUsage().maxRSS / 1000),
      kept: await store.consent.countConsentRecords(),
    }),
  );
}

async function main() {
  const child = process.argv.indexOf("--child");
  if (child > 0) return measure(process.argv[child + 1]);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "consent-bench-"));
  try {
    const file = consentFile(dir);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const now = Date.now();
    const fd = fs.openSync(file, "w");
    for (let start = 0; start < records; start += 10_000) {
      const lines: string[] = [];
      for (let i = start; i < Math.min(records, start + 10_000); i++) {
        const line = decision(now - (records - i) * 1000);
        // --secrets: every id's first decision with a secret's hash, as the new browser code sends them
        lines.push(`${JSON.stringify(secrets ? { ...line, secretHash: crypto.randomBytes(32).toString("hex") } : line)}\n`);
      }
      fs.writeSync(fd, lines.join(""));
    }
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    if (process.argv.includes("--server")) return await measureServer(dir);
    await new Promise<void>((resolve, reject) =>
      fork(__filename, [...process.argv.slice(2), "--child", dir], { execArgv: process.execArgv })
        .on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`the measuring process exited ${code}`))))
        .on("error", reject),
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
