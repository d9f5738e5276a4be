/**
 * The Netlify build as Netlify's own local tooling runs it (netlify-cli, offline), after
 * `NETLIFY=true gatsby build` (scripts/test-all.sh):
 *
 * 1. `public/_headers`, read with Netlify's parser (@netlify/headers-parser): `/*` carries the site's
 *    policy and HSTS, and every built file (and every page's folder URL) matches exactly one rule that sets
 *    Cache-Control. Checked on the file, because netlify-cli's static server replaces Cache-Control.
 * 2. `netlify dev --offline --dir public --internal-disable-edge-functions` with no DATABASE_URL: every page
 *    answers 200 with the policy and HSTS; the lead functions answer 503.
 * 3. The same with a throwaway PostgreSQL and the HubSpot emulator: the three lead functions work; a lead
 *    taken while HubSpot is down stays pending.
 * 4. A fresh `netlify dev` and `netlify functions:invoke leads-flush`: the pending lead reaches HubSpot.
 *
 * netlify dev empties .netlify/functions-internal when it starts, so the adapter's functions are copied
 * aside first and put back once it is ready. Its directory watcher then rescans that folder alone and
 * drops the scheduled function of src/netlify (netlify-cli 26), so the flush runs in a server of its own.
 *
 *   npx tsx tests/netlify-cli/run.ts     NETLIFY_DEV_PORT=<port> uses that port and the next three
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Pool } from "pg";
import { cacheControlFor, parseNetlifyHeaders } from "../fixtures/netlify-headers";
import { startTestPostgres, type TestPostgres } from "../fixtures/postgres";
import { startHubSpotEmulator, type HubSpotEmulator } from "../emulators/hubspot";
import { builtPaths } from "../e2e/site-paths";
import { fileUrls, listFiles, readHeadersManifest } from "../../src/node/hosting/security-headers";
import { freePort } from "../../scripts/lib/net";
import { demoLead } from "../fixtures/leads";

const root = path.resolve(__dirname, "../..");
const publicDir = path.join(root, "public");
const internalDir = path.join(root, ".netlify", "functions-internal");
const NETLIFY = path.join(root, "node_modules", "netlify-cli", "bin", "run.js");
const ORIGIN = "https://www.northdesk.com";

class CheckError extends Error {}
function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new CheckError(message);
}

const timings: string[] = [];
async function timed<T>(label: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await run();
  timings.push(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

/** 1. The shipped `_headers`, as Netlify reads it. */
async function checkHeadersFile(): Promise<string> {
  const rules = await parseNetlifyHeaders(path.join(publicDir, "_headers"));
  const site = readHeadersManifest(root).find((r) => r.source === "/*")!;
  const want = (key: string) => site.headers.find((h) => h.key === key)!.value;
  const all = rules.filter((r) => r.for === "/*");
  for (const key of ["Content-Security-Policy", "Strict-Transport-Security"]) {
    const values = all.flatMap((r) => Object.entries(r.values).filter(([k]) => k.toLowerCase() === key.toLowerCase()));
    check(values.length === 1 && values[0][1] === want(key), `_headers: /* must carry the site's ${key}, has ${JSON.stringify(values)}`);
  }
  const files = listFiles(publicDir).filter((f) => f !== "_headers" && f !== "_redirects");
  const urls = files.flatMap(fileUrls);
  const wrong = urls.map((url) => ({ url, rules: cacheControlFor(rules, url) })).filter((m) => m.rules.length !== 1);
  check(
    wrong.length === 0,
    `_headers: ${wrong.length} URLs match no or several Cache-Control rules, e.g. ${wrong
      .slice(0, 5)
      .map((w) => `${w.url} (${w.rules.map((r) => r.rule).join(", ") || "none"})`)
      .join("; ")}`,
  );
  const cacheOf = (url: string) => cacheControlFor(rules, url)[0].value;
  for (const url of ["/", "/pricing/", "/page-data/app-data.json", "/page-data/index/page-data.json", "/sw.js", "/404.html"])
    check(cacheOf(url) === "public, max-age=0, must-revalidate", `_headers: ${url} must revalidate, has ${cacheOf(url)}`);
  const hashed = files.filter((f) => /^app-[0-9a-f]{20}\.js$/.test(f) || f.startsWith("static/"));
  check(hashed.length > 1, "_headers: no hashed script or /static/ file in the build");
  for (const file of hashed)
    check(
      cacheOf(`/${file}`) === "public, max-age=31536000, immutable",
      `_headers: /${file} must be immutable, has ${cacheOf(`/${file}`)}`,
    );
  const spellings = new Set(rules.flatMap((r) => Object.keys(r.values).filter((k) => k.toLowerCase() === "cache-control")));
  check(spellings.size === 1, `_headers: Cache-Control is spelled ${[...spellings].join(", ")}`);
  return `${rules.length} rules (${rules.filter((r) => Object.keys(r.values).some((k) => k.toLowerCase() === "cache-control")).length} with Cache-Control), ${urls.length} URLs of ${files.length} files each matching exactly one`;
}

