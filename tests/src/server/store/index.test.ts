/** The lead store (src/server/store/index.ts: file or PostgreSQL) keeping proof-of-consent records.
 *
 * Consent records in both lead stores (file: LEADS_DIR/consent/records.jsonl; PostgreSQL: consent_records,
 * migration 4, against a throwaway server as the other store tests): kept once per (id, at), read back as
 * posted, pruned by the flush after CONSENT_RETENTION_DAYS (0: never), the function's rate limit shared by
 * PostgreSQL instances.
 */
import fs from "node:fs";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { main as leadsFlushMain } from "../../../../scripts/leads-flush";
import { newRecordId } from "../../../../src/lib/consent-model";
import { consentRateLimit, handleConsent } from "../../../../src/server/consent-records";
import { flushLeads, pruneConsentRecords } from "../../../../src/server/flush";
import { consentFile, FileStore } from "../../../../src/server/store/file-store";
import { MIGRATIONS } from "../../../../src/server/store/migrations";
import type { LeadStore, StoredConsentRecord } from "../../../../src/server/store/types";
import { CONSENT_RETENTION_DAYS } from "../../../../src/server/store/rules";
import { startHubSpotEmulator, type HubSpotEmulator } from "../../../emulators/hubspot";
import { postgresStores } from "../../../fixtures/lead-stores";
import { startTestPostgres, type TestPostgres } from "../../../fixtures/postgres";
import { deps, fakeReq, fakeRes, tempLeadsDir, testProtection } from "../../../fixtures/lead-server-helpers";
import { storedDecision } from "../../../fixtures/consent-records";

const DAY = 86_400_000;

