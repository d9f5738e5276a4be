/**
 * The flush as a scheduled run sees it, on both stores, against the HubSpot emulator and an in-process
 * webhook receiver: its time budget and concurrency, its one JSON report line, sends cut short before the
 * host's limit, a refused token stopping it, the alerts (at most one per interval, one "recovered"), and the
 * status function an uptime monitor polls.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { HubSpotConfig, ServerConfig } from "../../../src/config";
import { flushLeads, HOST_LIMIT_RESERVE_MS, type FlushReport } from "../../../src/server/flush";
import { handleLeadsStatus } from "../../../src/server/lead-status";
import { appendToOutbox } from "../../../src/server/outbox";
import { FileStore } from "../../../src/server/store/file-store";
import { PostgresStore } from "../../../src/server/store/postgres-store";
import type { LeadStore } from "../../../src/server/store/types";
import { startHubSpotEmulator, type HubSpotEmulator } from "../../emulators/hubspot";
import { startTestPostgres, type TestPostgres } from "../../fixtures/postgres";
import { postgresStores } from "../../fixtures/lead-stores";
import { startSlackReceiver, type SlackReceiver } from "../../fixtures/slack-receiver";
import { deps, fakeReq, fakeRes, tempLeadsDir, validDemo } from "../../fixtures/lead-server-helpers";

let emulator: HubSpotEmulator;
let receiver: SlackReceiver;
let postgres: TestPostgres;
beforeAll(async () => {
  [emulator, receiver, postgres] = await Promise.all([startHubSpotEmulator(), startSlackReceiver(), startTestPostgres()]);
}, 60_000);
afterAll(async () => {
  await Promise.all([emulator?.close(), receiver?.close()]);
  await postgres?.stop();
});

const MINUTE = 60_000;
const hubspot = (timeoutMs = 5000): HubSpotConfig => ({
  portalId: "12345",
  accessToken: "pat-test",
  apiUrl: emulator.url,
  crmApiUrl: emulator.url,
  timeoutMs,
});
const form = () => deps(tempLeadsDir()).forms.get("get-a-demo")!;

/** One store under test, with the few things a test does behind its back. */
interface Subject {
  store: LeadStore;
  /** Accepts a lead as if `ageMinutes` ago. */
  add(email: string, ageMinutes?: number): Promise<void>;
  /** Makes the last alert `minutes` older. */
  ageLastAlert(minutes: number): Promise<void>;
  /** A second instance on the same state. */
  another(): LeadStore;
}

const subjects: Record<"file" | "postgres", () => Promise<Subject>> = {
  file: async () => {
    const dir = tempLeadsDir();
    const make = () => new FileStore(dir, { uploadQuotaBytes: 1e6 });
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    return {
      store: make(),
      add: async (email, ageMinutes = 0) =>
        void appendToOutbox(dir, { ...validDemo(), email }, form(), new Date(Date.now() - ageMinutes * MINUTE)),
      ageLastAlert: async (minutes) => {
        const file = path.join(dir, "alert-state.json");
        const state = JSON.parse(fs.readFileSync(file, "utf8"));
        state.lastAlertAt = new Date(Date.parse(state.lastAlertAt) - minutes * MINUTE).toISOString();
        fs.writeFileSync(file, JSON.stringify(state));
      },
      another: make,
    };
  },
  postgres: async () => {
    const { make, pool, store } = await postgresStores(postgres, cleanups);
    return {
      store,
      add: async (email, ageMinutes = 0) => {
        const record = await store.queue.accept({ ...validDemo(), email }, form(), []);
        await pool.query("UPDATE leads SET received_at = now() - $2 * interval '1 minute' WHERE id = $1", [record.id, ageMinutes]);
      },
      ageLastAlert: async (minutes) =>
        void (await pool.query("UPDATE lead_alert_state SET last_alert_at = last_alert_at - $1 * interval '1 minute'", [minutes])),
      another: make,
    };
  },
};

