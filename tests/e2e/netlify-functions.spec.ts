/**
 * The production path of the lead functions: the build's Netlify adapter bundles (the suite builds with
 * NETLIFY=true), each copied alone into an empty folder as a deploy ships them, run as two function
 * instances on one PostgreSQL database and invoked with API-Gateway-style events (netlify-host.ts).
 * One instance is killed mid-burst while HubSpot answers slowly; HubSpot is down, then back; the flush
 * (the scheduled function and `npm run leads:flush`) runs twice. Every acknowledged lead reaches HubSpot
 * exactly once; the rate limit holds across instances; a file uploaded through one is served by the other.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Pool } from "pg";
import { test, expect } from "@playwright/test";
import { startHubSpotEmulator, type HubSpotEmulator } from "../emulators/hubspot";
import { startTestPostgres, type TestPostgres } from "../fixtures/postgres";
import { freePort } from "../../scripts/lib/net";
import { copyFunctionBundles } from "./netlify-host";
import { demoLead } from "../fixtures/leads";

test.describe.configure({ mode: "serial" });

const ROOT = path.resolve(__dirname, "../..");
const TSX = pathToFileURL(path.join(ROOT, "node_modules/tsx/dist/loader.mjs")).href;
const HUBSPOT_TIMEOUT_MS = 1500;
/** A killed sender's lease (src/server/store/index.ts claimMs): the timeout and 5 s. */
const LEASE_MS = HUBSPOT_TIMEOUT_MS + 5000;

let pg: TestPostgres;
let emulator: HubSpotEmulator;
let databaseUrl: string;
let bundleDir: string;
const instances: ChildProcess[] = [];

const lead = (email: string) => demoLead(email);

function env(extra: Record<string, string | undefined>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: os.tmpdir(),
    // as in a Netlify function: NETLIFY is a build-time variable there, the runtime is AWS Lambda
    AWS_LAMBDA_FUNCTION_NAME: "northdesk-e2e",
    SITE_URL: "https://www.northdesk.com",
    HUBSPOT_PORTAL_ID: "12345",
    HUBSPOT_ACCESS_TOKEN: "pat-e2e",
    HUBSPOT_API_URL: emulator.url,
    HUBSPOT_TIMEOUT_MS: String(HUBSPOT_TIMEOUT_MS),
    LEAD_RATE_LIMIT: "5",
    LEAD_RATE_WINDOW_SECONDS: "600",
    ...extra,
  };
}

/** A function instance: its own process, the bundles only, cwd in the bundle folder. */
async function startInstance(extra: Record<string, string | undefined> = { DATABASE_URL: databaseUrl }) {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", TSX, path.join(__dirname, "netlify-host.ts"), bundleDir, String(port)], {
    cwd: bundleDir,
    env: env(extra),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout!.on("data", (d) => (log += d));
  child.stderr!.on("data", (d) => (log += d));
  instances.push(child);
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300 && !log.includes("listening"); i++) {
    if (child.exitCode !== null) throw new Error(`instance exited: ${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { base, child, log: () => log };
}

async function post(base: string, fn: string, body: unknown, ip: string) {
  const response = await fetch(`${base}/api/hubspot/${fn}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: "https://www.northdesk.com", "x-nf-client-connection-ip": ip },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { success: boolean; message?: string; fileUrl?: string } };
}

const ipFor = (i: number) => `203.0.${Math.floor(i / 250)}.${(i % 250) + 1}`;
const deliveredEmails = () =>
  emulator.submissions.map((s) => (s.body.fields as { name: string; value: string }[]).find((f) => f.name === "email")!.value);

test.beforeAll(async () => {
  test.setTimeout(120_000);
  [pg, emulator] = await Promise.all([startTestPostgres(), startHubSpotEmulator()]);
  databaseUrl = await pg.createDatabase();
  bundleDir = fs.mkdtempSync(path.join(os.tmpdir(), "nd-netlify-bundles-"));
  const functions = copyFunctionBundles(ROOT, bundleDir);
  fs.writeFileSync(path.join(bundleDir, "functions.json"), JSON.stringify(functions));
  expect(functions.map((f) => f.route).sort()).toEqual([
    "/api/consent",
    "/api/csp-report",
    "/api/hubspot/file",
    "/api/hubspot/submitForm",
    "/api/hubspot/uploadFile",
    "/api/leads/status",
  ]);
  expect(fs.existsSync(path.join(bundleDir, "content"))).toBe(false);
});

test.afterAll(async () => {
  for (const child of instances) child.kill("SIGKILL");
  await emulator?.close();
  await pg?.stop();
  if (bundleDir) fs.rmSync(bundleDir, { recursive: true, force: true });
});

