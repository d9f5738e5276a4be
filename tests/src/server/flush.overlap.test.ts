/**
 * Exactly once when flushes overlap while HubSpot is slow: two flushes from two instances, HubSpot answering in
 * 800 ms, the default HUBSPOT_TIMEOUT_MS (8 s, a lease of 13 s), the second flush starting 11 s after the first.
 * Times are scaled by LEADS_OVERLAP_SCALE (default 0.1: 80 ms answers, 1.1 s apart); the shape is the same.
 * Also: a sender whose lease ran out records nothing over the sender that took its lead over.
 */
import fs from "node:fs";
import { Pool } from "pg";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { ServerConfig } from "../../../src/config";
import { flushLeads } from "../../../src/server/flush";
import { DeliveryError } from "../../../src/server/hubspot";
import { appendToOutbox } from "../../../src/server/outbox";
import { claimMs } from "../../../src/server/store";
import { FileStore } from "../../../src/server/store/file-store";
import { PostgresStore } from "../../../src/server/store/postgres-store";
import type { LeadStore } from "../../../src/server/store/types";
import { startHubSpotEmulator, type HubSpotEmulator } from "../../emulators/hubspot";
import { startTestPostgres, type TestPostgres } from "../../fixtures/postgres";
import { deps, tempLeadsDir, validDemo } from "../../fixtures/lead-server-helpers";

