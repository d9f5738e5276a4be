/**
 * POST /api/consent on both stores: the ranges checked before any query (a version past PostgreSQL's integer is a
 * 400, not a 500 the browser would retry); the optional gpc and effective kept; a later decision under an id
 * whose first came with a secret needs that secret (403 otherwise); the old shape still taken.
 */
import fs from "node:fs";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { newRecordId } from "../../../src/lib/consent-model";
import { handleConsent, MAX_VERSION, secretHash, type ConsentDeps } from "../../../src/server/consent-records";
import { consentFile } from "../../../src/server/store/file-consent";
import { SECRET_REFUSED } from "../../../src/server/store/consent-proof";
import { createRateLimit } from "../../../src/server/protect";
import type { LeadStore } from "../../../src/server/store/types";
import { deps as leadDeps, fakeReq, fakeRes, tempLeadsDir, testProtection } from "../../fixtures/lead-server-helpers";
import { postgresStores } from "../../fixtures/lead-stores";
import { startTestPostgres, type TestPostgres } from "../../fixtures/postgres";
import { consentPost } from "../../fixtures/consent-records";

const NOW = Date.UTC(2026, 10, 26, 16, 30);
let postgres: TestPostgres;
const cleanups: (() => unknown)[] = [];
beforeAll(async () => {
  postgres = await startTestPostgres();
}, 60_000);
afterAll(async () => {
  await postgres?.stop();
});
beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(async () => {
  vi.restoreAllMocks();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A store, and everything it keeps as text (to look for a secret that must not be kept). */
const stores: Record<"file" | "postgres", () => Promise<{ store: LeadStore; raw: () => Promise<string>; restart: () => void }>> = {
  file: async () => {
    const dir = tempLeadsDir();
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    return {
      store: leadDeps(dir).store,
      raw: async () => fs.readFileSync(consentFile(dir), "utf8"),
      // another process: no index in memory yet
      restart: () =>
        (globalThis as Record<symbol, Map<string, unknown> | undefined>)[Symbol.for("northdesk.lead-store.consent-indexes.v2")]?.clear(),
    };
  },
  postgres: async () => {
    const { store, pool } = await postgresStores(postgres, cleanups);
    return { store, raw: async () => JSON.stringify((await pool.query("SELECT * FROM consent_records")).rows), restart: () => {} };
  },
};

const SECRET = "0123456789abcdef0123456789abcdef";
const OTHER = "fedcba9876543210fedcba9876543210";

const record = (overrides: Record<string, unknown> = {}) => consentPost(overrides, NOW);

describe("the new fields are validated as strictly as the rest", () => {
  it.each([
    [{ gpc: "yes" }, "gpc must be a boolean"],
    [{ effective: { preferences: true, analytics: false } }, "effective.marketing is missing"],
    [{ effective: { preferences: true, analytics: false, marketing: false, sale: false } }, "effective has an unknown key: sale"],
    [{ effective: true }, "effective must be an object of three booleans"],
    [{ secret: SECRET.toUpperCase() }, "secret must be 32 lower-case hex characters"],
    [{ secret: SECRET.slice(1) }, "secret must be 32 lower-case hex characters"],
    [{ secret: 12 }, "secret must be 32 lower-case hex characters"],
    [{ secretHash: SECRET }, "the record has an unknown key: secretHash"],
  ])("%j → 400 %s", async (overrides, message) => {
    const { parseConsentRecord } = await import("../../../src/server/consent-records");
    expect(() => parseConsentRecord(record(overrides), NOW)).toThrow(message);
  });
});

describe.each(["file", "postgres"] as const)("the %s store", (kind) => {
  let store: LeadStore;
  let subject: Awaited<ReturnType<(typeof stores)["file"]>>;
  let deps: ConsentDeps;
  beforeEach(async () => {
    subject = await stores[kind]();
    store = subject.store;
    const { config } = leadDeps(tempLeadsDir({ inMemory: true }));
    deps = {
      config: { ...config, protection: testProtection() },
      store,
      now: () => NOW,
      rateLimit: createRateLimit("consent-stores", 0, 60),
    };
  });
  const post = async (body: unknown) => {
    const res = fakeRes();
    await handleConsent(fakeReq(JSON.stringify(body)), res, deps);
    return res;
  };

  it("a version past 2147483647 is 400 naming the field, nothing kept; the largest one is kept", async () => {
    for (const version of [MAX_VERSION + 1, 2 ** 53, 1e300]) {
      const res = await post(record({ version }));
      expect(res.statusCode).toBe(400);
      expect(res.body).toMatchObject({ success: false, message: expect.stringMatching(/^version must be/) });
    }
    expect(await store.consent.countConsentRecords()).toBe(0);
    expect((await post(record({ version: MAX_VERSION }))).statusCode).toBe(201);
    expect(await store.consent.countConsentRecords()).toBe(1);
  });

  it("gpc and effective are kept when sent; a record of the old shape is kept without them", async () => {
    const effective = { preferences: false, analytics: false, marketing: false };
    const full = record({ gpc: true, effective, secret: SECRET, method: "accept-all" });
    const old = record();
    expect((await post(full)).statusCode).toBe(201);
    expect((await post(old)).statusCode).toBe(201);
    const [kept] = await store.consent.consentRecords(full.id as string);
    expect(kept).toMatchObject({ gpc: true, effective, method: "accept-all" });
    expect(Object.keys(kept).sort()).toEqual(["at", "choices", "effective", "gpc", "id", "method", "policy", "receivedAt", "version"]);
    const [plain] = await store.consent.consentRecords(old.id as string);
    expect(Object.keys(plain).sort()).toEqual(["at", "choices", "id", "method", "policy", "receivedAt", "version"]);
  });

  it("a later decision needs the first one's secret: 403 without it or with another, nothing kept; the secret itself never kept", async () => {
    const first = record({ secret: SECRET });
    const id = first.id as string;
    expect((await post(first)).statusCode).toBe(201);
    expect((await post(first)).statusCode).toBe(200);
    for (const later of [record({ id, at: NOW }), record({ id, at: NOW, secret: OTHER })]) {
      const res = await post(later);
      expect(res.statusCode).toBe(403);
      expect(res.body).toEqual({ success: false, message: SECRET_REFUSED });
    }
    subject.restart();
    expect((await post(record({ id, at: NOW + 1 }))).statusCode).toBe(403);
    expect((await post(record({ id, at: NOW, secret: SECRET }))).statusCode).toBe(201);
    expect((await store.consent.consentRecords(id)).map((r) => r.at)).toEqual([NOW - 1000, NOW]);
    const raw = await subject.raw();
    expect(raw).not.toContain(SECRET);
    expect(raw.split(secretHash(SECRET)).length - 1).toBe(1);
  });

  it("an id whose first decision had no secret (the old shape) takes later ones as before, with or without one", async () => {
    const first = record();
    const id = first.id as string;
    expect((await post(first)).statusCode).toBe(201);
    expect((await post(record({ id, at: NOW - 500, secret: SECRET }))).statusCode).toBe(201);
    expect((await post(record({ id, at: NOW }))).statusCode).toBe(201);
    expect((await post(record({ id, at: NOW + 1, secret: OTHER }))).statusCode).toBe(201);
    expect(await store.consent.consentRecords(id)).toHaveLength(4);
  });

  it("two first decisions at once with different secrets: one kept, the other refused", async () => {
    const id = newRecordId();
    const answers = await Promise.all([post(record({ id, secret: SECRET })), post(record({ id, at: NOW - 999, secret: OTHER }))]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 403]);
    expect(await store.consent.consentRecords(id)).toHaveLength(1);
  });
});
