/**
 * Issue 46: outcomes by HubSpot's errorType (delivered, retry, systemic, refused), per-lead backoff, refused leads
 * set aside and told of once, systemic answers stopping the run, on both stores, against the HubSpot emulator's
 * forced error answers and an in-process webhook receiver.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { HubSpotConfig, ServerConfig } from "../../../src/config";
import { alertMessage, recoveredMessage, refusedMessage, type SlackMessage } from "../../../src/server/alerts";
import { flushLeads } from "../../../src/server/flush";
import { classifyAnswer, DeliveryError, deliverToHubSpot, errorTypesOf, retryAfterMs } from "../../../src/server/hubspot";
import { statusBody } from "../../../src/server/lead-status";
import { appendToOutbox, outboxFile } from "../../../src/server/outbox";
import { FileStore } from "../../../src/server/store/file-store";
import type { LeadStore, PipelineStatus } from "../../../src/server/store/types";
import { BACKOFF_CAP_MS, backoffMs } from "../../../src/server/store/rules";
import { startHubSpotEmulator, type HubSpotEmulator } from "../../emulators/hubspot";
import { startTestPostgres, type TestPostgres } from "../../fixtures/postgres";
import { postgresStores } from "../../fixtures/lead-stores";
import { startSlackReceiver, type SlackReceiver } from "../../fixtures/slack-receiver";
import { deps, tempLeadsDir, validDemo } from "../../fixtures/lead-server-helpers";

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

const cleanups: (() => unknown)[] = [];
beforeEach(() => {
  emulator.reset();
  receiver.messages.length = 0;
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(async () => {
  vi.restoreAllMocks();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const hubspot = (timeoutMs = 5000): HubSpotConfig => ({
  portalId: "12345",
  accessToken: "pat-test",
  apiUrl: emulator.url,
  crmApiUrl: emulator.url,
  timeoutMs,
});
const form = () => deps(tempLeadsDir()).forms.get("get-a-demo")!;
const emailOf = (s: { body: { fields: { name: string; value: string }[] } }) => s.body.fields.find((f) => f.name === "email")!.value;

type FlushConfig = Parameters<typeof flushLeads>[0];
const flushConfig = (leadsFlush: Partial<ServerConfig["leadsFlush"]> = {}): FlushConfig => ({
  siteUrl: "https://www.northdesk.com",
  hubspot: hubspot(),
  leadsFlush: { concurrency: 4, ...leadsFlush },
  leadsAlerts: { webhookUrl: receiver.url, afterMinutes: 60, everyMinutes: 240 },
});
const flush = (store: LeadStore, config = flushConfig()) => flushLeads(config, store, fetch, new Map(), { log: () => {} });

interface Subject {
  store: LeadStore;
  add(email: string): Promise<string>;
  /** When each pending lead is due again (ms), by id; absent: due now. */
  dueTimes(): Promise<Map<string, number>>;
  /** Every file or row that holds lead data, as text (to look for personal data after a deletion). */
  rawData(): Promise<string>;
  another(): LeadStore;
}

const subjects: Record<"file" | "postgres", () => Promise<Subject>> = {
  file: async () => {
    const dir = tempLeadsDir();
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const make = () => new FileStore(dir, { uploadQuotaBytes: 1e6 });
    return {
      store: make(),
      add: async (email) => appendToOutbox(dir, { ...validDemo(), email }, form()).id,
      dueTimes: async () => {
        const due = new Map<string, number>();
        for (const line of fs.readFileSync(path.join(dir, "attempts.jsonl"), "utf8").split("\n").filter(Boolean)) {
          const attempt = JSON.parse(line) as { id: string; next?: string };
          if (attempt.next) due.set(attempt.id, Date.parse(attempt.next));
        }
        return due;
      },
      rawData: async () =>
        [outboxFile(dir), ...fs.readdirSync(dir, { recursive: true }).map((f) => path.join(dir, String(f)))]
          .filter((f) => fs.statSync(f).isFile())
          .map((f) => fs.readFileSync(f, "utf8"))
          .join("\n"),
      another: make,
    };
  },
  postgres: async () => {
    const { make, pool, store } = await postgresStores(postgres, cleanups);
    return {
      store,
      add: async (email) => (await store.queue.accept({ ...validDemo(), email }, form(), [])).id,
      dueTimes: async () => {
        const { rows } = await pool.query<{ id: string; next_attempt_at: Date | null }>(
          "SELECT id, next_attempt_at FROM leads WHERE delivered_at IS NULL AND next_attempt_at IS NOT NULL",
        );
        return new Map(rows.map((r) => [r.id, r.next_attempt_at!.getTime()]));
      },
      rawData: async () => JSON.stringify((await pool.query("SELECT * FROM leads")).rows),
      another: make,
    };
  },
};

