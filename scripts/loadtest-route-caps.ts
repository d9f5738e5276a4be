/**
 * `npm run loadtest`'s route-caps scenario (docs/local-server.md "Limits", docs/measurements/2026-12-06-route-caps.md):
 * 16 attacker addresses (two IPv4 /24s and two IPv6 /64s, 4 addresses each) hold slow submissions and consent
 * posts, unfinished uploads and stalled file readers, reopening each as soon as it is cut or refused, while
 * visitors from other addresses send 20 submissions and 20 file reads (each 200 within 2 s) and 4 uploads of
 * 1 MB (each 200 within 10 s). Addresses are X-Forwarded-For entries the server trusts (TRUSTED_PROXY_HOPS=1).
 */
import http from "node:http";
import net from "node:net";
import { leadBody } from "./lib/loadtest-bodies";

const ATTACK_MS = 40_000;
const VISITORS_FROM_MS = 5_000;
export const ATTACKERS = [
  ...[1, 2, 3, 4].map((i) => `192.0.2.${i}`),
  ...[1, 2, 3, 4].map((i) => `198.51.100.${i}`),
  ...[1, 2, 3, 4].map((i) => `2001:db8:1:1::${i}`),
  ...[1, 2, 3, 4].map((i) => `2001:db8:2:1::${i}`),
];
const GOAL = { submissions: 20, reads: 20, uploads: 4, fastMs: 2000, uploadMs: 10_000 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pngOf = (bytes: number) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(bytes - 8)]);
const uploadBody = (bytes: number) =>
  JSON.stringify({ filename: "loadtest.png", file: `data:image/png;base64,${pngOf(bytes).toString("base64")}` });
const lead = (i: number) => leadBody(`caps.${i}`);

interface Answer {
  status: number;
  ms: number;
  body: string;
}

/** One whole request from `from`, timed from the first byte sent to the last byte of the answer. */
function request(base: string, from: string, method: string, path: string, body?: string): Promise<Answer> {
  const { port, origin } = new URL(base);
  const headers: Record<string, string> = { "x-forwarded-for": from, origin };
  if (body !== undefined) headers["content-type"] = "application/json";
  const startedAt = performance.now();
  return new Promise((resolve) => {
    const req = http.request({ host: "127.0.0.1", port, method, path, agent: false, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, ms: performance.now() - startedAt, body: Buffer.concat(chunks).toString() }),
      );
      res.on("error", () => resolve({ status: 0, ms: performance.now() - startedAt, body: "" }));
    });
    req.on("error", () => resolve({ status: 0, ms: performance.now() - startedAt, body: "" }));
    req.end(body);
  });
}

type Kind = "submit" | "consent" | "upload" | "read";
/** What one attacker connection did: held a slot (no answer before it closed), or the status it was answered. */
type Outcome = { kind: Kind; status: number; heldMs: number };