test("without DATABASE_URL on a serverless host the functions refuse with 503 and keep nothing", async () => {
  const bare = await startInstance({ DATABASE_URL: undefined });
  const answer = await post(bare.base, "submitForm", lead("nodb@acme.com"), "198.51.100.1");
  expect(answer.status).toBe(503);
  expect(answer.body).toMatchObject({ success: false, message: expect.stringContaining("cannot take this form") });
  // the instance logs why (its stderr may reach us just after the answer)
  await expect.poll(() => bare.log()).toContain("DATABASE_URL is not set");
  expect(fs.readdirSync(bundleDir).filter((f) => f === ".data")).toEqual([]);
  bare.child.kill("SIGKILL");
});

test("two instances, a kill mid-burst, a HubSpot outage and two flushes: every acknowledged lead reaches HubSpot exactly once", async () => {
  test.setTimeout(180_000);
  let a = await startInstance();
  const b = await startInstance();
  const acknowledged = new Set<string>();
  const sentTo = async (base: string, email: string, i: number) => {
    try {
      const answer = await post(base, "submitForm", lead(email), ipFor(i));
      if (answer.status === 200 && answer.body.success) acknowledged.add(email);
      return answer.status;
    } catch {
      return 0; // the instance died with the request open: not acknowledged
    }
  };

  // 1. concurrent leads through both instances
  const started = Date.now();
  const statuses = await Promise.all(Array.from({ length: 40 }, (_, i) => sentTo(i % 2 ? b.base : a.base, `burst${i}@acme.com`, i)));
  const burstSeconds = (Date.now() - started) / 1000;
  expect(statuses.every((s) => s === 200)).toBe(true);
  expect(deliveredEmails().sort()).toEqual([...acknowledged].sort());

  // 2. HubSpot records at once but answers late; instance A is killed while leads wait for the answer
  emulator.mode = "slow-commit-first";
  emulator.delayMs = 400;
  // three clients posting one lead after another, so the kill finds leads waiting on HubSpot
  let next = 0;
  const client = async () => {
    while (next < 30) {
      const i = next++;
      await sentTo(a.base, `killed${i}@acme.com`, 100 + i);
    }
  };
  const clients = Promise.all([client(), client(), client()]);
  await new Promise((r) => setTimeout(r, 1500));
  a.child.kill("SIGKILL");
  const killedAt = Date.now();
  await clients;
  const killedAcknowledged = [...acknowledged].filter((e) => e.startsWith("killed")).length;
  const recordedUnacknowledged = deliveredEmails().filter((e) => e.startsWith("killed") && !acknowledged.has(e)).length;
  expect(killedAcknowledged).toBeGreaterThan(0);
  expect(killedAcknowledged).toBeLessThan(30);

  // 3. HubSpot is down: leads are acknowledged and kept
  emulator.mode = "error";
  for (let i = 0; i < 15; i++) expect(await sentTo(b.base, `outage${i}@acme.com`, 200 + i)).toBe(200);
  a = await startInstance();
  for (let i = 15; i < 20; i++) expect(await sentTo(a.base, `outage${i}@acme.com`, 200 + i)).toBe(200);

  // 4. HubSpot is back; once the killed sender's lease is over, the flush runs twice
  emulator.mode = "ok";
  await new Promise((r) => setTimeout(r, Math.max(0, killedAt + LEASE_MS + 500 - Date.now())));
  const flushEnv = env({ DATABASE_URL: databaseUrl, NETLIFY: undefined, AWS_LAMBDA_FUNCTION_NAME: undefined });
  // asynchronously: the HubSpot emulator answers from this process's event loop
  const run = (args: string[]) =>
    new Promise<{ out: string; err: string }>((resolve) =>
      execFile(process.execPath, ["--import", TSX, ...args], { cwd: ROOT, env: flushEnv, encoding: "utf8" }, (_error, out, err) =>
        resolve({ out, err }),
      ),
    );
  const scheduled = await run([
    "-e",
    `import("${path.join(ROOT, "src/netlify/leads-flush.ts")}").then(async (m) => console.log((await (m.handler ?? m.default.handler)()).body))`,
  ]);
  const first = JSON.parse(scheduled.out.trim().split("\n").at(-1) ?? "{}") as { delivered: number; failed: number; pending: number };
  expect(first, scheduled.err).toMatchObject({ failed: 0, pending: 0 });
  const second = await run([path.join(ROOT, "scripts/leads-flush.ts")]);
  expect(second.out, second.err).toContain("delivered 0, failed 0, refused 0, in doubt 0, still pending 0");

  // every acknowledged lead exactly once; a lead the killed instance never acknowledged at most once
  const counts = new Map<string, number>();
  for (const email of deliveredEmails()) counts.set(email, (counts.get(email) ?? 0) + 1);
  for (const email of acknowledged) expect(counts.get(email), email).toBe(1);
  expect([...counts.values()].every((n) => n === 1)).toBe(true);
  const db = new Pool({ connectionString: databaseUrl });
  const { rows } = await db.query<{ pending: string; total: string }>(
    "SELECT count(*) FILTER (WHERE delivered_at IS NULL) AS pending, count(*) AS total FROM leads",
  );
  await db.end();
  expect(Number(rows[0].pending)).toBe(0);
  console.log(
    `[netlify-functions] burst: 40 leads through 2 instances in ${burstSeconds.toFixed(2)} s; kill: ${killedAcknowledged}/30 acknowledged before the kill, ` +
      `${Number(rows[0].total) - 40 - 20} of the 30 committed, ${recordedUnacknowledged} in HubSpot unanswered (settled, not resent); outage: 20 acknowledged; flushes: first delivered ${first.delivered}, second 0; ` +
      `HubSpot has ${emulator.submissions.length} submissions for ${acknowledged.size} acknowledged leads (duplicates: 0)`,
  );

  // 5. the rate limit holds across both instances (5 per client per window)
  const limited: number[] = [];
  for (let i = 0; i < 6; i++) limited.push((await post(i % 2 ? b.base : a.base, "submitForm", { formId: "nope" }, "198.51.100.99")).status);
  expect(limited).toEqual([404, 404, 404, 404, 404, 429]);

  // 6. a file uploaded through one instance is served by the other
  const png = Buffer.concat([Buffer.from("89504e470d0a1a0a0000000d49484452", "hex"), Buffer.alloc(64)]);
  const upload = await post(
    a.base,
    "uploadFile",
    { file: `data:image/png;base64,${png.toString("base64")}`, filename: "screen.png" },
    "198.51.100.7",
  );
  expect(upload.status).toBe(200);
  const id = new URL(upload.body.fileUrl!).searchParams.get("id");
  const served = await fetch(`${b.base}/api/hubspot/file?id=${id}`);
  expect(served.status).toBe(200);
  expect(served.headers.get("content-type")).toBe("image/png");
  expect(served.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
  expect(Buffer.compare(Buffer.from(await served.arrayBuffer()), png)).toBe(0);
});

test("a browser's own form post (no JavaScript) through the adapter: 303 back to the page, the lead delivered", async () => {
  emulator.mode = "ok";
  const instance = await startInstance();
  const email = `nojs.${Date.now().toString(36)}@acme.com`;
  const { formId, firstname, lastname, company, number_of_employees, looking_for } = lead(email);
  const response = await fetch(`${instance.base}/api/hubspot/submitForm`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: "https://www.northdesk.com",
      referer: "https://www.northdesk.com/lp/get-a-demo/?utm_source=nojs",
      "x-nf-client-connection-ip": "198.51.100.201",
    },
    body: new URLSearchParams({ formId, firstname, lastname, email, company, number_of_employees, looking_for, "legal--908": "true" }),
  });
  expect(response.status).toBe(303);
  expect(response.headers.get("location")).toBe("/lp/get-a-demo/?utm_source=nojs#get-a-demo-sent");
  await expect.poll(deliveredEmails).toContain(email);
  instance.child.kill("SIGKILL");
});

