/**
 * `npm run loadtest`: the local server `npm start` runs (scripts/serve.ts) on loopback with the built site
 * (build first: `npm run build` or `npm run build:e2e`), hammered with autocannon:
 *   1. static pages (/, /pricing/contact-based/, /blog/) under concurrency;
 *   2. 5,000 valid submissions to submitForm, with the server's memory (RSS) before and after, and a check that every 2xx is one line in the outbox.
 *      The per-client rate limit is off for this server (LEAD_RATE_LIMIT=0): every request comes from
 *      127.0.0.1, one client, whose allowance is 20 a minute;
 *   3. a second server with the default limit: one client's posts beyond its allowance answer 429;
 *   4. one 200 MB multipart POST from a foreign origin: refused from its headers, before its body is read;
 *   5. route caps: 16 attacker addresses hold slow bodies, uploads and readers while visitors are served
 *      (scripts/loadtest-route-caps.ts), on a server of its own that trusts X-Forwarded-For.
 * Leads go to a temporary LEADS_DIR, removed afterwards. Not part of `npm test`. `--root` serves another
 * checkout's build (read only); `--only route-caps` runs the last scenario alone; `--port N` puts the servers on
 * N, N+1, ... (a machine shared by port ranges), else on ports the OS picks.
 *   npm run loadtest [-- --duration 10] [--connections 20] [--submissions 5000] [--root ../main] [--only route-caps] [--port 9420]
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { freePort, waitForUrl } from "./lib/net";
import { leadBody } from "./lib/loadtest-bodies";
import { serveArgs } from "./lib/serve-command";
import { routeCapsScenario } from "./loadtest-route-caps";

const ROOT = path.resolve(__dirname, "..");
const option = (name: string) => (process.argv.includes(`--${name}`) ? process.argv[process.argv.indexOf(`--${name}`) + 1] : undefined);
const SITE = path.resolve(option("root") ?? ROOT);
const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? fallback : Number(process.argv[at + 1]);
};
const DURATION = arg("duration", 10);
const CONNECTIONS = arg("connections", 20);
const SUBMISSIONS = arg("submissions", 5000);
const MULTIPART_BYTES = 200 * 1024 * 1024;

/** What a server fit to run the site holds to; the run fails below it. */
const GOAL = { submissionsPerSecond: 100, p99Ms: 250, rssGrowthMb: 50 };

const lead = (i: number) => leadBody(`load.${i}`);

interface Row {
  run: string;
  connections: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  non2xx: string;
  errors: number;
}

function row(run: string, r: autocannon.Result): Row {
  const codes = Object.entries(r.statusCodeStats ?? {})
    .filter(([code]) => !code.startsWith("2"))
    .map(([code, s]) => `${code}×${s.count ?? 0}`)
    .join(" ");
  return {
    run,
    connections: r.connections,
    requests: r.requests.total,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    ok: r["2xx"],
    non2xx: codes || "-",
    errors: r.errors + r.timeouts,
  };
}

/** Resident memory of a process, in MB (Linux /proc). */
function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? NaN);
  return Math.round((kb / 1024) * 10) / 10;
}

interface Served {
  base: string;
  pid: number;
  stop(): void;
}

/** scripts/serve.ts, as `npm start` runs it, in a process group of its own. */
let nextPort = option("port") ? Number(option("port")) : undefined;

async function startServer(env: Record<string, string>, log?: string[]): Promise<Served> {
  const port = nextPort === undefined ? await freePort() : nextPort++;
  const base = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, serveArgs(["--port", String(port), "--host", "127.0.0.1", "--root", SITE]), {
    cwd: ROOT,
    detached: true,
    stdio: ["ignore", "ignore", log ? "pipe" : "inherit"],
    env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1", HUBSPOT_PORTAL_ID: "", HUBSPOT_ACCESS_TOKEN: "", ...env },
  });
  const stop = () => {
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      // already gone
    }
  };
  process.on("exit", stop);
  child.stderr?.setEncoding("utf8").on("data", (text: string) => log?.push(...text.split("\n").filter(Boolean)));
  await waitForUrl(`${base}/`, { gaveUp: () => child.exitCode !== null });
  return { base, pid: child.pid!, stop };
}