/** One attacker connection of `kind` from `from`; resolves once it is closed, by the server or at `until`. */
function hold(base: string, from: string, kind: Kind, fileId: string, until: number): Promise<Outcome> {
  const { port } = new URL(base);
  const post = (path: string, length: number) =>
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\nX-Forwarded-For: ${from}\r\n\r\n`;
  // most of the body at once, then one byte every `every` ms: an average that looks fine, a window that does not
  const plan = {
    submit: { head: post("/api/hubspot/submitForm", 60_000), first: 40_000, every: 2000 },
    consent: { head: post("/api/consent", 2000), first: 1500, every: 2000 },
    upload: { head: post("/api/hubspot/uploadFile", 13_000_000), first: 6_000_000, every: 20_000 },
    read: {
      head: `GET /api/hubspot/file?id=${fileId} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: ${from}\r\n\r\n`,
      first: 0,
      every: 0,
    },
  }[kind];
  return new Promise((resolve) => {
    const startedAt = Date.now();
    const socket = net.connect({ port: Number(port), host: "127.0.0.1" });
    let head = "";
    // a stalled reader sends a line break every 2 s: it would renew an idle timer, and it notices the server's drop
    const trickle = setInterval(() => socket.write(kind === "read" ? "\r\n" : " "), plan.every || 2000);
    const stop = setTimeout(() => socket.destroy(), Math.max(0, until - Date.now()));
    // a stalled reader reads the status line and nothing more; the others read the answer when there is one
    socket.on("data", (d: Buffer) => {
      if (!head) head = d.subarray(0, 16).toString("latin1");
      if (kind === "read") socket.pause();
    });
    socket.on("error", () => undefined);
    socket.on("close", () => {
      clearInterval(trickle);
      clearTimeout(stop);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      resolve({ kind, status: kind === "read" && status === 200 ? 0 : status, heldMs: Date.now() - startedAt });
    });
    socket.write(plan.head);
    if (plan.first) socket.write(Buffer.alloc(plan.first, 0x20));
  });
}

/** Keeps `count` connections of `kind` open from `from` until `until`, reopening each one second after it ends. */
async function keepHolding(base: string, from: string, kind: Kind, count: number, fileId: string, until: number, out: Outcome[]) {
  await Promise.all(
    Array.from({ length: count }, async () => {
      while (Date.now() < until - 1000) {
        out.push(await hold(base, from, kind, fileId, until));
        await sleep(1000);
      }
    }),
  );
}

export interface RouteCapsResult {
  lines: string[];
  failures: string[];
}

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]) : 0;
};
const tally = (answers: { status: number }[]) =>
  Object.entries(answers.reduce<Record<string, number>>((n, a) => ({ ...n, [a.status]: (n[a.status] ?? 0) + 1 }), {}))
    .map(([status, n]) => `${status === "0" ? "held/cut" : status}×${n}`)
    .join(" ");

/** Runs the scenario against a server at `base` started with TRUSTED_PROXY_HOPS=1; `rss` reads its memory. */
export async function routeCapsScenario(base: string, rss: () => number): Promise<RouteCapsResult> {
  const rssAtStart = rss();
  // files to read: a 9 MB one the attackers stall on (more than the kernel's socket buffers), a 200 KB one for visitors
  const stored = async (from: string, bytes: number) => {
    const answer = await request(base, from, "POST", "/api/hubspot/uploadFile", uploadBody(bytes));
    const id = /[?&]id=([0-9a-f-]{36})/.exec(answer.body)?.[1];
    if (answer.status !== 200 || !id) throw new Error(`setup upload: ${answer.status} ${answer.body.slice(0, 200)}`);
    return id;
  };
  const bigId = await stored("100.64.0.1", 9 * 1024 * 1024);
  const smallId = await stored("100.64.0.2", 200 * 1024);

  const rssBefore = rss();
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rss())), 500);
  const startedAt = Date.now();
  const until = startedAt + ATTACK_MS;
  const held: Outcome[] = [];
  // each address asks for more than any share: 16 submissions, 16 consent posts, 4 uploads, 8 reads
  const attack = Promise.all(
    ATTACKERS.flatMap((from) => [
      keepHolding(base, from, "submit", 16, bigId, until, held),
      keepHolding(base, from, "consent", 16, bigId, until, held),
      keepHolding(base, from, "upload", 4, bigId, until, held),
      keepHolding(base, from, "read", 8, bigId, until, held),
    ]),
  );
  await sleep(VISITORS_FROM_MS);
  // visitors, each from an address of its own, spread over the next 30 s
  const visit = (n: number, spacing: number, run: (i: number) => Promise<Answer>) =>
    Promise.all(Array.from({ length: n }, (_, i) => sleep(i * spacing).then(() => run(i))));
  const [submissions, reads, uploads] = await Promise.all([
    visit(GOAL.submissions, 1500, (i) => request(base, `10.1.${i}.1`, "POST", "/api/hubspot/submitForm", lead(i))),
    visit(GOAL.reads, 1500, (i) => request(base, `10.2.${i}.1`, "GET", `/api/hubspot/file?id=${smallId}`)),
    visit(GOAL.uploads, 7000, (i) => request(base, `10.3.${i}.1`, "POST", "/api/hubspot/uploadFile", uploadBody(1024 * 1024))),
  ]);
  const visitorsDoneMs = Date.now() - startedAt;
  await attack;
  clearInterval(sampler);

  const line = (name: string, answers: Answer[], limitMs: number) =>
    `${name}: ${answers.filter((a) => a.status === 200 && a.ms < limitMs).length} of ${answers.length} answered 200 within ` +
    `${limitMs / 1000} s (${tally(answers)}; p50 ${pct(
      answers.map((a) => a.ms),
      50,
    )} ms, max ${pct(
      answers.map((a) => a.ms),
      100,
    )} ms)`;
  const attackLine = (kind: Kind) => {
    const mine = held.filter((h) => h.kind === kind);
    const kept = mine.filter((h) => h.status === 0 || h.status === 408).map((h) => h.heldMs);
    return `  ${kind}: ${mine.length} connections: ${tally(mine)}; a held one lasted p50 ${pct(kept, 50)} ms, max ${pct(kept, 100)} ms`;
  };
  const lines = [
    `route caps: ${ATTACKERS.length} attacker addresses (192.0.2.1-4, 198.51.100.1-4, 2001:db8:1:1::1-4, 2001:db8:2:1::1-4) for ${ATTACK_MS / 1000} s; visitors from ${VISITORS_FROM_MS / 1000} s to ${(visitorsDoneMs / 1000).toFixed(1)} s`,
    line("  visitor submissions", submissions, GOAL.fastMs),
    line("  visitor file reads (200 KB)", reads, GOAL.fastMs),
    line("  visitor uploads (1 MB)", uploads, GOAL.uploadMs),
    "attackers (held/cut: no answer before the connection closed, by the server's pace or deadline or at the end):",
    ...(["submit", "consent", "upload", "read"] as Kind[]).map(attackLine),
    `server memory (RSS): ${rssAtStart} MB at start, ${rssBefore} MB after storing the two files, ${rssPeak} MB at most during the attack`,
  ];
  const failures = [
    submissions.some((a) => a.status !== 200 || a.ms >= GOAL.fastMs) && "a visitor submission not 200 within 2 s",
    reads.some((a) => a.status !== 200 || a.ms >= GOAL.fastMs) && "a visitor file read not 200 within 2 s",
    uploads.some((a) => a.status !== 200 || a.ms >= GOAL.uploadMs) && "a visitor upload not 200 within 10 s",
  ].filter((f): f is string => Boolean(f));
  return { lines, failures };
}