let postgres: TestPostgres;
let emulator: HubSpotEmulator;
const cleanups: (() => unknown)[] = [];
beforeAll(async () => {
  [postgres, emulator] = await Promise.all([startTestPostgres(), startHubSpotEmulator()]);
}, 60_000);
afterAll(async () => {
  await emulator?.close();
  await postgres?.stop();
});
beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "log").mockImplementation(() => {});
});
afterEach(async () => {
  vi.restoreAllMocks();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const record = (overrides: Partial<StoredConsentRecord> = {}) =>
  storedDecision({ choices: { preferences: true, analytics: false, marketing: true }, ...overrides });

const fileDir = () => {
  const dir = tempLeadsDir({ inMemory: true });
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
};

const subjects: Record<"file" | "postgres", () => Promise<{ store: LeadStore; reopen: () => LeadStore; dir: string }>> = {
  file: async () => {
    const dir = fileDir();
    return { dir, store: new FileStore(dir, { uploadQuotaBytes: 1e6 }), reopen: () => new FileStore(dir, { uploadQuotaBytes: 1e6 }) };
  },
  postgres: async () => {
    const { store, make } = await postgresStores(postgres, cleanups);
    return { dir: fileDir(), store, reopen: make };
  },
};

describe.each(["file", "postgres"] as const)("%s store", (kind) => {
  it("keeps a decision once per (id, at), as posted, across a restart", async () => {
    const { store, reopen } = await subjects[kind]();
    const first = record({ at: Date.UTC(2026, 10, 26, 16, 30, 0, 123) });
    expect(await store.consent.saveConsentRecord(first)).toBe(true);
    expect(await store.consent.saveConsentRecord(first)).toBe(false);
    const later = {
      ...first,
      at: first.at + 1,
      choices: { preferences: false, analytics: false, marketing: false },
      method: "reject-all" as const,
    };
    expect(await store.consent.saveConsentRecord(later)).toBe(true);
    expect(await store.consent.saveConsentRecord(record())).toBe(true);
    const again = reopen();
    expect(await again.consent.countConsentRecords()).toBe(3);
    expect(await again.consent.consentRecords(first.id)).toEqual([first, later]);
    expect(await again.consent.saveConsentRecord(later)).toBe(false);
    expect(await again.consent.consentRecords(newRecordId())).toEqual([]);
  });

  it("prunes the decisions made longer ago than the retention, by their time", async () => {
    const { store } = await subjects[kind]();
    const now = Date.now();
    const old = record({ at: now - (CONSENT_RETENTION_DAYS + 10) * DAY });
    const recent = record({ at: now - (CONSENT_RETENTION_DAYS - 10) * DAY });
    const fresh = record();
    for (const r of [old, recent, fresh]) await store.consent.saveConsentRecord(r);
    expect(await pruneConsentRecords(store, {})).toBe(1);
    expect(await store.consent.consentRecords(old.id)).toEqual([]);
    expect(await store.consent.countConsentRecords()).toBe(2);
    expect(await pruneConsentRecords(store, { consentRetentionDays: 0 })).toBe(0);
    expect(await store.consent.countConsentRecords()).toBe(2);
    expect(await pruneConsentRecords(store, { consentRetentionDays: 30 })).toBe(1);
    expect((await store.consent.consentRecords(fresh.id)).map((r) => r.id)).toEqual([fresh.id]);
    expect(await store.consent.countConsentRecords()).toBe(1);
    // and what is left is still kept once
    expect(await store.consent.saveConsentRecord(fresh)).toBe(false);
  });

  it("the flush prunes them (its report says how many)", async () => {
    const subject = await subjects[kind]();
    const base = deps(subject.dir);
    const config = { ...base.config, leadsFlush: { concurrency: 4, consentRetentionDays: 7 } };
    const [old, recent] = [record({ at: Date.now() - 8 * DAY }), record({ at: Date.now() - 6 * DAY })];
    for (const r of [old, recent]) await subject.store.consent.saveConsentRecord(r);
    const hubspot = { portalId: "12345", accessToken: "pat-test", apiUrl: emulator.url, crmApiUrl: emulator.url, timeoutMs: 5000 };
    const report = await flushLeads({ ...config, hubspot }, subject.store, fetch, new Map(), { log: () => {} });
    expect(report.consentPruned).toBe(1);
    expect(await subject.store.consent.countConsentRecords()).toBe(1);
    expect(await subject.store.consent.consentRecords(old.id)).toEqual([]);
    expect(await subject.store.consent.consentRecords(recent.id)).toEqual([recent]);
  });

  it("POST /api/consent keeps the record in this store", async () => {
    const { store } = await subjects[kind]();
    const { config } = deps(fileDir());
    const body = { ...record(), receivedAt: undefined };
    delete body.receivedAt;
    const res = fakeRes();
    await handleConsent(fakeReq(JSON.stringify(body), { type: "text/plain" }), res, { config, store, rateLimit: async () => null });
    expect(res.statusCode).toBe(201);
    expect(await store.consent.consentRecords(body.id)).toMatchObject([{ ...body }]);
  });
});

describe("PostgreSQL", () => {
  it("migrations 4 and 6 make consent_records with (id, at) as its key and no client columns", async () => {
    expect(MIGRATIONS.find((m) => m.version === 4)?.name).toBe("consent records");
    const { store, pool } = await postgresStores(postgres, cleanups);
    await store.consent.countConsentRecords();
    const { rows } = await pool.query<{ column_name: string; data_type: string }>(
      "SELECT column_name, data_type FROM information_schema.columns WHERE table_name = 'consent_records' ORDER BY ordinal_position",
    );
    expect(rows.map((r) => `${r.column_name} ${r.data_type}`)).toEqual([
      "id uuid",
      "at timestamp with time zone",
      "policy text",
      "version integer",
      "choices jsonb",
      "method text",
      "received_at timestamp with time zone",
      // migration 6: the optional fields of the post, and the first decision's secret hash (never the secret)
      "gpc boolean",
      "effective jsonb",
      "secret_hash text",
    ]);
    const key = await pool.query<{ attname: string }>(
      `SELECT a.attname FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
        WHERE i.indrelid = 'consent_records'::regclass AND i.indisprimary ORDER BY a.attname`,
    );
    expect(key.rows.map((r) => r.attname)).toEqual(["at", "id"]);
  });

  it("two instances count one limit per address (the counters are in the database)", async () => {
    const { make } = await postgresStores(postgres, cleanups);
    const protection = testProtection({ consentRateLimit: 4, consentRateWindowSeconds: 600 });
    const [a, b] = [make(), make()];
    const limits = [consentRateLimit(a, protection), consentRateLimit(b, protection)];
    expect(limits[0]).not.toBe(limits[1]);
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await limits[i % 2]("192.0.2.7"));
    expect(answers.slice(0, 4)).toEqual([null, null, null, null]);
    expect(answers[4]).toBeGreaterThan(0);
    expect(answers[5]).toBeGreaterThan(0);
  });

  it("an id that is not a UUID finds nothing (and does not fail)", async () => {
    const { store } = await postgresStores(postgres, cleanups);
    expect(await store.consent.consentRecords("not-a-uuid")).toEqual([]);
  });
});

describe("npm run leads:flush without HubSpot", () => {
  it("prunes consent records too", async () => {
    const dir = fileDir();
    const store = new FileStore(dir, { uploadQuotaBytes: 1e6 });
    const old = record({ at: Date.now() - 40 * DAY });
    const recent = record();
    for (const r of [old, recent]) await store.consent.saveConsentRecord(r);
    const { config } = deps(dir);
    const code = await leadsFlushMain({ ...config, leadsFlush: { concurrency: 4, consentRetentionDays: 30 } });
    expect(code).toBe(0);
    expect(await store.consent.countConsentRecords()).toBe(1);
    expect(
      fs
        .readFileSync(consentFile(dir), "utf8")
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line).id),
    ).toEqual([recent.id]);
  });
});