const cleanups: (() => unknown)[] = [];
beforeEach(() => {
  emulator.reset();
  receiver.messages.length = 0;
  receiver.status = 200;
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(async () => {
  vi.restoreAllMocks();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

type FlushConfig = Parameters<typeof flushLeads>[0];
const flushConfig = (
  over: { hubspot?: HubSpotConfig; leadsFlush?: Partial<ServerConfig["leadsFlush"]>; alerts?: Partial<ServerConfig["leadsAlerts"]> } = {},
): FlushConfig => ({
  siteUrl: "https://www.northdesk.com",
  hubspot: over.hubspot ?? hubspot(),
  leadsFlush: { concurrency: 4, ...over.leadsFlush },
  leadsAlerts: { webhookUrl: receiver.url, afterMinutes: 60, everyMinutes: 240, ...over.alerts },
});

/** Runs a flush; returns its report and the one line it logged, parsed. */
async function flush(store: LeadStore, config = flushConfig(), fetcher: typeof fetch = fetch) {
  const lines: string[] = [];
  const report = await flushLeads(config, store, fetcher, new Map(), { log: (line) => lines.push(line) });
  expect(lines).toHaveLength(1);
  return { report, line: JSON.parse(lines[0]) as FlushReport & { event: string; budgetMs: number | null; concurrency: number } };
}

/** fetch, counting the submissions in flight at once. */
function countingFetch() {
  const counter = { inFlight: 0, most: 0, submissions: 0 };
  const fetcher = (async (input: string | URL | Request, init?: RequestInit) => {
    const isSubmission = String(input).includes("/submissions/v3/");
    if (isSubmission) {
      counter.submissions++;
      counter.most = Math.max(counter.most, ++counter.inFlight);
    }
    try {
      return await fetch(input, init);
    } finally {
      if (isSubmission) counter.inFlight--;
    }
  }) as typeof fetch;
  return { fetcher, counter };
}

const emails = (n: number, prefix = "lead") => Array.from({ length: n }, (_, i) => `${prefix}${i}@acme.com`);

describe.each(["file", "postgres"] as const)("the %s store", (kind) => {
  let subject: Subject;
  beforeEach(async () => {
    subject = await subjects[kind]();
  });

  it("starts no send after its budget, sends `concurrency` at a time, leaves the rest pending, and logs one JSON line", async () => {
    for (const email of emails(60)) await subject.add(email);
    emulator.mode = "slow";
    emulator.delayMs = 200;
    const { fetcher, counter } = countingFetch();
    const { report, line } = await flush(subject.store, flushConfig({ leadsFlush: { budgetMs: 500, concurrency: 4 } }), fetcher);
    // rounds of 4 start at about 0, 200 and 400 ms; a loaded machine runs fewer
    expect(report.delivered).toBeGreaterThanOrEqual(4);
    expect(report.delivered).toBeLessThanOrEqual(16);
    expect(counter.most).toBe(4);
    expect(counter.submissions).toBe(report.delivered);
    expect(emulator.submissions).toHaveLength(report.delivered);
    expect(report).toMatchObject({ failed: 0, pending: 60 - report.delivered, stoppedBy: "budget", alert: "none" });
    expect(report.oldestPendingAgeSeconds).toBeGreaterThanOrEqual(0);
    expect(report.durationMs).toBeLessThan(500 + 5000);
    expect(line).toMatchObject({
      event: "leads-flush",
      delivered: report.delivered,
      failed: 0,
      pending: report.pending,
      oldestPendingAgeSeconds: report.oldestPendingAgeSeconds,
      budgetMs: 500,
      concurrency: 4,
    });
    // the next run goes on where this one stopped
    emulator.mode = "ok";
    const next = await flush(subject.store);
    expect(next.report).toMatchObject({ delivered: 60 - report.delivered, pending: 0, oldestPendingAgeSeconds: null });
    expect(next.report.stoppedBy).toBeUndefined();
    expect(new Set(emulator.submissions.map((s) => s.body.fields.find((f: { name: string }) => f.name === "email").value)).size).toBe(60);
  });

  it("near the host's limit a send is cut short: its lead stays (in doubt) for the next run", async () => {
    for (const email of emails(3)) await subject.add(email);
    emulator.mode = "timeout";
    const config = flushConfig({ hubspot: hubspot(60_000), leadsFlush: { hostLimitMs: HOST_LIMIT_RESERVE_MS + 1500, concurrency: 4 } });
    const { report } = await flush(subject.store, config);
    expect(report.durationMs).toBeLessThan(1500 + 3000);
    expect(report).toMatchObject({ delivered: 0, failed: 3, pending: 3 });
    expect(report.firstError).toMatch(/did not answer within 1[0-9]{3} ms/);
    emulator.reset();
    const { report: next } = await flush(subject.store);
    expect(next).toMatchObject({ delivered: 3, pending: 0 });
    expect(emulator.listings).toBeGreaterThan(0);
    expect(emulator.submissions).toHaveLength(3);
  });

  it("HubSpot refusing the token stops the run at once and alerts", async () => {
    for (const email of emails(5)) await subject.add(email);
    let submissions = 0;
    const refusing = (async (input: string | URL | Request, init?: RequestInit) => {
      if (!String(input).includes("/submissions/v3/")) return fetch(input, init);
      submissions++;
      return new Response(JSON.stringify({ status: "error", message: "Authentication credentials not found" }), { status: 401 });
    }) as typeof fetch;
    const { report } = await flush(subject.store, flushConfig({ leadsFlush: { concurrency: 1 } }), refusing);
    expect(submissions).toBe(1);
    expect(report).toMatchObject({ delivered: 0, failed: 1, pending: 5, stoppedBy: "auth", alert: "sent" });
    expect(receiver.messages).toHaveLength(1);
    const [message] = receiver.messages;
    expect(message.text).toMatch(/^\[www\.northdesk\.com\] HubSpot refuses the site's access token \(401\)/);
    expect(message.text).toContain("5 leads waiting");
    expect(message.text).toContain("First error: ");
    expect(message.text).toContain("HubSpot answered 401");
    expect(message.blocks[0]).toEqual({ type: "header", text: { type: "plain_text", text: "HubSpot refuses the access token" } });
  });

  it("a lead waiting past LEADS_ALERT_AFTER_MINUTES alerts once per interval, and once more when it recovers", async () => {
    await subject.add("old@acme.com", 90);
    await subject.add("new@acme.com", 5);
    emulator.mode = "error";
    const first = await flush(subject.store);
    expect(first.report).toMatchObject({ alert: "sent", failed: 2, pending: 2 });
    expect(first.report.oldestPendingAgeSeconds).toBeGreaterThanOrEqual(90 * 60);
    expect(receiver.messages).toHaveLength(1);
    const alert = receiver.messages[0];
    expect(alert.text).toMatch(
      /^\[www\.northdesk\.com\] Leads are not reaching HubSpot: 2 leads waiting, the oldest since \d{4}-\d\d-\d\d \d\d:\d\d UTC \(1 h 3\d min\)\. First error: .*HubSpot answered 503/,
    );
    expect(alert.blocks.map((b) => b.type)).toEqual(["header", "section", "section", "section", "context"]);
    expect(alert.blocks[1].fields!.map((f) => f.text)).toEqual([
      "*Site*\nwww.northdesk.com",
      "*Waiting*\n2 leads",
      expect.stringMatching(/^\*Oldest since\*\n.* UTC \(1 h 3\d min\)$/),
      expect.stringMatching(/^\*Failing\*\n2 since .* UTC$/),
    ]);

    // within LEADS_ALERT_EVERY_MINUTES: quiet
    expect((await flush(subject.store)).report.alert).toBe("suppressed");
    expect(receiver.messages).toHaveLength(1);

    // the interval over, still failing: one more
    await subject.ageLastAlert(241);
    expect((await flush(subject.store)).report.alert).toBe("sent");
    expect(receiver.messages).toHaveLength(2);

    // HubSpot back: delivered, and one "recovered"
    emulator.mode = "ok";
    const recovered = await flush(subject.store);
    expect(recovered.report).toMatchObject({ delivered: 2, pending: 0, alert: "recovered" });
    expect(receiver.messages).toHaveLength(3);
    expect(receiver.messages[2].text).toMatch(
      /^\[www\.northdesk\.com\] Recovered: leads reach HubSpot again, no lead waiting \(alerted under a minute ago\)\.$/,
    );
    expect((await flush(subject.store)).report.alert).toBe("none");
    expect(receiver.messages).toHaveLength(3);
  });

  it("a webhook that refuses the alert leaves it to the next run; overlapping flushes send it once", async () => {
    await subject.add("old@acme.com", 120);
    emulator.mode = "error";
    receiver.status = 500;
    const refused = await flush(subject.store);
    expect(refused.report).toMatchObject({ alert: "failed", alertError: "the alert webhook answered 500" });
    receiver.status = 200;
    const results = await Promise.all([flush(subject.store), flush(subject.another())]);
    const outcomes = results.map((r) => r.report.alert);
    expect(outcomes.filter((o) => o === "sent")).toHaveLength(1);
    expect(outcomes.filter((o) => o !== "sent")).toEqual([expect.stringMatching(/^(suppressed|busy)$/)]);
    expect(receiver.messages).toHaveLength(1);
  });

  it("GET /api/leads/status: counts and ages behind a bearer token", async () => {
    const TOKEN = "s3cret-status-token-0123456789";
    const config = { ...deps(tempLeadsDir()).config, leadsStatusToken: TOKEN };
    const get = async (headers: Record<string, string> = {}, method = "GET", token: string | null = TOKEN) => {
      const res = fakeRes();
      await handleLeadsStatus(fakeReq(undefined, { method, headers }), res, {
        config: { ...config, leadsStatusToken: token ?? undefined },
        store: subject.store,
      });
      return res;
    };
    const auth = { authorization: `Bearer ${TOKEN}` };

    expect((await get(auth, "GET", null)).statusCode).toBe(404);
    const short = await get({ authorization: "Bearer short" }, "GET", "short");
    expect(short.statusCode).toBe(503);
    const wrong: Record<string, string>[] = [
      {},
      { authorization: "Bearer wrong-token-0123456789" },
      { authorization: `Basic ${TOKEN}` },
      { authorization: `Bearer ${TOKEN}x` },
    ];
    for (const headers of wrong) {
      const res = await get(headers);
      expect(res.statusCode).toBe(401);
      expect(res.headers["www-authenticate"]).toBe('Bearer realm="leads-status"');
      expect(res.body).toEqual({ success: false, message: "Send the status token as Authorization: Bearer <token>" });
    }
    expect((await get(auth, "POST")).statusCode).toBe(405);

    const empty = await get(auth);
    expect(empty.statusCode).toBe(200);
    expect(empty.headers["cache-control"]).toBe("no-store");
    expect(empty.body).toMatchObject({
      healthy: true,
      pending: 0,
      failing: 0,
      inDoubt: 0,
      oldestPendingAgeSeconds: null,
      lastDeliveredAt: null,
    });

    await subject.add("fresh@acme.com", 10);
    emulator.mode = "error";
    await flush(subject.store, flushConfig({ alerts: { webhookUrl: undefined } }));
    const failing = await get(auth);
    expect(failing.statusCode).toBe(200);
    expect(failing.body).toMatchObject({
      healthy: true,
      pending: 1,
      failing: 1,
      lastError: expect.stringContaining("HubSpot answered 503"),
      alertAfterMinutes: 60,
    });
    expect(failing.body.oldestPendingAgeSeconds).toBeGreaterThanOrEqual(600);
    expect(failing.body.failingForSeconds).toBeGreaterThanOrEqual(0);

    await subject.add("stale@acme.com", 61);
    const stale = await get(auth);
    expect(stale.statusCode).toBe(503);
    expect(stale.body).toMatchObject({ healthy: false, pending: 2 });
    expect(stale.body.oldestPendingAgeSeconds).toBeGreaterThanOrEqual(61 * 60);

    emulator.mode = "ok";
    await flush(subject.store, flushConfig({ alerts: { webhookUrl: undefined } }));
    const recovered = await get(auth);
    expect(recovered.body).toMatchObject({ healthy: true, pending: 0, failing: 0, lastError: null });
    expect(recovered.body.lastDeliveredAgeSeconds).toBeLessThan(60);
  });
});

describe("GET /api/leads/status on a serverless host", () => {
  it("without DATABASE_URL: 503, as the lead functions answer there", async () => {
    const config = { ...deps(tempLeadsDir()).config, serverless: true, leadsStatusToken: "s3cret-status-token-0123456789" };
    const res = fakeRes();
    await handleLeadsStatus(
      fakeReq(undefined, { method: "GET", headers: { authorization: "Bearer s3cret-status-token-0123456789" } }),
      res,
      { config },
    );
    expect(res.statusCode).toBe(503);
    expect(res.body.success).toBe(false);
  });
});

describe("the scheduled function (src/netlify/leads-flush.ts)", () => {
  const STORES = Symbol.for("northdesk.lead-functions.stores");
  let url: string;
  beforeEach(async () => {
    url = await postgres.createDatabase();
    for (const [name, value] of Object.entries({
      DATABASE_URL: url,
      LEADS_ALERT_WEBHOOK_URL: receiver.url,
      HUBSPOT_PORTAL_ID: "",
      HUBSPOT_ACCESS_TOKEN: "",
      HUBSPOT_API_URL: emulator.url,
      LEADS_FLUSH_BUDGET_MS: "",
      NETLIFY: "",
      AWS_LAMBDA_FUNCTION_NAME: "",
    }))
      vi.stubEnv(name, value);
  });
  afterEach(async () => {
    vi.unstubAllEnvs();
    const stores = (globalThis as Record<symbol, Map<string, LeadStore> | undefined>)[STORES];
    await stores?.get(url)?.close();
    stores?.delete(url);
  });
  const oldLead = async () => {
    const store = new PostgresStore({ connectionString: url, claimMs: 10_000, uploadQuotaBytes: 1e6 });
    cleanups.push(() => store.close());
    const record = await store.queue.accept({ ...validDemo(), email: "waiting@acme.com" }, form(), []);
    await store.pool.query("UPDATE leads SET received_at = now() - interval '2 hours' WHERE id = $1", [record.id]);
  };

  it("without HubSpot configured: 503, and leads waiting because of it are alerted on", async () => {
    await oldLead();
    const { handler } = await import("../../../src/netlify/leads-flush");
    const result = await handler();
    expect(result.statusCode).toBe(503);
    expect(JSON.parse(result.body)).toMatchObject({ success: false, alert: "sent" });
    expect(receiver.messages).toHaveLength(1);
    expect(receiver.messages[0].text).toContain("1 lead waiting");
    expect(receiver.messages[0].text).toContain("First error: HUBSPOT_PORTAL_ID / HUBSPOT_ACCESS_TOKEN are not set");
  });

  it("with HubSpot: delivers and logs exactly one JSON line", async () => {
    await oldLead();
    vi.stubEnv("HUBSPOT_PORTAL_ID", "12345");
    vi.stubEnv("HUBSPOT_ACCESS_TOKEN", "pat-test");
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const { handler } = await import("../../../src/netlify/leads-flush");
    const result = await handler();
    expect(result.statusCode).toBe(200);
    expect(log).toHaveBeenCalledTimes(1);
    expect(JSON.parse(log.mock.calls[0][0] as string)).toMatchObject({
      event: "leads-flush",
      delivered: 1,
      failed: 0,
      pending: 0,
      oldestPendingAgeSeconds: null,
      alert: "none",
      concurrency: 4,
    });
    expect(emulator.submissions).toHaveLength(1);
  });
});
