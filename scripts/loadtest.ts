/**
 * `npm run loadtest` (issue 10 item 4): `gatsby serve` on loopback with the built site (build first:
 * `npm run build` or `npm run build:e2e`), hammered with autocannon:
 *   1. static pages (/, /pricing/contact-based/, /blog/) under concurrency;
 *   2. submitForm with valid leads from many clients (each its own X-Forwarded-For behind one trusted proxy hop,
 *      the production rate limit on), checking afterwards that every 2xx is one line in the outbox;
 *   3. submitForm from one client: the per-IP limit answers 429 beyond its allowance.
 * Prints requests/s, latency p50/p99 and errors per run. Not part of `npm test`.
 *   npm run loadtest [-- --duration 10] [--connections 20]
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { freePort, waitForUrl } from "./lib/net";

const ROOT = path.resolve(__dirname, "..");
const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? fallback : Number(process.argv[at + 1]);
};
const DURATION = arg("duration", 10);
const CONNECTIONS = arg("connections", 20);

const lead = (i: number) =>
  JSON.stringify({
    formId: "newsletter",
    hubspotutk: "",
    pageUri: "http://127.0.0.1/blog/",
    pageName: "Load test",
    ipAddress: "",
    email: `load.${i}.${Date.now()}@loadtest.example.com`,
  });

interface Row {
  run: string;
  connections: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  status4xx: string;
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
    status4xx: codes || "-",
    errors: r.errors + r.timeouts,
  };
}

async function main() {
  if (!fs.existsSync(path.join(ROOT, "public/index.html"))) throw new Error("No build in public/: run `npm run build` first.");
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const leadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "nd-loadtest-leads-"));
  const server = spawn(path.join(ROOT, "node_modules/.bin/gatsby"), ["serve", "--port", String(port), "--host", "127.0.0.1"], {
    cwd: ROOT,
    detached: true,
    stdio: "ignore",
    env: {
      ...process.env,
      GATSBY_TELEMETRY_DISABLED: "1",
      LEADS_DIR: leadsDir,
      TRUSTED_PROXY_HOPS: "1",
      HUBSPOT_PORTAL_ID: "",
      HUBSPOT_ACCESS_TOKEN: "",
    },
  });
  const stop = () => {
    try {
      process.kill(-server.pid!, "SIGTERM");
    } catch {
      // already gone
    }
  };
  process.on("exit", stop);
  try {
    await waitForUrl(`${base}/`);
    // warm up the function bundle (first call compiles nothing, but loads it)
    await fetch(`${base}/api/hubspot/submitForm`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    const rows: Row[] = [];
    const run = (opts: autocannon.Options) => autocannon({ duration: DURATION, connections: CONNECTIONS, ...opts });

    for (const p of ["/", "/pricing/contact-based/", "/blog/"]) rows.push(row(`GET ${p}`, await run({ url: `${base}${p}` })));

    let client = 0;
    const post = {
      method: "POST" as const,
      path: "/api/hubspot/submitForm",
      headers: { "content-type": "application/json", origin: base },
    };
    const many = await run({
      url: base,
      connections: Math.max(1, Math.round(CONNECTIONS / 2)),
      requests: [
        {
          ...post,
          setupRequest: (req) => {
            client++;
            return {
              ...req,
              body: lead(client),
              headers: { ...req.headers, "x-forwarded-for": `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}` },
            };
          },
        },
      ],
    });
    rows.push(row("POST submitForm, many clients", many));
    const outbox = path.join(leadsDir, "outbox.jsonl");
    const lines = fs.existsSync(outbox) ? fs.readFileSync(outbox, "utf8").split("\n").filter(Boolean).length : 0;

    const one = await run({
      url: base,
      connections: 5,
      duration: Math.min(DURATION, 5),
      requests: [
        {
          ...post,
          setupRequest: (req) => ({ ...req, body: lead(++client), headers: { ...req.headers, "x-forwarded-for": "10.255.255.1" } }),
        },
      ],
    });
    rows.push(row("POST submitForm, one client (rate limit)", one));

    console.log(
      `\nnpm run loadtest: gatsby serve on ${base}, ${DURATION} s per run, ${os.cpus().length} CPU(s), node ${process.version}\n`,
    );
    console.table(rows);
    console.log(
      `submitForm (many clients): ${many["2xx"]} accepted, ${lines} outbox lines: ${lines === many["2xx"] ? "every accepted lead stored" : "MISMATCH"}`,
    );
    const limited = one.statusCodeStats?.["429"]?.count ?? 0;
    console.log(`submitForm (one client): ${one["2xx"]} accepted, ${limited} answered 429 (limit 20 per 60 s per IP by default)`);
    const failed = rows.some((r) => r.errors > 0) || lines !== many["2xx"] || many.non2xx > 0 || one["2xx"] > 20;
    return failed ? 1 : 0;
  } finally {
    stop();
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
