/**
 * The PostgreSQL lead store against a real PostgreSQL server (tests/fixtures/postgres.ts): migrations,
 * acknowledged-means-committed, one sender per lead across instances, in-doubt deliveries settled by
 * asking HubSpot (the emulator), uploads served by any instance, quotas and the shared rate limit.
 */
import { Pool } from "pg";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { flushLeads } from "../../../../src/server/flush";
import { handleFile, handleSubmitForm, handleUploadFile, processRateLimits, type Deps } from "../../../../src/server/handlers";
import { DeliveryError } from "../../../../src/server/hubspot";
import { migrate, MIGRATIONS } from "../../../../src/server/store/migrations";
import { PostgresStore } from "../../../../src/server/store/postgres-store";
import type { LeadRecord } from "../../../../src/server/store/types";
import { startHubSpotEmulator, type HubSpotEmulator } from "../../../emulators/hubspot";
import { startTestPostgres, type TestPostgres } from "../../../fixtures/postgres";
import { deps as fileDeps, fakeReq, fakeRes, tempLeadsDir, testProtection, validDemo } from "../../../fixtures/lead-server-helpers";

let server: TestPostgres;
let emulator: HubSpotEmulator;
let url: string;
const stores: PostgresStore[] = [];

beforeAll(async () => {
  [server, emulator] = await Promise.all([startTestPostgres(), startHubSpotEmulator()]);
}, 60_000);
afterAll(async () => {
  await emulator?.close();
  await server?.stop();
});
beforeEach(async () => {
  url = await server.createDatabase();
  emulator.reset();
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(stores.splice(0).map((s) => s.close()));
});

/** A function instance: its own pool on the shared database. */
const instance = (claimMs = 10_000, uploadQuotaBytes = 50 * 1024 * 1024) => {
  const store = new PostgresStore({ connectionString: url, claimMs, uploadQuotaBytes, poolSize: 4 });
  stores.push(store);
  return store;
};

const hubspot = (timeoutMs = 2000) => ({
  portalId: "12345",
  accessToken: "pat-test",
  apiUrl: emulator.url,
  crmApiUrl: emulator.url,
  timeoutMs,
});

const form = () => fileDeps(tempLeadsDir()).forms.get("get-a-demo")!;
const accept = (store: PostgresStore, email: string) => store.queue.accept({ ...validDemo(), email }, form(), []);

async function sql<T extends Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  const pool = new Pool({ connectionString: url });
  try {
    return (await pool.query<T>(text, values)).rows;
  } finally {
    await pool.end();
  }
}

describe("migrations", () => {
  it("apply each version once, also when instances start together", async () => {
    const pools = [0, 1, 2].map(() => new Pool({ connectionString: url }));
    try {
      const applied = await Promise.all(pools.map((p) => migrate(p)));
      expect(applied.flat().sort()).toEqual(MIGRATIONS.map((m) => m.version));
      expect(await migrate(pools[0])).toEqual([]);
      const rows = await sql<{ version: number }>("SELECT version FROM schema_migrations ORDER BY version");
      expect(rows.map((r) => r.version)).toEqual(MIGRATIONS.map((m) => m.version));
    } finally {
      await Promise.all(pools.map((p) => p.end()));
    }
  });
});