const SCALE = Number(process.env.LEADS_OVERLAP_SCALE ?? 0.1);
const DEFAULT_TIMEOUT_MS = 8000;
const ANSWER_MS = 800;
const SECOND_FLUSH_AFTER_MS = 11_000;
const scaled = (ms: number) => Math.round(ms * SCALE);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let emulator: HubSpotEmulator;
let postgres: TestPostgres;
let url: string;
const closers: (() => unknown)[] = [];
beforeAll(async () => {
  [emulator, postgres] = await Promise.all([startHubSpotEmulator(), startTestPostgres()]);
}, 60_000);
afterAll(async () => {
  await emulator?.close();
  await postgres?.stop();
});
beforeEach(async () => {
  url = await postgres.createDatabase();
  emulator.reset();
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(async () => {
  vi.restoreAllMocks();
  for (const close of closers.splice(0)) await close();
});

const form = () => deps(tempLeadsDir()).forms.get("get-a-demo")!;
const hubspot = () => ({
  portalId: "12345",
  accessToken: "pat-test",
  apiUrl: emulator.url,
  crmApiUrl: emulator.url,
  timeoutMs: scaled(DEFAULT_TIMEOUT_MS),
});
const config = (concurrency: number): Parameters<typeof flushLeads>[0] => ({
  siteUrl: "https://www.northdesk.com",
  hubspot: hubspot(),
  leadsFlush: { concurrency },
  leadsAlerts: { afterMinutes: 60, everyMinutes: 240 },
});

/** A function instance on the shared database, with the lease the configuration gives it (timeout + 5 s, scaled). */
const instance = (lease = scaled(claimMs({ hubspot: { timeoutMs: DEFAULT_TIMEOUT_MS } } as ServerConfig))) => {
  const store = new PostgresStore({ connectionString: url, claimMs: lease, uploadQuotaBytes: 1e6 });
  closers.push(() => store.close());
  return store;
};

/** How often each email reached the emulator. */
const sentPerEmail = () => {
  const counts = new Map<string, number>();
  for (const s of emulator.submissions) {
    const email = s.body.fields.find((f: { name: string }) => f.name === "email").value as string;
    counts.set(email, (counts.get(email) ?? 0) + 1);
  }
  return counts;
};

async function overlappingFlushes(first: LeadStore, second: LeadStore, concurrency: number) {
  emulator.mode = "slow"; // records a submission when it answers, if the client still waits
  emulator.delayMs = scaled(ANSWER_MS);
  const log = () => {};
  const a = flushLeads(config(concurrency), first, fetch, new Map(), { log });
  await sleep(scaled(SECOND_FLUSH_AFTER_MS));
  const b = flushLeads(config(concurrency), second, fetch, new Map(), { log });
  return Promise.all([a, b]);
}

describe("two overlapping flushes, HubSpot slow, the default timeout", () => {
  // one lead at a time (as the flush sent before it had concurrency), and four at a time with as many
  // more leads, so the first flush still runs when the second starts
  it.each([1, 4])(
    "PostgreSQL, %i at a time: every lead reaches HubSpot exactly once, none is lost",
    async (concurrency) => {
      const leads = 40 * concurrency;
      const store = instance();
      for (let i = 0; i < leads; i++) await store.queue.accept({ ...validDemo(), email: `lead${i}@acme.com` }, form(), []);
      const started = Date.now();
      const [a, b] = await overlappingFlushes(store, instance(), concurrency);
      // the shape held: the first flush was still sending when the second began
      expect(Date.now() - started).toBeGreaterThan(scaled(SECOND_FLUSH_AFTER_MS));
      expect(b.delivered).toBeGreaterThan(0);
      const counts = sentPerEmail();
      const duplicates = [...counts.values()].reduce((n, c) => n + c - 1, 0);
      expect(duplicates).toBe(0);
      expect(counts.size).toBe(leads);
      expect(a.delivered + b.delivered).toBe(leads);
      expect(a.failed + b.failed).toBe(0);
      expect(await store.queue.pendingCount()).toBe(0);
    },
    120_000,
  );

  it("the file store: the second flush waits its turn; every lead exactly once", async () => {
    const dir = tempLeadsDir();
    closers.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    // four at a time: as many leads as keep the first flush sending when the second starts
    for (let i = 0; i < 160; i++) appendToOutbox(dir, { ...validDemo(), email: `lead${i}@acme.com` }, form());
    const store = new FileStore(dir, { uploadQuotaBytes: 1e6 });
    const [a, b] = await overlappingFlushes(store, new FileStore(dir, { uploadQuotaBytes: 1e6 }), 4);
    expect(b.busy).toBe(true);
    expect([...sentPerEmail().values()].every((n) => n === 1)).toBe(true);
    expect(sentPerEmail().size).toBe(160);
    expect(a).toMatchObject({ delivered: 160, pending: 0 });
  }, 120_000);
});

describe("a sender whose lease ran out", () => {
  const row = async (id: string) => {
    const pool = new Pool({ connectionString: url });
    try {
      const { rows } = await pool.query(
        "SELECT claimed_until > now() AS held, claim_token, in_doubt, last_error, delivered_at FROM leads WHERE id = $1",
        [id],
      );
      return rows[0] as {
        held: boolean;
        claim_token: string | null;
        in_doubt: boolean;
        last_error: string | null;
        delivered_at: Date | null;
      };
    } finally {
      await pool.end();
    }
  };

  it.each([
    ["fails", "failed"],
    ["succeeds", "delivered"],
  ] as const)("and then %s changes nothing: the sender that took the lead over keeps it", async (_, outcome) => {
    const stale = instance(100);
    const current = instance(10_000);
    const record = await stale.queue.accept({ ...validDemo(), email: "stale@acme.com" }, form(), []);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const staleSend = stale.queue.deliver(record, async () => {
      await sleep(400); // its lease (100 ms) runs out meanwhile and the lead is taken over
      if (outcome === "failed") throw new DeliveryError("HubSpot answered 503", false, 503);
    });
    await sleep(200);
    const currentSend = current.queue.deliver(record, () => held);
    await sleep(50);
    const before = await row(record.id);
    expect(before).toMatchObject({ held: true, in_doubt: true, delivered_at: null });
    if (outcome === "failed") await expect(staleSend).rejects.toThrow("503");
    else await staleSend;
    // neither marked delivered nor released: the row is still the current sender's
    expect(await row(record.id)).toEqual(before);
    release();
    expect(await currentSend).toBe("delivered");
    expect(await row(record.id)).toMatchObject({ claim_token: null, delivered_at: expect.any(Date) });
  });
});