describe("the classification of HubSpot's answers", () => {
  it.each([
    [500, [], "retry"],
    [502, [], "retry"],
    [503, [], "retry"],
    [429, [], "retry"],
    [477, [], "retry"],
    [401, [], "systemic"],
    [403, [], "systemic"],
    [404, [], "systemic"],
    [400, [], "systemic"],
    [400, ["FIELD_NOT_IN_FORM_DEFINITION"], "systemic"],
    [400, ["REQUIRED_FIELD"], "systemic"],
    [400, ["MISSING_PROCESSING_CONSENT"], "systemic"],
    [400, ["SOMETHING_NEW"], "unknown"],
    [400, ["INVALID_EMAIL"], "refused"],
    [400, ["BLOCKED_EMAIL"], "refused"],
    [400, ["NUMBER_OUT_OF_RANGE"], "refused"],
    [400, ["VALUE_NOT_IN_FIELD_DEFINITION"], "refused"],
    [400, ["INPUT_TOO_LARGE"], "refused"],
    [400, ["INVALID_EMAIL", "REQUIRED_FIELD"], "systemic"],
  ] as const)("%i %j → %s", (status, types, outcome) => {
    expect(classifyAnswer(status, types)).toBe(outcome);
  });

  it("reads errorTypes only as HubSpot's upper-case names, and Retry-After in seconds or as a date", () => {
    expect(
      errorTypesOf(
        JSON.stringify({ errors: [{ errorType: "INVALID_EMAIL" }, { errorType: "<!channel>" }, { errorType: "INVALID_EMAIL" }] }),
      ),
    ).toEqual(["INVALID_EMAIL"]);
    expect(errorTypesOf("<html>")).toEqual([]);
    expect(retryAfterMs("7")).toBe(7000);
    expect(retryAfterMs(new Date(Date.now() + 5000).toUTCString())).toBeGreaterThan(3000);
    expect(retryAfterMs(null)).toBeUndefined();
  });

  const send = async (email = "jordan@acme.com", submission: Record<string, string> = {}) => {
    try {
      await deliverToHubSpot(hubspot(300), form(), { ...validDemo(), email, ...submission }, new Date());
      return null;
    } catch (error) {
      return error as DeliveryError;
    }
  };

  it.each([
    ["INVALID_EMAIL", "refused"],
    ["BLOCKED_EMAIL", "refused"],
    ["NUMBER_OUT_OF_RANGE", "refused"],
    ["FIELD_NOT_IN_FORM_DEFINITION", "systemic"],
    ["REQUIRED_FIELD", "systemic"],
  ] as const)("the emulator forced to %s: a DeliveryError judged %s, HubSpot's text kept apart from the message", async (type, outcome) => {
    emulator.rules.push({ errorType: type });
    const error = await send("jordan@acme.com");
    expect(error).toBeInstanceOf(DeliveryError);
    expect(error).toMatchObject({ status: 400, outcome, errorTypes: [type], inDoubt: false });
    expect(error!.message).toBe(`HubSpot answered 400 (${type})`);
    expect(error!.answer).toContain("jordan@acme.com");
    expect(emulator.submissions).toHaveLength(0);
  });

  it("401, 404, 429 (with Retry-After), 503, a refused connection and a timeout", async () => {
    emulator.rules.push(
      { status: 401, times: 1 },
      { status: 404, times: 1 },
      { status: 429, retryAfter: "3", times: 1 },
      { status: 503, times: 1 },
    );
    expect(await send()).toMatchObject({ status: 401, outcome: "systemic" });
    expect(await send()).toMatchObject({ status: 404, outcome: "systemic" });
    expect(await send()).toMatchObject({ status: 429, outcome: "retry", retryAfterMs: 3000 });
    expect(await send()).toMatchObject({ status: 503, outcome: "retry" });
    emulator.mode = "timeout";
    expect(await send()).toMatchObject({ outcome: "retry", inDoubt: true });
    const refused = await deliverToHubSpot({ ...hubspot(), apiUrl: "http://127.0.0.1:9" }, form(), validDemo(), new Date()).catch((e) => e);
    expect(refused).toMatchObject({ outcome: "retry", message: expect.stringMatching(/^HubSpot could not be reached/) });
  });

  it("INVALID_HUTK is sent again at once without the hutk", async () => {
    emulator.rules.push({ errorType: "INVALID_HUTK", withHutk: true });
    expect(await send("jordan@acme.com", { hubspotutk: "0123456789abcdef0123456789abcdef" })).toBeNull();
    expect(emulator.received).toBe(2);
    expect(emulator.submissions).toHaveLength(1);
    expect(emulator.submissions[0].body.context.hutk).toBeUndefined();
  });
});