test("proof of consent through the adapter: a record is kept in PostgreSQL, a malformed one refused with its reason", async () => {
  const instance = await startInstance();
  const record = {
    id: "3f2504e0-4f89-41d3-9a0c-0305e82c3301",
    at: Date.now(),
    policy: "opt-in",
    version: 1,
    choices: { preferences: false, analytics: true, marketing: false },
    method: "preferences",
  };
  const send = (body: unknown) =>
    fetch(`${instance.base}/api/consent`, {
      method: "POST",
      headers: { "content-type": "text/plain", origin: "https://www.northdesk.com", "x-nf-client-connection-ip": "198.51.100.7" },
      body: JSON.stringify(body),
    });
  expect((await send(record)).status).toBe(201);
  const refused = await send({ ...record, choices: { ...record.choices, analytics: "yes" } });
  expect(refused.status).toBe(400);
  expect(((await refused.json()) as { message: string }).message).toMatch(/choices\.analytics/);
  const db = new Pool({ connectionString: databaseUrl });
  try {
    const { rows } = await db.query("SELECT id, policy, version, choices, method FROM consent_records WHERE id = $1", [record.id]);
    expect(rows).toEqual([{ id: record.id, policy: "opt-in", version: 1, choices: record.choices, method: "preferences" }]);
  } finally {
    await db.end();
    instance.child.kill("SIGKILL");
  }
});

test("the status function through the adapter: 401 without the token, the pipeline's counts with it", async () => {
  const token = "e2e-status-token-0123456789abcdef";
  const instance = await startInstance({ DATABASE_URL: databaseUrl, LEADS_STATUS_TOKEN: token });
  const status = (headers: Record<string, string> = {}) => fetch(`${instance.base}/api/leads/status`, { headers });
  const refused = await status();
  expect(refused.status).toBe(401);
  expect(await refused.json()).toMatchObject({ success: false });
  const answer = await status({ authorization: `Bearer ${token}` });
  expect(answer.status).toBe(200);
  expect(answer.headers.get("cache-control")).toBe("no-store");
  // every lead of the tests before was delivered
  expect(await answer.json()).toMatchObject({
    healthy: true,
    pending: 0,
    oldestPendingAgeSeconds: null,
    lastDeliveredAt: expect.any(String),
  });
  instance.child.kill("SIGKILL");
});