interface DevServer {
  base: string;
  port: number;
  log: () => string;
  stop: () => Promise<void>;
}

/** `netlify dev` on the build, offline; with `savedFunctions`, the adapter's functions are put back once it is ready. */
async function startNetlifyDev(env: Record<string, string | undefined>, ports: number[], savedFunctions?: string): Promise<DevServer> {
  const [port, functionsPort, staticPort] = ports;
  const child: ChildProcess = spawn(
    process.execPath,
    [
      NETLIFY,
      "dev",
      "--offline",
      "--dir",
      "public",
      "--internal-disable-edge-functions",
      "--port",
      String(port),
      "--functions-port",
      String(functionsPort),
      "--target-port",
      String(staticPort),
      "--no-open",
      "--skip-gitignore",
    ],
    { cwd: root, env: devEnv(env), stdio: ["ignore", "pipe", "pipe"], detached: true },
  );
  let log = "";
  child.stdout!.on("data", (d) => (log += d));
  child.stderr!.on("data", (d) => (log += d));
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      process.kill(-child.pid!, "SIGTERM");
      setTimeout(() => child.exitCode === null && process.kill(-child.pid!, "SIGKILL"), 5000).unref();
    });
  const base = `http://localhost:${port}`;
  try {
    const deadline = Date.now() + 120_000;
    while (!log.includes("Local dev server ready")) {
      check(child.exitCode === null, `netlify dev exited (${child.exitCode}):\n${log}`);
      check(Date.now() < deadline, `netlify dev did not get ready in 120 s:\n${log}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    if (savedFunctions) {
      fs.cpSync(savedFunctions, internalDir, { recursive: true });
      const ids = fs.readdirSync(savedFunctions);
      const routes = ids.map(
        (id) =>
          (JSON.parse(fs.readFileSync(path.join(savedFunctions, id, `${id}.json`), "utf8")) as { config: { name: string } }).config.name,
      );
      const until = Date.now() + 60_000;
      while (!routes.every((route) => log.includes(`Loaded function ${route}`))) {
        check(Date.now() < until, `netlify dev did not load the adapter's functions (${routes.join(", ")}):\n${log}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, port, log: () => log, stop };
}

/** What the runtime gets: this process's PATH and HOME, nothing of the build's third-party settings. */
function devEnv(extra: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME ?? os.homedir(),
    BROWSER: "none",
    NETLIFY_TELEMETRY_DISABLED: "1",
    SITE_URL: ORIGIN,
    LEAD_RATE_LIMIT: "100",
  };
  for (const [key, value] of Object.entries(extra)) if (value !== undefined) env[key] = value;
  return env;
}

const lead = (email: string) => demoLead(email, ORIGIN);

async function post(base: string, fn: string, body: unknown) {
  const response = await fetch(`${base}/api/hubspot/${fn}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: ORIGIN },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) as { success: boolean; message?: string; fileUrl?: string } };
  } catch {
    throw new CheckError(`POST ${fn}: ${response.status}, not JSON: ${text.slice(0, 200)}`);
  }
}

/** 2. Pages and headers, and the 503 without a database. */
async function checkWithoutDatabase(ports: number[], saved: string): Promise<string> {
  const dev = await startNetlifyDev({}, ports, saved);
  try {
    const site = readHeadersManifest(root).find((r) => r.source === "/*")!;
    const policy = site.headers.find((h) => h.key === "Content-Security-Policy")!.value;
    const paths = builtPaths(publicDir);
    check(paths.length > 50, `only ${paths.length} pages in public/`);
    for (let i = 0; i < paths.length; i += 8) {
      await Promise.all(
        paths.slice(i, i + 8).map(async (p) => {
          const response = await fetch(`${dev.base}${p}`);
          check(response.status === 200, `${p}: ${response.status}`);
          check(response.headers.get("content-security-policy") === policy, `${p}: not the site's Content-Security-Policy`);
          check(/max-age=63072000/.test(response.headers.get("strict-transport-security") ?? ""), `${p}: no HSTS`);
          await response.arrayBuffer();
        }),
      );
    }
    const missing = await fetch(`${dev.base}/no-such-page/`);
    check(missing.status === 404, `/no-such-page/: ${missing.status}`);
    const refused = await post(dev.base, "submitForm", lead("nodb@acme.com"));
    check(
      refused.status === 503 && refused.body.success === false,
      `submitForm without DATABASE_URL: ${refused.status} ${JSON.stringify(refused.body)}`,
    );
    check(dev.log().includes("DATABASE_URL is not set"), "the function did not log why it refused");
    return `${paths.length} pages 200 with the policy and HSTS; 404 for an unknown path; submitForm 503 without DATABASE_URL`;
  } finally {
    await dev.stop();
  }
}