describe("backoff", () => {
  it("doubles from a minute, is capped below an hour, and is jittered between half and all of it", () => {
    expect(backoffMs(1, 1)).toBe(60_000);
    expect(backoffMs(2, 1)).toBe(120_000);
    expect(backoffMs(3, 0)).toBe(120_000);
    expect(backoffMs(30, 1)).toBe(BACKOFF_CAP_MS);
    expect(BACKOFF_CAP_MS).toBeLessThanOrEqual(60 * 60_000);
  });
});

describe("alert payloads", () => {
  const hostile = "<!channel> & <https://evil.example|click> jordan@acme.com";
  const status: PipelineStatus = {
    pending: 2,
    failing: 2,
    inDoubt: 0,
    oldestPendingAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
    failingSince: new Date(Date.now() - 3_600_000).toISOString(),
    lastError: `HubSpot answered 400: {"message":"${hostile}"}`,
    lastDeliveredAt: null,
    refused: 0,
    held: 0,
    systemic: null,
  };
  const context = { siteUrl: "https://www.northdesk.com", now: Date.now(), settings: { afterMinutes: 60, everyMinutes: 240 } };
  /** Every string Slack renders: the top-level text and each block's texts. */
  const texts = (message: SlackMessage) => [
    message.text,
    ...message.blocks.flatMap((b) => {
      const block = b as { text?: { text: string }; fields?: { text: string }[]; elements?: { text: string }[] };
      return [block.text?.text, ...(block.fields ?? []).map((f) => f.text), ...(block.elements ?? []).map((e) => e.text)].filter(
        (t): t is string => typeof t === "string",
      );
    }),
  ];
  const raw = /<|>|&(?!amp;|lt;|gt;)/;

  it("escape &, < and > in the text field and every block, and never carry HubSpot's text", () => {
    const messages = [
      alertMessage({ kind: "waiting", error: hostile }, status, context),
      alertMessage({ kind: "systemic", status: 400, errorTypes: ["FIELD_NOT_IN_FORM_DEFINITION"], error: hostile }, status, context),
      recoveredMessage(status, { open: true, lastAlertAt: null, unknownTypes: [] }, context),
      refusedMessage({ ids: ["a", "b"], errorTypes: { BLOCKED_EMAIL: 2 } }, context),
    ];
    for (const message of messages) {
      for (const text of texts(message)) expect(text).not.toMatch(raw);
    }
    expect(messages[0].text).toContain("&lt;!channel&gt; &amp; &lt;https://evil.example|click&gt;");
  });

  it("a stored error line with HubSpot's text is cut to its status in an alert", async () => {
    const { pipelineProblem } = await import("../../../src/server/alerts");
    const problem = pipelineProblem(status, {}, 60, Date.now());
    expect(problem).toEqual({ kind: "waiting", error: "HubSpot answered 400" });
  });
});

