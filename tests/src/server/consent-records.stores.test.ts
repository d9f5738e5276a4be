/**
 * POST /api/consent on both stores: the ranges checked before any query (a version past PostgreSQL's integer is a
 * 400, not a 500 the browser would retry).
 */
import fs from "node:fs";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { newRecordId } from "../../../src/consent/model";
import { handleConsent, MAX_VERSION, type ConsentDeps } from "../../../src/server/consent-records";
import { createRateLimit } from "../../../src/server/protect";
import type { LeadStore } from "../../../src/server/store/types";
import { deps as leadDeps, fakeReq, fakeRes, tempLeadsDir, testProtection } from "../../fixtures/lead-server-helpers";
import { postgresStores } from "../../fixtures/lead-stores";
import { startTestPostgres, type TestPostgres } from "../../fixtures/postgres";

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

const stores: Record<"file" | "postgres", () => Promise<LeadStore>> = {
  file: async () => {
    const dir = tempLeadsDir();
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    return leadDeps(dir).store;
  },
  postgres: async () => (await postgresStores(postgres, cleanups)).store,
};

const record = (overrides: Record<string, unknown> = {}) => ({
  id: newRecordId(),
  at: NOW - 1000,
  policy: "opt-in",
  version: 1,
  choices: { preferences: true, analytics: false, marketing: false },
  method: "preferences",
  ...overrides,
});

describe.each(["file", "postgres"] as const)("the %s store", (kind) => {
  let store: LeadStore;
  let deps: ConsentDeps;
  beforeEach(async () => {
    store = await stores[kind]();
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
    expect(await store.countConsentRecords()).toBe(0);
    expect((await post(record({ version: MAX_VERSION }))).statusCode).toBe(201);
    expect(await store.countConsentRecords()).toBe(1);
  });
});