/** 3. The lead functions on PostgreSQL; a lead kept pending while HubSpot is down. */
async function checkWithDatabase(ports: number[], saved: string, env: Record<string, string>, hubspot: HubSpotEmulator): Promise<string> {
  const dev = await startNetlifyDev(env, ports, saved);
  try {
    const delivered = await post(dev.base, "submitForm", lead("netlify-dev@acme.com"));
    check(delivered.status === 200 && delivered.body.success, `submitForm: ${delivered.status} ${JSON.stringify(delivered.body)}`);
    check(hubspot.submissions.length === 1, `HubSpot got ${hubspot.submissions.length} submissions, expected 1`);
    const unknown = await post(dev.base, "submitForm", { ...lead("x@acme.com"), formId: "no-such-form" });
    check(unknown.status === 404, `an unknown form: ${unknown.status}`);
    const png = Buffer.concat([Buffer.from("89504e470d0a1a0a0000000d49484452", "hex"), Buffer.alloc(64)]);
    const upload = await post(dev.base, "uploadFile", { file: `data:image/png;base64,${png.toString("base64")}`, filename: "screen.png" });
    check(upload.status === 200 && upload.body.fileUrl, `uploadFile: ${upload.status} ${JSON.stringify(upload.body)}`);
    const id = new URL(upload.body.fileUrl!).searchParams.get("id");
    const served = await fetch(`${dev.base}/api/hubspot/file?id=${id}`);
    check(
      served.status === 200 && served.headers.get("content-type") === "image/png",
      `file: ${served.status} ${served.headers.get("content-type")}`,
    );
    check(Buffer.compare(Buffer.from(await served.arrayBuffer()), png) === 0, "file: not the uploaded bytes");
    hubspot.mode = "error";
    const kept = await post(dev.base, "submitForm", lead("pending@acme.com"));
    check(kept.status === 200 && kept.body.success, `submitForm while HubSpot is down: ${kept.status} ${JSON.stringify(kept.body)}`);
    return "submitForm delivered to HubSpot, unknown form 404, uploadFile + file served back, a lead kept pending while HubSpot is down";
  } finally {
    hubspot.mode = "ok";
    await dev.stop();
  }
}

async function pendingLeads(databaseUrl: string): Promise<number> {
  const db = new Pool({ connectionString: databaseUrl });
  try {
    const { rows } = await db.query<{ n: string }>("SELECT count(*) AS n FROM leads WHERE delivered_at IS NULL");
    return Number(rows[0].n);
  } finally {
    await db.end();
  }
}