describe("the status body", () => {
  const base: PipelineStatus = {
    pending: 0,
    failing: 0,
    inDoubt: 0,
    oldestPendingAt: null,
    failingSince: null,
    lastError: null,
    lastDeliveredAt: null,
    refused: 3,
    held: 0,
    systemic: null,
  };
  it("counts refused leads without turning unhealthy; a systemic problem does", () => {
    expect(statusBody(base, 60)).toMatchObject({ healthy: true, refused: 3 });
    const systemic = { at: new Date().toISOString(), status: 400, errorTypes: ["REQUIRED_FIELD"], leadId: "x", formId: "f" };
    expect(statusBody({ ...base, systemic }, 60)).toMatchObject({ healthy: false, systemic });
  });
});

describe.each(["file", "postgres"] as const)("the %s store", (kind) => {
  let subject: Subject;
  beforeEach(async () => {
    subject = await subjects[kind]();
  });

  it(
    "200 refused (BLOCKED_EMAIL) + 20 pending, with a budget for 20 sends: 20 of 20 delivered in one flush",
    { timeout: 120_000 },
    async () => {
      for (let i = 0; i < 200; i++) await subject.add(`spam${i}@blocked.example`);
      emulator.rules.push({ email: /@blocked\.example$/, errorType: "BLOCKED_EMAIL" });
      const first = await flush(subject.store);
      expect(first).toMatchObject({ delivered: 0, refused: 200, failed: 0, pending: 0, refusedAlert: "sent" });

      // 20 real leads fail once during an outage
      for (let i = 0; i < 20; i++) await subject.add(`real${i}@acme.com`);
      emulator.mode = "error";
      const outage = await flush(subject.store);
      expect(outage).toMatchObject({ delivered: 0, pending: 20 });
      expect((await subject.dueTimes()).size).toBeGreaterThan(0);

      // back: 20 sends at 4 at a time, 100 ms each, fit a 1.5 s budget; none of the 200 is sent again
      emulator.mode = "slow";
      emulator.delayMs = 100;
      const received = emulator.received;
      const back = await flush(subject.store, flushConfig({ budgetMs: 1500, concurrency: 4 }));
      expect(back).toMatchObject({ delivered: 20, refused: 0, pending: 0 });
      expect(emulator.received - received).toBe(20);
      expect(emulator.submissions.map(emailOf).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `real${i}@acme.com`).sort());
      expect((await subject.store.queue.status()).refused).toBe(200);
    },
  );

  it("50 leads answered FIELD_NOT_IN_FORM_DEFINITION: one systemic alert, status 503, the run stopped, every lead pending", async () => {
    for (let i = 0; i < 50; i++) await subject.add(`lead${i}@acme.com`);
    emulator.rules.push({ errorType: "FIELD_NOT_IN_FORM_DEFINITION", message: "Error in 'fields.nickname'. nickname is not in the form" });
    const report = await flush(subject.store);
    expect(report).toMatchObject({ delivered: 0, refused: 0, pending: 50, stoppedBy: "systemic", alert: "sent" });
    expect(emulator.received).toBeLessThanOrEqual(4);
    expect(receiver.messages).toHaveLength(1);
    const [message] = receiver.messages;
    expect(message.text).toMatch(/HubSpot refuses the form's submissions \(400 FIELD_NOT_IN_FORM_DEFINITION\)/);
    expect(JSON.stringify(message)).not.toMatch(/nickname|acme\.com|Jordan|Rivera/);
    const status = await subject.store.queue.status();
    expect(status).toMatchObject({ pending: 50, refused: 0, systemic: { status: 400, errorTypes: ["FIELD_NOT_IN_FORM_DEFINITION"] } });
    expect(statusBody(status, 60).healthy).toBe(false);

    // the next run stops the same way and says nothing more (many of one type: one alert)
    const again = await flush(subject.store);
    expect(again).toMatchObject({ pending: 50, stoppedBy: "systemic", alert: "suppressed" });
    expect(receiver.messages).toHaveLength(1);

    // fixed on HubSpot's side: all delivered, healthy again
    emulator.rules.length = 0;
    const fixed = await flush(subject.store);
    expect(fixed).toMatchObject({ delivered: 50, pending: 0 });
    const after = await subject.store.queue.status();
    expect(after.systemic).toBeNull();
    expect(statusBody(after, 60).healthy).toBe(true);
  });

  it("backoff: leads are taken in order of their next due attempt, a fresh lead is always due, and the first success makes all due", async () => {
    const ids = [await subject.add("a@acme.com"), await subject.add("b@acme.com"), await subject.add("c@acme.com")];
    emulator.mode = "error";
    expect(await flush(subject.store)).toMatchObject({ failed: 3, pending: 3 });
    const due = await subject.dueTimes();
    expect([...due.keys()].sort()).toEqual([...ids].sort());
    for (const at of due.values()) {
      expect(at).toBeGreaterThan(Date.now() + 25_000);
      expect(at).toBeLessThanOrEqual(Date.now() + 60_000);
    }
    // none due: the run tries the one due first, only it
    const firstDue = [...due].sort((a, b) => a[1] - b[1])[0][0];
    const received = emulator.received;
    const probe = await flush(subject.store);
    expect(emulator.received - received).toBe(1);
    expect(probe).toMatchObject({ failed: 1, pending: 3 });
    const afterProbe = await subject.dueTimes();
    expect(afterProbe.get(firstDue)!).toBeGreaterThan(due.get(firstDue)!);

    // a fresh lead is due at once, the backed-off ones wait
    await subject.add("fresh@acme.com");
    const beforeFresh = emulator.received;
    expect(await flush(subject.store)).toMatchObject({ failed: 1, pending: 4 });
    expect(emulator.received - beforeFresh).toBe(1);

    // HubSpot back: the first success ends every backoff, all four in this run
    emulator.mode = "ok";
    expect(await flush(subject.store)).toMatchObject({ delivered: 4, pending: 0 });
    expect(emulator.submissions.map(emailOf).sort()).toEqual(["a@acme.com", "b@acme.com", "c@acme.com", "fresh@acme.com"]);
  });

  it("a 429 pauses the whole run for its Retry-After and does not back the lead off; one past the budget stops the run", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push(await subject.add(`lead${i}@acme.com`));
    emulator.rules.push({ status: 429, retryAfter: "1", times: 1 });
    const started = Date.now();
    const report = await flush(subject.store, flushConfig({ concurrency: 1 }));
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(report).toMatchObject({ delivered: 3, failed: 1, pending: 1 });
    // not this lead's fault: due at once, delivered by the next run
    expect((await subject.dueTimes()).size).toBe(0);
    expect(await flush(subject.store)).toMatchObject({ delivered: 1, pending: 0 });

    for (let i = 0; i < 3; i++) await subject.add(`later${i}@acme.com`);
    emulator.rules.push({ status: 429, retryAfter: "3600", times: 1 });
    const received = emulator.received;
    const stopped = await flush(subject.store, flushConfig({ concurrency: 1, budgetMs: 2000 }));
    expect(stopped).toMatchObject({ delivered: 0, pending: 3, stoppedBy: "rate-limit" });
    expect(emulator.received - received).toBe(1);
  });

  it("a refused lead: one refused alert, status 200 with refused: 1, kept whole with the answer, no alert for it again", async () => {
    const id = await subject.add("<!channel>@blocked.example");
    await subject.add("ok@acme.com");
    emulator.rules.push({
      email: /@blocked\.example$/,
      errorType: "INVALID_EMAIL",
      message: "Email address <!channel>@blocked.example is invalid",
    });
    const report = await flush(subject.store);
    expect(report).toMatchObject({ delivered: 1, refused: 1, pending: 0, alert: "none", refusedAlert: "sent" });
    expect(receiver.messages).toHaveLength(1);
    const [message] = receiver.messages;
    expect(message.text).toMatch(/HubSpot refused 1 lead for their own values \(INVALID_EMAIL ×1\)/);
    expect(message.text).toContain(id);
    const all = JSON.stringify(message);
    for (const secret of ["channel", "blocked.example", "Jordan", "Rivera", "is invalid"]) expect(all).not.toContain(secret);

    const status = await subject.store.queue.status();
    expect(status).toMatchObject({ pending: 0, refused: 1, systemic: null });
    expect(statusBody(status, 60)).toMatchObject({ healthy: true, refused: 1 });

    const kept = await subject.store.refused.showRefused(id);
    expect(kept).toMatchObject({
      id,
      status: 400,
      errorTypes: ["INVALID_EMAIL"],
      record: { submission: { email: "<!channel>@blocked.example" } },
    });
    expect(kept!.answer).toContain("is invalid");

    const next = await flush(subject.store);
    expect(next).toMatchObject({ refused: 0, refusedAlert: "none", alert: "none" });
    expect(receiver.messages).toHaveLength(1);
    expect(emulator.received).toBe(2);
  });

  it("refused leads expire after the retention: their data deleted, the deletion recorded", async () => {
    const id = await subject.add("gone@blocked.example");
    emulator.rules.push({ email: /@blocked\.example$/, errorType: "BLOCKED_EMAIL" });
    await flush(subject.store);
    expect(await subject.store.refused.listRefused()).toHaveLength(1);
    expect(await subject.rawData()).toContain("gone@blocked.example");
    expect(await subject.store.refused.expireRefused(0)).toBe(1);
    expect(await subject.store.refused.listRefused()).toEqual([]);
    expect(await subject.store.refused.showRefused(id)).toBeNull();
    expect(await subject.rawData()).not.toContain("gone@blocked.example");
    expect((await subject.store.queue.status()).refused).toBe(0);
  });

  it("a refused lead's uploads go with it: swept once it is deleted", async () => {
    const file = await subject.store.uploads.saveFile(
      { filename: "cv.pdf", mime: "application/pdf", bytes: Buffer.from("%PDF-1.4 test") },
      "203.0.113.7",
    );
    await subject.store.queue.accept({ ...validDemo(), email: "cv@blocked.example" }, form(), [file.id]);
    emulator.rules.push({ email: /@blocked\.example$/, errorType: "BLOCKED_EMAIL" });
    await flush(subject.store);
    expect(await subject.store.uploads.sweepFiles(0)).toBe(0);
    expect(await subject.store.refused.expireRefused(0)).toBe(1);
    expect(await subject.store.uploads.sweepFiles(0)).toBe(1);
    expect(await subject.store.uploads.hasFile(file.id)).toBe(false);
  });

  it("overlapping flushes with refusals and failures still send each lead once", async () => {
    for (let i = 0; i < 12; i++) await subject.add(`ok${i}@acme.com`);
    for (let i = 0; i < 12; i++) await subject.add(`bad${i}@blocked.example`);
    emulator.rules.push({ email: /@blocked\.example$/, errorType: "BLOCKED_EMAIL" });
    emulator.mode = "slow";
    emulator.delayMs = 30;
    const reports = await Promise.all([flush(subject.store), flush(subject.another()), flush(subject.another())]);
    const delivered = reports.reduce((n, r) => n + r.delivered, 0);
    const refused = reports.reduce((n, r) => n + (r.refused ?? 0), 0);
    // whatever the overlap left, a last run finishes: each lead sent exactly once in all
    await flush(subject.store);
    expect(emulator.received).toBe(24);
    expect(new Set(emulator.submissions.map(emailOf)).size).toBe(12);
    expect(emulator.submissions).toHaveLength(12);
    expect(delivered).toBeLessThanOrEqual(12);
    expect(refused).toBeLessThanOrEqual(12);
    expect((await subject.store.queue.status()).refused).toBe(12);
  });
});
