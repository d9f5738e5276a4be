/**
 * Issue 46, on both stores: the operator command (npm run leads: list, show, resend, discard, each recorded with
 * who and when), the live send's refusal told to the visitor with the lead set aside, the status function's
 * limit on wrong tokens and its refusal of weak ones, and one log line per request with the database down.
 */
import fs from "node:fs";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { HubSpotConfig, ServerConfig } from "../../../src/config";
import { flushLeads } from "../../../src/server/flush";
import { handleSubmitForm } from "../../../src/server/handlers";
import { checkStatusTokenAtStart, handleLeadsStatus, statusTokenProblem } from "../../../src/server/lead-status";
import { appendToOutbox } from "../../../src/server/outbox";
import { PostgresStore } from "../../../src/server/store/postgres-store";
import type { LeadStore } from "../../../src/server/store/types";
import { main as leadsCommand } from "../../../scripts/leads";
import { startHubSpotEmulator, type HubSpotEmulator } from "../../emulators/hubspot";
import { startTestPostgres, type TestPostgres } from "../../fixtures/postgres";
import { deps, fakeReq, fakeRes, tempLeadsDir, validDemo } from "../../fixtures/lead-server-helpers";

let emulator: HubSpotEmulator;
let postgres: TestPostgres;
beforeAll(async () => {
  [emulator, postgres] = await Promise.all([startHubSpotEmulator(), startTestPostgres()]);
}, 60_000);
afterAll(async () => {
  await emulator?.close();
  await postgres?.stop();
});
const cleanups: (() => unknown)[] = [];
beforeEach(() => {
  emulator.reset();
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(async () => {
  vi.restoreAllMocks();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const hubspot = (): HubSpotConfig => ({
  portalId: "12345",
  accessToken: "pat-test",
  apiUrl: emulator.url,
  crmApiUrl: emulator.url,
  timeoutMs: 5000,
});
const emailOf = (s: { body: { fields: { name: string; value: string }[] } }) => s.body.fields.find((f) => f.name === "email")!.value;

interface Subject {
  store: LeadStore;
  config: ServerConfig;
  add(email: string): Promise<string>;
  rawData(): Promise<string>;
}

const subjects: Record<"file" | "postgres", () => Promise<Subject>> = {
  file: async () => {
    const dir = tempLeadsDir();
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const base = deps(dir, hubspot());
    return {
      store: base.store,
      config: base.config,
      add: async (email) => appendToOutbox(dir, { ...validDemo(), email }, base.forms.get("get-a-demo")).id,
      rawData: async () =>
        fs
          .readdirSync(dir, { recursive: true })
          .map((f) => `${dir}/${String(f)}`)
          .filter((f) => fs.statSync(f).isFile())
          .map((f) => fs.readFileSync(f, "utf8"))
          .join("\n"),
    };
  },
  postgres: async () => {
    const url = await postgres.createDatabase();
    const store = new PostgresStore({ connectionString: url, claimMs: 10_000, uploadQuotaBytes: 1e6 });
    cleanups.push(() => store.close());
    const base = deps(tempLeadsDir(), hubspot());
    return {
      store,
      config: { ...base.config, databaseUrl: url },
      add: async (email) => (await store.accept({ ...validDemo(), email }, base.forms.get("get-a-demo")!, [])).id,
      rawData: async () => JSON.stringify((await store.pool.query("SELECT * FROM leads")).rows),
    };
  },
};

/** Runs the command on the subject's store; its exit code and what it printed. */
async function run(subject: Subject, ...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await leadsCommand(argv, {
    config: subject.config,
    store: subject.store,
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    user: "",
  });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

const refuseBlocked = () => emulator.rules.push({ email: /@blocked\.example$/, errorType: "BLOCKED_EMAIL", message: "Email blocked" });
const flush = (subject: Subject) =>
  flushLeads({ ...subject.config, hubspot: hubspot() }, subject.store, fetch, new Map(), { log: () => {} });

describe.each(["file", "postgres"] as const)("the %s store", (kind) => {
  let subject: Subject;
  beforeEach(async () => {
    subject = await subjects[kind]();
  });

  it("npm run leads: list and show a refused lead, resend it fixed (validated again), recorded with who and when", async () => {
    const id = await subject.add("jordan@blocked.example");
    refuseBlocked();
    await flush(subject);

    const list = await run(subject, "list");
    expect(list.code).toBe(0);
    expect(list.out).toContain(`${id}  get-a-demo  refused `);
    expect(list.out).toContain("400 BLOCKED_EMAIL");
    expect(list.out).not.toContain("jordan");

    const show = await run(subject, "show", id);
    expect(show.code).toBe(0);
    const shown = JSON.parse(show.out);
    expect(shown).toMatchObject({ id, errorTypes: ["BLOCKED_EMAIL"], record: { submission: { email: "jordan@blocked.example" } } });
    expect(shown.answer).toContain("Email blocked");

    // who is required; a value the site's own rules refuse is not resent
    expect((await run(subject, "resend", id, "--set", "email=jordan@acme.com")).code).toBe(2);
    const invalid = await run(subject, "resend", id, "--set", "email=not an email", "--by", "ops");
    expect(invalid.code).toBe(1);
    expect(invalid.err).toMatch(/^Not resent: .*[Ee]mail/);
    expect(await subject.store.listRefused()).toHaveLength(1);

    const resent = await run(subject, "resend", id, "--set", "email=jordan@acme.com", "--by", "ops-anna");
    expect(resent.code).toBe(0);
    expect(resent.out).toMatch(new RegExp(`^${id} resent by ops-anna as [0-9a-f-]{36}\\n[0-9a-f-]{36} delivered to HubSpot$`));
    expect(emulator.submissions.map(emailOf)).toEqual(["jordan@acme.com"]);
    expect(await subject.store.listRefused()).toEqual([]);
    expect(await subject.store.pendingCount()).toBe(0);
    const [action] = await subject.store.leadActions(id);
    expect(action).toMatchObject({ leadId: id, action: "resent", by: "ops-anna", newId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(Date.now() - Date.parse(action.at)).toBeLessThan(60_000);
    expect(await subject.rawData()).not.toContain("jordan@blocked.example");
    // the flush never sends the old one again
    await flush(subject);
    expect(emulator.received).toBe(2);
  });

  it("npm run leads: discard deletes the lead and records who and when; unknown ids and usage errors", async () => {
    const id = await subject.add("sam@blocked.example");
    refuseBlocked();
    await flush(subject);
    const discarded = await run(subject, "discard", id, "--by=ops-ben");
    expect(discarded).toMatchObject({ code: 0, out: `${id} discarded by ops-ben` });
    expect(await subject.store.listRefused()).toEqual([]);
    expect(await subject.rawData()).not.toContain("sam@blocked.example");
    expect(await subject.store.leadActions(id)).toEqual([expect.objectContaining({ action: "discarded", by: "ops-ben" })]);
    expect((await subject.store.status()).refused).toBe(0);

    const again = await run(subject, "discard", id, "--by", "ops-ben");
    expect(again.code).toBe(1);
    expect(again.out).toContain("discarded by ops-ben");
    expect((await run(subject, "show", "00000000-0000-4000-8000-000000000000")).code).toBe(1);
    expect((await run(subject)).code).toBe(2);
    expect((await run(subject, "resend")).code).toBe(2);
    expect((await run(subject, "delete", id)).code).toBe(2);
  });

  it("a live send HubSpot refuses: the visitor sees HubSpot's reason, the lead is set aside as refused", async () => {
    emulator.rules.push({ errorType: "INVALID_EMAIL", message: "Error in 'fields.email'. Invalid email address." });
    const base = deps(tempLeadsDir(), hubspot());
    const res = fakeRes();
    await handleSubmitForm(fakeReq(JSON.stringify(validDemo())), res, { ...base, config: subject.config, store: subject.store });
    expect(res.statusCode).toBe(422);
    expect(res.body).toEqual({
      success: false,
      message: "Error in 'fields.email'. Invalid email address. Please correct it and send the form again.",
    });
    const refused = await subject.store.listRefused();
    expect(refused).toEqual([expect.objectContaining({ formId: "get-a-demo", errorTypes: ["INVALID_EMAIL"] })]);
    expect(await subject.store.pendingCount()).toBe(0);
    expect((await subject.store.showRefused(refused[0].id))!.record.submission.email).toBe("jordan@acme.com");
  });

  it("GET /api/leads/status: the 21st wrong token within a minute from one address gets 429 with Retry-After, logged once", async () => {
    const TOKEN = "9f2c4b7e1a3d5f6081726354a9b8c7d6e5f4a3b2";
    const ip = `198.51.100.${kind === "file" ? 10 : 20}`;
    const get = async (token: string, from = ip) => {
      const res = fakeRes();
      await handleLeadsStatus(fakeReq(undefined, { method: "GET", headers: { authorization: `Bearer ${token}` }, ip: from }), res, {
        config: { ...subject.config, leadsStatusToken: TOKEN },
        store: subject.store,
      });
      return res;
    };
    // right tokens are not counted
    for (let i = 0; i < 25; i++) expect((await get(TOKEN)).statusCode).toBe(200);
    for (let i = 0; i < 20; i++) expect((await get(`wrong-${i}-000000000000000000`)).statusCode).toBe(401);
    const limited = await get("wrong-21-000000000000000000");
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(limited.headers["retry-after"])).toBeLessThanOrEqual(60);
    // blocked whatever it sends, so guessing on is pointless; another address is not
    expect((await get(TOKEN)).statusCode).toBe(429);
    expect((await get(TOKEN, "198.51.100.99")).statusCode).toBe(200);
    await get("wrong-again-0000000000000000");
    const lines = vi
      .mocked(console.error)
      .mock.calls.map((c) => String(c[0]))
      .filter((l) => l.includes("wrong status tokens"));
    expect(lines).toEqual([
      `[leads-status] more than 20 wrong status tokens from ${ip} within 60 s: answering 429 for ${limited.headers["retry-after"]} s`,
    ]);
  });
});

describe("a weak status token", () => {
  it.each([
    ["16 characters", "s3cret-token-016"],
    ["31 hex characters", "0123456789abcdef0123456789abcde"],
    ["21 base64url characters", "Ab3_dE5-gH7iJ9kL1mN2o"],
    ["one repeated character", "a".repeat(64)],
    ["two alternating characters", "ab".repeat(20)],
  ])("is refused: %s", (_, token) => {
    expect(statusTokenProblem(token)).toMatch(/^LEADS_STATUS_TOKEN is too weak: it needs at least 128 bits/);
  });
  it.each([
    ["32 hex characters", "0123456789abcdef0123456789abcdef"],
    ["openssl rand -hex 24", "9f2c4b7e1a3d5f6081726354a9b8c7d6e5f4a3b2c1d0e9f8"],
    ["22 base64url characters", "Ab3_dE5-gH7iJ9kL1mN2oP"],
  ])("is accepted: %s", (_, token) => {
    expect(statusTokenProblem(token)).toBeNull();
  });
  it("is named in the log when the function starts, and every request gets 503", async () => {
    const lines: string[] = [];
    expect(checkStatusTokenAtStart("a".repeat(40), (l) => lines.push(l))).toBe(false);
    expect(lines).toEqual([expect.stringMatching(/^\[leads-status\] LEADS_STATUS_TOKEN is too weak/)]);
    expect(checkStatusTokenAtStart(undefined, (l) => lines.push(l))).toBe(true);
    const res = fakeRes();
    const config = { ...deps(tempLeadsDir()).config, leadsStatusToken: "a".repeat(40) };
    await handleLeadsStatus(fakeReq(undefined, { method: "GET", headers: { authorization: `Bearer ${"a".repeat(40)}` } }), res, { config });
    expect(res.statusCode).toBe(503);
  });
  it("src/api/leads/status.ts logs it as it loads", async () => {
    vi.stubEnv("LEADS_STATUS_TOKEN", "x".repeat(32));
    vi.resetModules();
    await import("../../../src/api/leads/status");
    vi.unstubAllEnvs();
    expect(vi.mocked(console.error).mock.calls.map((c) => String(c[0]))).toContain(
      "[leads-status] LEADS_STATUS_TOKEN is too weak: it needs at least 128 bits (32 hex or 22 base64url characters, random; `openssl rand -hex 24` makes one). The status function refuses every request until it is replaced.",
    );
  });
});

describe("the database down", () => {
  it("logs one line per failed request, with the cause", async () => {
    const store = new PostgresStore({ connectionString: "postgres://postgres@127.0.0.1:9/none", claimMs: 10_000, uploadQuotaBytes: 1e6 });
    cleanups.push(() => store.close());
    const base = deps(tempLeadsDir());
    for (let i = 0; i < 3; i++) {
      const res = fakeRes();
      await handleSubmitForm(fakeReq(JSON.stringify(validDemo())), res, { ...base, store });
      expect(res.statusCode).toBe(500);
    }
    const calls = vi.mocked(console.error).mock.calls;
    expect(calls).toHaveLength(3);
    for (const call of calls) {
      expect(call).toHaveLength(1);
      expect(String(call[0])).toMatch(/^\[lead-form\] request failed: ECONNREFUSED \(.*127\.0\.0\.1:9.*\)$/);
      expect(String(call[0])).not.toContain("\n");
    }
  });
});