/** 4. The scheduled function through `netlify functions:invoke`. */
async function checkFlush(ports: number[], env: Record<string, string>, hubspot: HubSpotEmulator, databaseUrl: string): Promise<string> {
  check((await pendingLeads(databaseUrl)) === 1, "expected one pending lead before the flush");
  const before = hubspot.submissions.length;
  const dev = await startNetlifyDev(env, ports);
  try {
    const until = Date.now() + 60_000;
    while (!dev.log().includes("Loaded function leads-flush")) {
      check(Date.now() < until, `netlify dev did not load leads-flush:\n${dev.log()}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, [NETLIFY, "functions:invoke", "leads-flush", "--port", String(dev.port), "--offline"], {
        cwd: root,
        env: devEnv(env),
        stdio: ["ignore", "pipe", "pipe"],
      });
      let out = "";
      child.stdout.on("data", (d) => (out += d));
      child.stderr.on("data", (d) => (out += d));
      child.on("error", reject);
      child.on("exit", () => resolve(out));
    });
    const emails = hubspot.submissions
      .slice(before)
      .map((s) => (s.body.fields as { name: string; value: string }[]).find((f) => f.name === "email")?.value);
    check(
      emails.length === 1 && emails[0] === "pending@acme.com",
      `the flush delivered ${JSON.stringify(emails)}:\n${output}\n${dev.log()}`,
    );
    check((await pendingLeads(databaseUrl)) === 0, "a lead is still pending after the flush");
    return `functions:invoke leads-flush delivered the pending lead (${output.trim().split("\n").at(-1)?.slice(0, 160)})`;
  } finally {
    await dev.stop();
  }
}

async function main() {
  const started = performance.now();
  if (!fs.existsSync(path.join(publicDir, "_headers")) || !fs.existsSync(internalDir))
    throw new CheckError("no Netlify build: run `NETLIFY=true npx gatsby build` first (public/_headers, .netlify/functions-internal)");
  const fixed = Number(process.env.NETLIFY_DEV_PORT);
  const ports = fixed ? [fixed, fixed + 1, fixed + 2, fixed + 3] : await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  const saved = fs.mkdtempSync(path.join(os.tmpdir(), "nd-functions-internal-"));
  fs.cpSync(internalDir, saved, { recursive: true });
  let pg: TestPostgres | undefined;
  let hubspot: HubSpotEmulator | undefined;
  const results: string[] = [];
  try {
    results.push(await timed("_headers", checkHeadersFile));
    results.push(await timed("netlify dev without DATABASE_URL", () => checkWithoutDatabase(ports, saved)));
    [pg, hubspot] = await Promise.all([startTestPostgres(), startHubSpotEmulator(ports[3])]);
    const databaseUrl = await pg.createDatabase();
    const env = {
      DATABASE_URL: databaseUrl,
      HUBSPOT_PORTAL_ID: "12345",
      HUBSPOT_ACCESS_TOKEN: "pat-netlify-cli",
      HUBSPOT_API_URL: hubspot.url,
      HUBSPOT_TIMEOUT_MS: "2000",
    };
    results.push(await timed("netlify dev with PostgreSQL", () => checkWithDatabase(ports, saved, env, hubspot!)));
    results.push(await timed("netlify dev + functions:invoke leads-flush", () => checkFlush(ports, env, hubspot!, databaseUrl)));
  } finally {
    // whatever happened, the adapter's functions are where the build left them
    fs.rmSync(internalDir, { recursive: true, force: true });
    fs.cpSync(saved, internalDir, { recursive: true });
    fs.rmSync(saved, { recursive: true, force: true });
    await hubspot?.close();
    await pg?.stop();
  }
  for (const line of results) console.log(`netlify-cli: ${line}`);
  console.log(`netlify-cli timings: ${timings.join(", ")}; total ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((error: unknown) => {
  console.error(error instanceof CheckError ? `netlify-cli check failed: ${error.message}` : error);
  process.exit(1);
});
