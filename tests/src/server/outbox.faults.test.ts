/**
 * The fault matrix of lead delivery, in-process against the HubSpot emulator on a random port:
 * HubSpot down, slow (our timeout fires), 5xx (JSON and HTML), malformed 2xx, reset connections,
 * and processes killed with SIGKILL mid-write and mid-flush. After `leads:flush` every accepted
 * lead is in HubSpot exactly once and nothing is left pending.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { HubSpotConfig } from "../../../src/config";
import { handleSubmitForm } from "../../../src/server/handlers";
import { appendToOutbox, deliveredIds, inDoubtIds, pendingRecords, readOutbox } from "../../../src/server/outbox";
import { main as leadsFlush } from "../../../scripts/leads-flush";
import { startHubSpotEmulator, type EmulatorMode, type HubSpotEmulator } from "../../emulators/hubspot";
import { deps, fakeReq, fakeRes, tempLeadsDir, validDemo } from "../../fixtures/lead-server-helpers";
import { REPO_ROOT as ROOT } from "../../fixtures/repo-root";

/** The live delivery's timeout in the fault cases; flushes after recovery get a generous one (a loaded CI machine). */
const TIMEOUT_MS = 400;
const FLUSH_TIMEOUT_MS = 5000;

let emulator: HubSpotEmulator;
let dir: string;
beforeAll(async () => {
  emulator = await startHubSpotEmulator();
});
afterAll(() => emulator.close());
beforeEach(() => {
  dir = tempLeadsDir();
  emulator.reset();
  emulator.delayMs = 4 * TIMEOUT_MS;
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "log").mockImplementation(() => {});
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
  vi.restoreAllMocks();
});

const hubspot = (apiUrl = emulator.url, timeoutMs = TIMEOUT_MS): HubSpotConfig => ({
  portalId: "12345",
  accessToken: "pat-test",
  apiUrl,
  timeoutMs,
});
const config = (apiUrl?: string, timeoutMs = FLUSH_TIMEOUT_MS) => deps(dir, hubspot(apiUrl, timeoutMs)).config;

/** A port nothing listens on: HubSpot down. */
async function closedPort() {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

async function submit(email: string, apiUrl?: string, timeoutMs = TIMEOUT_MS) {
  const res = fakeRes();
  await handleSubmitForm(fakeReq(JSON.stringify({ ...validDemo(), email })), res, deps(dir, hubspot(apiUrl, timeoutMs)));
  expect(res.statusCode).toBe(200);
  expect(res.body.success).toBe(true);
  return res.body as { id: string; delivered: boolean };
}

/** How often each email reached the emulator. */
const deliveries = () => {
  const counts = new Map<string, number>();
  for (const s of emulator.submissions) {
    const email = s.body.fields.find((f: { name: string }) => f.name === "email").value as string;
    counts.set(email, (counts.get(email) ?? 0) + 1);
  }
  return counts;
};

/** The invariant: after flushing (twice, to prove idempotence) every accepted lead is in HubSpot exactly once. */
async function expectExactlyOnceAfterFlush(emails: string[]) {
  emulator.mode = "ok";
  expect(await leadsFlush(config())).toBe(0);
  expect(await leadsFlush(config())).toBe(0);
  const counts = deliveries();
  for (const email of emails) expect(counts.get(email), email).toBe(1);
  expect(emulator.submissions).toHaveLength(emails.length);
  expect(pendingRecords(dir)).toEqual([]);
  expect(deliveredIds(dir).size).toBe(readOutbox(dir).length);
}

describe("HubSpot faults while leads arrive", () => {
  const faults: [string, EmulatorMode | "down"][] = [
    ["down (connection refused)", "down"],
    ["slow (no answer within the timeout)", "slow"],
    ["hanging (never answers)", "timeout"],
    ["5xx with a JSON body", "error"],
    ["5xx with an HTML body", "html-error"],
    ["connection reset", "reset"],
  ];
  it.each(faults)("%s: accepted, kept in the outbox, delivered exactly once by leads:flush", async (_, fault) => {
    const down = fault === "down" ? await closedPort() : undefined;
    if (fault !== "down") emulator.mode = fault;
    const emails = ["a", "b", "c"].map((x) => `${x}.${fault}@acme-faults.com`);
    const results = await Promise.all(emails.map((email) => submit(email, down)));
    for (const r of results) expect(r.delivered).toBe(false);
    expect(emulator.submissions).toHaveLength(0);
    expect(
      pendingRecords(dir)
        .map((r) => r.id)
        .sort(),
    ).toEqual(results.map((r) => r.id).sort());

    // a flush while HubSpot is still failing keeps everything
    expect(await leadsFlush(config(down, TIMEOUT_MS))).toBe(1);
    expect(pendingRecords(dir)).toHaveLength(3);
    await expectExactlyOnceAfterFlush(emails);
  });

  it("malformed 2xx body: a 2xx is HubSpot's acceptance; delivered once, not resent by flush", async () => {
    emulator.mode = "malformed";
    const r = await submit("m@acme-faults.com");
    expect(r.delivered).toBe(true);
    await expectExactlyOnceAfterFlush(["m@acme-faults.com"]);
  });

  it("slow but within the timeout: delivered at once", async () => {
    emulator.mode = "slow";
    emulator.delayMs = 50;
    expect((await submit("quick@acme-faults.com", undefined, FLUSH_TIMEOUT_MS)).delivered).toBe(true);
    await expectExactlyOnceAfterFlush(["quick@acme-faults.com"]);
  });

  it("HubSpot recovers between leads: each lead delivered once, whichever path delivered it", async () => {
    emulator.mode = "error";
    await submit("first@acme-faults.com");
    emulator.mode = "ok";
    expect((await submit("second@acme-faults.com", undefined, FLUSH_TIMEOUT_MS)).delivered).toBe(true);
    await expectExactlyOnceAfterFlush(["first@acme-faults.com", "second@acme-faults.com"]);
  });

  it("HubSpot stores the lead but its answer comes after our timeout: in doubt, found in HubSpot by the flush, never sent twice", async () => {
    emulator.mode = "slow-commit-first";
    const r = await submit("ambiguous@acme-faults.com");
    expect(r.delivered).toBe(false);
    expect(inDoubtIds(dir)).toEqual(new Set([r.id]));
    emulator.mode = "ok";
    expect(await leadsFlush(config())).toBe(0);
    expect(emulator.listings).toBeGreaterThan(0);
    expect(deliveries().get("ambiguous@acme-faults.com")).toBe(1);
    expect(pendingRecords(dir)).toEqual([]);
  });

  it("HubSpot drops the lead and answers late: in doubt, not found by the flush, sent once", async () => {
    emulator.mode = "slow";
    const r = await submit("dropped@acme-faults.com");
    expect(r.delivered).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, emulator.delayMs + 100));
    expect(emulator.submissions).toHaveLength(0);
    emulator.mode = "ok";
    expect(await leadsFlush(config())).toBe(0);
    expect(deliveries().get("dropped@acme-faults.com")).toBe(1);
    expect(pendingRecords(dir)).toEqual([]);
  });

  it("a lead in doubt waits while HubSpot cannot be asked, and is not sent blind", async () => {
    emulator.mode = "slow-commit-first";
    await submit("waiting@acme-faults.com");
    const down = await closedPort();
    expect(await leadsFlush(config(down))).toBe(1);
    expect(pendingRecords(dir)).toHaveLength(1);
    expect(emulator.submissions).toHaveLength(1);
    emulator.mode = "ok";
    expect(await leadsFlush(config())).toBe(0);
    expect(deliveries().get("waiting@acme-faults.com")).toBe(1);
  });
});