describe("leads", () => {
  it("an accepted lead is committed before accept resolves, with the form it was validated against", async () => {
    const record = await accept(instance(), "one@acme.com");
    const [row] = await sql<{ form_id: string; form: { alternative_id: string }; delivered_at: Date | null }>(
      "SELECT form_id, form, delivered_at FROM leads WHERE id = $1",
      [record.id],
    );
    expect(row).toMatchObject({ form_id: "get-a-demo", form: { alternative_id: "get-a-demo" }, delivered_at: null });
  });

  it("two instances delivering the same lead at once send it once", async () => {
    const [a, b] = [instance(), instance()];
    const record = await accept(a, "race@acme.com");
    const sent: string[] = [];
    const deliver = async (r: LeadRecord) => {
      sent.push(r.id);
      await new Promise((resolve) => setTimeout(resolve, 100));
    };
    const outcomes = await Promise.all([a.queue.deliver(record, deliver), b.queue.deliver(record, deliver)]);
    expect(sent).toEqual([record.id]);
    expect(outcomes.sort()).toEqual(["busy", "delivered"]);
    expect(await a.queue.deliver(record, deliver)).toBe("already-delivered");
  });

  it("flushes from three instances at once deliver every lead exactly once", async () => {
    const [a, b, c] = [instance(), instance(), instance()];
    const ids = [];
    for (let i = 0; i < 60; i++) ids.push((await accept(a, `lead${i}@acme.com`)).id);
    const sent = new Map<string, number>();
    const deliver = async (r: LeadRecord) => {
      sent.set(r.id, (sent.get(r.id) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 2));
    };
    const results = await Promise.all([a.queue.flush(deliver), b.queue.flush(deliver), c.queue.flush(deliver)]);
    expect(results.reduce((n, r) => n + r.delivered, 0)).toBe(60);
    expect([...sent.values()].every((n) => n === 1)).toBe(true);
    expect(sent.size).toBe(60);
    expect(await a.queue.pendingCount()).toBe(0);
    expect((await a.queue.flush(deliver)).delivered).toBe(0);
  });

  it("a definite failure leaves the lead pending for the next flush, which sends it", async () => {
    const store = instance();
    const record = await accept(store, "fail@acme.com");
    await expect(
      store.queue.deliver(record, async () => {
        throw new DeliveryError("HubSpot answered 503", false);
      }),
    ).rejects.toThrow("503");
    const [row] = await sql<{ in_doubt: boolean; last_error: string; attempts: number }>(
      "SELECT in_doubt, last_error, attempts FROM leads",
    );
    expect(row).toMatchObject({ in_doubt: false, last_error: "HubSpot answered 503", attempts: 1 });
    const sent: string[] = [];
    expect((await store.queue.flush(async (r) => void sent.push(r.id))).delivered).toBe(1);
    expect(sent).toEqual([record.id]);
  });

  it("a sender that died holds its lead only until the lease ends", async () => {
    const store = instance(300);
    const record = await accept(store, "dead@acme.com");
    // claimed and marked in doubt, then never finished (the instance was killed mid-send)
    await sql("UPDATE leads SET claimed_until = now() + interval '300 milliseconds', in_doubt = true WHERE id = $1", [record.id]);
    const deliver = vi.fn(async () => {});
    expect((await store.queue.flush(deliver)).delivered).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 400));
    const settle = vi.fn(async () => "absent" as const);
    expect((await store.queue.flush(deliver, settle)).delivered).toBe(1);
    expect(settle).toHaveBeenCalledTimes(1);
    expect(deliver).toHaveBeenCalledTimes(1);
  });

  it("a lead in doubt that HubSpot has is recorded as delivered, not sent again; one HubSpot cannot be asked about waits", async () => {
    const store = instance();
    const present = await accept(store, "present@acme.com");
    const unknown = await accept(store, "unknown@acme.com");
    for (const r of [present, unknown]) {
      await expect(
        store.queue.deliver(r, async () => {
          throw new DeliveryError("HubSpot did not answer within 2000 ms", true);
        }),
      ).rejects.toThrow();
    }
    const deliver = vi.fn(async () => {});
    const result = await store.queue.flush(deliver, async (r) => (r.id === present.id ? "present" : "unknown"));
    expect(deliver).not.toHaveBeenCalled();
    expect(result).toMatchObject({ delivered: 1, inDoubt: 1, pending: 1 });
  });
});