interface Refusal {
  status: string;
  answeredMs: number;
  /** What the client had handed to its TCP stack when the answer came (unread kernel buffers, at most a few MB on loopback). */
  sentBeforeAnswer: number;
  closedMs: number;
  sentBeforeClose: number;
}

/** A 200 MB multipart POST from a foreign origin, streamed as fast as the connection takes it, until answered or closed. */
function multipartPost(base: string): Promise<Refusal> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const chunk = Buffer.alloc(256 * 1024, 0x61);
    let sent = 0;
    let answer = "";
    let answeredMs = 0;
    let sentBeforeAnswer = 0;
    const t0 = process.hrtime.bigint();
    const ms = () => Number(process.hrtime.bigint() - t0) / 1e6;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      if (!answeredMs) return reject(new Error(`connection closed without an answer after ${sent} bytes`));
      resolve({ status: answer.split("\r\n")[0], answeredMs, sentBeforeAnswer, closedMs: ms(), sentBeforeClose: sent });
    };
    socket.on("connect", () => {
      socket.write(
        `POST /api/hubspot/uploadFile HTTP/1.1\r\nHost: ${hostname}:${port}\r\nOrigin: https://evil.example\r\n` +
          `Content-Type: multipart/form-data; boundary=loadtest\r\nContent-Length: ${MULTIPART_BYTES}\r\n\r\n`,
      );
      const pump = () => {
        while (sent < MULTIPART_BYTES && !socket.destroyed) {
          const piece = chunk.subarray(0, Math.min(chunk.length, MULTIPART_BYTES - sent));
          sent += piece.length;
          if (!socket.write(piece)) return void socket.once("drain", pump);
        }
      };
      pump();
    });
    socket.on("data", (d: Buffer) => {
      if (!answeredMs) {
        answeredMs = ms();
        sentBeforeAnswer = sent;
      }
      answer += d.toString("latin1");
    });
    socket.on("error", finish);
    socket.on("close", finish);
    setTimeout(() => {
      socket.destroy();
      finish();
    }, 60_000).unref();
  });
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Scenario 5 on a server of its own: the lead and consent rate limits out of the way, so the caps and the pace are what holds. */
async function routeCaps(leadsDir: string, servers: Served[]): Promise<string[]> {
  const log: string[] = [];
  const env = { LEADS_DIR: leadsDir, TRUSTED_PROXY_HOPS: "1", LEAD_RATE_LIMIT: "1000", CONSENT_RATE_LIMIT: "0" };
  const server = await startServer(env, log);
  servers.push(server);
  const { lines, failures } = await routeCapsScenario(server.base, () => rssMb(server.pid));
  const count = (pattern: RegExp) => log.filter((l) => pattern.test(l)).length;
  console.log(`\n${lines.join("\n")}`);
  console.log(
    `server log: ${count(/request body too slow/)} bodies cut with 408 for their pace, ${count(/answer taken too slowly/)} readers dropped, ` +
      `${count(/deadline/)} requests past their deadline, ${count(/connection closed before the answer/)} aborted`,
  );
  return failures;
}