/** Starts a TypeScript child process; resolves its stdout lines as they come. */
function child(script: string, args: string[], env: Record<string, string> = {}) {
  const proc = spawn(process.execPath, ["--import", "tsx", script, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  let buffer = "";
  let stderr = "";
  proc.stdout.on("data", (chunk: Buffer) => {
    buffer += chunk.toString();
    const parts = buffer.split("\n");
    buffer = parts.pop()!;
    lines.push(...parts);
  });
  proc.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => proc.on("exit", (code, signal) => resolve(signal ?? code)));
  const until = async (done: () => boolean, what: string, ms = 20_000) => {
    const end = Date.now() + ms;
    while (!done()) {
      if (proc.exitCode !== null || Date.now() > end) throw new Error(`child never got to ${what}: ${stderr.slice(-500)}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  return { proc, lines, exited, until };
}

describe("processes killed with SIGKILL", () => {
  it("mid-write: every lead the killed server accepted is delivered exactly once; a torn record hides nothing", async () => {
    const writer = child("tests/fixtures/submit-forever.ts", [dir]);
    await writer.until(() => writer.lines.length >= 12, "12 accepted leads");
    writer.proc.kill("SIGKILL");
    expect(await writer.exited).toBe("SIGKILL");
    const accepted = writer.lines.filter((l) => l.startsWith("accepted ")).map((l) => l.split(" "));
    expect(accepted.length).toBeGreaterThanOrEqual(12);
    // the outbox holds every accepted lead (and perhaps the one being written when the kill came)
    const stored = new Set(readOutbox(dir).map((r) => r.id));
    for (const [, id] of accepted) expect(stored.has(id), id).toBe(true);

    // the server restarts and takes more leads after the torn tail
    const after = await submit("after-restart@acme-faults.com", undefined, FLUSH_TIMEOUT_MS);
    expect(after.delivered).toBe(true);

    emulator.submissions.length = 0;
    expect(await leadsFlush(config())).toBe(0);
    const counts = deliveries();
    for (const [, , email] of accepted) expect(counts.get(email), email).toBe(1);
    expect(counts.get("after-restart@acme-faults.com")).toBeUndefined(); // already delivered live, not resent
    expect(pendingRecords(dir)).toEqual([]);
    expect(await leadsFlush(config())).toBe(0);
    expect(emulator.submissions.length).toBe(stored.size);
  });

  it("mid-flush: the dead flush's locks are taken over at once, and every lead is delivered exactly once", async () => {
    const emails = [0, 1, 2, 3, 4].map((i) => `queued.${i}@acme-faults.com`);
    for (const email of emails) appendToOutbox(dir, { ...validDemo(), email });
    emulator.mode = "timeout"; // the flush hangs on the first lead, holding its locks
    const flusher = child("scripts/leads-flush.ts", [], {
      LEADS_DIR: dir,
      HUBSPOT_PORTAL_ID: "12345",
      HUBSPOT_ACCESS_TOKEN: "pat-test",
      HUBSPOT_API_URL: emulator.url,
      HUBSPOT_TIMEOUT_MS: "60000",
      // one lead at a time, so the locks it dies holding are known
      LEADS_FLUSH_CONCURRENCY: "1",
    });
    await flusher.until(() => emulator.received >= 1, "its first delivery");
    expect(fs.readdirSync(path.join(dir, "locks")).sort()).toHaveLength(2); // flush.lock and lead-{id}.lock
    flusher.proc.kill("SIGKILL");
    expect(await flusher.exited).toBe("SIGKILL");
    await expectExactlyOnceAfterFlush(emails);
  });
});