describe("with the HubSpot emulator", () => {
  const pgDeps = (store: PostgresStore, timeoutMs = 2000): Deps => {
    const base = fileDeps(tempLeadsDir(), hubspot(timeoutMs));
    return { ...base, config: { ...base.config, databaseUrl: url }, store };
  };
  const submit = async (d: Deps, email: string) => {
    const res = fakeRes();
    await handleSubmitForm(fakeReq(JSON.stringify({ ...validDemo(), email })), res, d);
    return res;
  };

  it("HubSpot keeps the lead but answers after our timeout: the flush finds it there and does not send it twice", async () => {
    const store = instance(0);
    const d = pgDeps(store, 300);
    emulator.mode = "slow-commit-first";
    emulator.delayMs = 800;
    expect((await submit(d, "late@acme.com")).body).toMatchObject({ success: true, delivered: false });
    expect(emulator.submissions).toHaveLength(1);
    emulator.mode = "ok";
    const report = await flushLeads(d.config, store);
    expect(report).toMatchObject({ delivered: 1, failed: 0, pending: 0 });
    expect(emulator.listings).toBeGreaterThan(0);
    expect(emulator.submissions).toHaveLength(1);
  });

  it("HubSpot drops the lead and answers late: the flush finds nothing and sends it once", async () => {
    const store = instance(0);
    const d = pgDeps(store, 300);
    emulator.mode = "slow";
    emulator.delayMs = 800;
    expect((await submit(d, "dropped@acme.com")).body).toMatchObject({ success: true, delivered: false });
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(emulator.submissions).toHaveLength(0);
    emulator.mode = "ok";
    expect(await flushLeads(d.config, store)).toMatchObject({ delivered: 1, pending: 0 });
    expect(emulator.submissions.map((s) => s.body.fields.find((f: { name: string }) => f.name === "email").value)).toEqual([
      "dropped@acme.com",
    ]);
  });

  it("a file uploaded through one instance is served by another, and the lead that names it keeps it past the sweep", async () => {
    const [a, b] = [instance(), instance()];
    const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
    const uploaded = fakeRes();
    await handleUploadFile(
      fakeReq(JSON.stringify({ file: `data:image/png;base64,${png.toString("base64")}`, filename: "a.png" })),
      uploaded,
      pgDeps(a),
    );
    expect(uploaded.body.success).toBe(true);
    const id = new URL(uploaded.body.fileUrl).searchParams.get("id")!;
    const served = fakeRes();
    await handleFile(fakeReq(undefined, { method: "GET", query: { id } }), served, pgDeps(b));
    expect(served.statusCode).toBe(200);
    expect(Buffer.compare(served.body as Buffer, png)).toBe(0);
    expect(served.headers["content-type"]).toBe("image/png");

    const other = fakeRes();
    await handleUploadFile(
      fakeReq(JSON.stringify({ file: `data:image/png;base64,${png.toString("base64")}`, filename: "b.png" })),
      other,
      pgDeps(a),
    );
    const referencing = form()
      .fieldGroups!.flatMap((g) => g.alternative_fields)
      .find((f) => f.fieldType === "file");
    const lead = await a.queue.accept({ ...validDemo(), ...(referencing ? { [referencing.name]: uploaded.body.fileUrl } : {}) }, form(), [
      id,
    ]);
    expect(lead.id).toBeTruthy();
    await sql("UPDATE lead_files SET created_at = now() - interval '8 days'");
    expect(await b.uploads.sweepFiles()).toBe(1);
    expect((await sql<{ id: string }>("SELECT id FROM lead_files")).map((r) => r.id)).toEqual([id]);
  });

  it("the per-client upload quota holds across instances", async () => {
    const png = Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), Buffer.alloc(600)]);
    const [a, b] = [instance(10_000, 1500), instance(10_000, 1500)];
    const file = { filename: "a.png", mime: "image/png", bytes: png };
    await a.uploads.saveFile(file, "198.51.100.1");
    await b.uploads.saveFile(file, "198.51.100.1");
    await expect(a.uploads.saveFile(file, "198.51.100.1")).rejects.toMatchObject({ status: 413 });
    await expect(b.uploads.saveFile(file, "198.51.100.2")).resolves.toMatchObject({ size: png.length });
  });

  it("the rate limit is shared by every instance", async () => {
    const protection = testProtection({ rateLimit: 3, rateWindowSeconds: 60 });
    const limited = (store: PostgresStore): Deps => {
      const base = pgDeps(store);
      return { ...base, config: { ...base.config, protection }, rateLimits: processRateLimits(protection, store) };
    };
    // processRateLimits memoizes per process; the second instance gets limiters of its own
    const a = limited(instance());
    const b: Deps = {
      ...limited(instance()),
      rateLimits: {
        submitForm: stores[1].rateLimit("submitForm", 3, 60),
        uploadFile: stores[1].rateLimit("uploadFile", 3, 60),
      },
    };
    const statuses: number[] = [];
    for (const d of [a, b, a, b]) {
      const res = fakeRes();
      await handleSubmitForm(fakeReq(JSON.stringify({ formId: "nope" }), { ip: "198.51.100.44" }), res, d);
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([404, 404, 404, 429]);
  });
});