async function main() {
  if (!fs.existsSync(path.join(SITE, "public/index.html"))) throw new Error(`No build in ${SITE}/public: run \`npm run build\` first.`);
  const leadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "nd-loadtest-leads-"));
  const servers: Served[] = [];
  try {
    if (option("only") === "route-caps") {
      const failures = await routeCaps(leadsDir, servers);
      console.log(failures.length ? `\nFAILED: ${failures.join("; ")}` : "\nall goals met");
      return failures.length ? 1 : 0;
    }
    const server = await startServer({ LEADS_DIR: leadsDir, LEAD_RATE_LIMIT: "0" });
    servers.push(server);
    const { base } = server;
    const rows: Row[] = [];
    const run = (opts: autocannon.Options) => autocannon({ duration: DURATION, connections: CONNECTIONS, ...opts });
    const post = {
      method: "POST" as const,
      path: "/api/hubspot/submitForm",
      headers: { "content-type": "application/json", origin: base },
    };
    let client = 0;
    const submissions = (amount: number, connections = Math.max(1, Math.round(CONNECTIONS / 2))) =>
      run({ url: base, connections, amount, requests: [{ ...post, setupRequest: (req) => ({ ...req, body: lead(++client) }) }] });

    for (const p of ["/", "/pricing/contact-based/", "/blog/"]) rows.push(row(`GET ${p}`, await run({ url: `${base}${p}` })));

    // a few submissions first, so the numbers compare a warm server with itself
    await submissions(200);
    const outbox = path.join(leadsDir, "outbox.jsonl");
    const outboxLines = () => (fs.existsSync(outbox) ? fs.readFileSync(outbox, "utf8").split("\n").filter(Boolean).length : 0);
    const linesBefore = outboxLines();
    const before = rssMb(server.pid);
    const startedAt = performance.now();
    const many = await submissions(SUBMISSIONS);
    const seconds = (performance.now() - startedAt) / 1000;
    const after = rssMb(server.pid);
    rows.push(row(`POST submitForm ×${SUBMISSIONS}`, many));
    const stored = outboxLines() - linesBefore;
    const submissionsPerSecond = Math.round(many["2xx"] / seconds);

    const refusal = await multipartPost(base);
    const afterMultipart = rssMb(server.pid);

    // the production limit, on a server of its own: one client is held to its allowance
    const limitedServer = await startServer({ LEADS_DIR: leadsDir });
    servers.push(limitedServer);
    const one = await run({
      url: limitedServer.base,
      connections: 5,
      duration: Math.min(DURATION, 5),
      requests: [
        { ...post, headers: { ...post.headers, origin: limitedServer.base }, setupRequest: (req) => ({ ...req, body: lead(++client) }) },
      ],
    });
    rows.push(row("POST submitForm, one client, limit on", one));

    console.log(
      `\nnpm run loadtest: scripts/serve.ts on ${base}, ${DURATION} s per timed run, ${os.cpus().length} CPU(s), node ${process.version}\n`,
    );
    console.table(rows);
    console.log(
      `submitForm: ${many["2xx"]} of ${SUBMISSIONS} accepted in ${seconds.toFixed(1)} s = ${submissionsPerSecond} submissions/s, ` +
        `p50 ${many.latency.p50} ms, mean ${many.latency.average} ms, p99 ${many.latency.p99} ms, ${many.errors + many.timeouts} errors, ${many.non2xx} non-2xx; ` +
        `${stored} outbox lines: ${stored === many["2xx"] ? "every accepted lead stored" : "MISMATCH"}`,
    );
    console.log(
      `server memory (RSS) around the ${SUBMISSIONS} function requests: ${before} → ${after} MB (${(after - before).toFixed(1)} MB)`,
    );
    console.log(
      `200 MB multipart POST (foreign Origin): "${refusal.status}" after ${refusal.answeredMs.toFixed(1)} ms, when the client had handed ` +
        `${mb(refusal.sentBeforeAnswer)} to its TCP stack (unread socket buffers); connection closed by the server after ` +
        `${refusal.closedMs.toFixed(1)} ms and ${mb(refusal.sentBeforeClose)} of ${mb(MULTIPART_BYTES)}; RSS ${after} → ${afterMultipart} MB`,
    );
    const limited = one.statusCodeStats?.["429"]?.count ?? 0;
    console.log(`submitForm (one client, default limit): ${one["2xx"]} accepted, ${limited} answered 429 (20 per 60 s per client)`);

    const growth = after - before;
    const failures = [
      rows.some((r) => r.errors > 0) && "errors",
      many.non2xx > 0 && "non-2xx submissions",
      stored !== many["2xx"] && "accepted leads missing from the outbox",
      submissionsPerSecond < GOAL.submissionsPerSecond && `below ${GOAL.submissionsPerSecond} submissions/s`,
      many.latency.p99 >= GOAL.p99Ms && `p99 ${many.latency.p99} ms ≥ ${GOAL.p99Ms} ms`,
      growth >= GOAL.rssGrowthMb && `RSS grew ${growth.toFixed(1)} MB`,
      !/ 415 /.test(refusal.status) && "multipart not refused with 415",
      refusal.sentBeforeClose >= MULTIPART_BYTES && "the whole multipart body went through",
      one["2xx"] > 20 && "rate limit not applied",
      ...(await routeCaps(leadsDir, servers)),
    ].filter(Boolean);
    console.log(failures.length ? `\nFAILED: ${failures.join("; ")}` : "\nall goals met");
    return failures.length ? 1 : 0;
  } finally {
    for (const s of servers) s.stop();
    fs.rmSync(leadsDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
