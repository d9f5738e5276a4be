/**
 * POST /api/consent (src/server/consent-records.ts): the record's validation, one reason per bad field; the
 * body's size, media types and method; the Origin check and the generous rate limit; what is kept (no IP, no
 * user agent), once per (id, at), on the file store across a restart.
 */
import fs from "node:fs";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { newRecordId, type ConsentRecord } from "../../../src/lib/consent-model";
import { consentRateLimit, handleConsent, parseConsentRecord, type ConsentDeps } from "../../../src/server/consent-records";
import { createRateLimit } from "../../../src/server/protect";
import { consentFile, FileStore } from "../../../src/server/store/file-store";
import { deps as leadDeps, fakeReq, fakeRes, tempLeadsDir, testProtection } from "../../fixtures/lead-server-helpers";
import { consentPost } from "../../fixtures/consent-records";

const NOW = Date.UTC(2026, 10, 26, 16, 30);
const DAY = 86_400_000;

const valid = (overrides: Record<string, unknown> = {}) => consentPost(overrides, NOW);

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

function subject(protection = testProtection()): ConsentDeps & { dir: string } {
  const dir = tempLeadsDir({ inMemory: true });
  dirs.push(dir);
  const { config, store } = leadDeps(dir, undefined, fetch, protection);
  return {
    dir,
    config,
    store,
    now: () => NOW,
    rateLimit: createRateLimit("consent-test", protection.rateLimit, protection.rateWindowSeconds),
  };
}

async function post(
  deps: ConsentDeps,
  body: unknown,
  { type = "application/json", method = "POST", headers = {} as Record<string, string>, ip = "203.0.113.50" } = {},
) {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  const req = fakeReq(method === "GET" ? undefined : text, { method, type, headers, ip });
  const res = fakeRes();
  await handleConsent(req, res, deps);
  return res;
}

describe("validation: each bad field is refused with 400 and its reason", () => {
  const withChoices = (choices: Record<string, unknown>) => ({ choices });
  const cases: [string, unknown, string][] = [
    ["id missing", valid({ id: undefined }), "id is missing"],
    ["id a number", valid({ id: 12345 }), "id must be a UUID string"],
    ["id not a UUID", valid({ id: "not-a-uuid-at-all" }), "id must be a UUID"],
    ["at missing", valid({ at: undefined }), "at is missing"],
    ["at a string", valid({ at: "2026-11-26" }), "at must be a number (ms since the epoch)"],
    ["at a fraction", valid({ at: NOW - 0.5 }), "at must be a whole number of ms since the epoch"],
    ["at in the future", valid({ at: NOW + DAY + 1000 }), "at is more than a day in the future"],
    ["at over a year old", valid({ at: NOW - 366 * DAY }), "at is more than a year old"],
    ["policy unknown", valid({ policy: "opt-maybe" }), "policy must be one of opt-in, opt-out"],
    ["version zero", valid({ version: 0 }), "version must be a positive integer"],
    ["version a fraction", valid({ version: 1.5 }), "version must be a positive integer"],
    ["version a string", valid({ version: "1" }), "version must be a positive integer"],
    ["method unknown", valid({ method: "clicked" }), "method must be one of accept-all, reject-all, preferences, do-not-sell, manager"],
    ["choices missing", valid({ choices: undefined }), "choices is missing"],
    ["choices an array", valid({ choices: [true, false, true] }), "choices must be an object of three booleans"],
    [
      "choices.analytics a string",
      valid(withChoices({ preferences: true, analytics: "yes", marketing: false })),
      "choices.analytics must be a boolean",
    ],
    ["choices.marketing missing", valid(withChoices({ preferences: true, analytics: true })), "choices.marketing is missing"],
    [
      "choices with an extra key",
      valid(withChoices({ preferences: true, analytics: true, marketing: true, necessary: true })),
      "choices has an unknown key: necessary",
    ],
    ["an extra key", valid({ ip: "203.0.113.9" }), "the record has an unknown key: ip"],
    ["not an object", [valid()], "the record must be a JSON object"],
    ["null", null, "the record must be a JSON object"],
  ];
  it.each(cases)("%s", async (_name, body, reason) => {
    const s = subject();
    const res = await post(s, body);
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({ success: false, message: reason });
    expect(await s.store.consent.countConsentRecords()).toBe(0);
  });

  it("broken JSON and an empty body are 400", async () => {
    const s = subject();
    expect((await post(s, "{not json")).body).toEqual({ success: false, message: "Request body is not valid JSON" });
    expect((await post(s, "")).statusCode).toBe(400);
  });

  it("accepts the edges: a day ahead, just under a year old, opt-out, every method", () => {
    expect(parseConsentRecord(valid({ at: NOW + DAY }), NOW).at).toBe(NOW + DAY);
    expect(parseConsentRecord(valid({ at: NOW - 365 * DAY + 1 }), NOW).at).toBe(NOW - 365 * DAY + 1);
    for (const method of ["accept-all", "reject-all", "preferences", "do-not-sell", "manager"]) {
      expect(parseConsentRecord(valid({ method, policy: "opt-out" }), NOW).method).toBe(method);
    }
  });
});

describe("the request", () => {
  it("a valid record is kept: 201, with receivedAt and nothing about the client", async () => {
    const s = subject();
    const record = valid();
    const res = await post(s, record, {
      headers: { "user-agent": "Mozilla/5.0 (Secret)", origin: "https://www.northdesk.com" },
      ip: "198.51.100.77",
    });
    expect(res.statusCode).toBe(201);
    expect(res.body).toEqual({ success: true });
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(await s.store.consent.consentRecords(record.id as string)).toEqual([{ ...record, receivedAt: new Date(NOW).toISOString() }]);
    const raw = fs.readFileSync(consentFile(s.dir), "utf8");
    expect(raw).not.toContain("198.51.100.77");
    expect(raw).not.toContain("Mozilla");
    expect(Object.keys(JSON.parse(raw)).sort()).toEqual(["at", "choices", "id", "method", "policy", "receivedAt", "version"]);
  });

  it("text/plain (sendBeacon's Blob) is read as JSON, with or without a charset", async () => {
    const s = subject();
    expect((await post(s, valid(), { type: "text/plain" })).statusCode).toBe(201);
    expect((await post(s, valid(), { type: "text/plain;charset=UTF-8" })).statusCode).toBe(201);
    expect((await post(s, { ...valid(), at: "x" }, { type: "text/plain" })).body.message).toBe("at must be a number (ms since the epoch)");
    expect(await s.store.consent.countConsentRecords()).toBe(2);
  });

  it("another media type is 415, another charset 415", async () => {
    const s = subject();
    expect((await post(s, valid(), { type: "application/x-www-form-urlencoded" })).statusCode).toBe(415);
    expect((await post(s, valid(), { type: "text/plain; charset=iso-8859-1" })).statusCode).toBe(415);
    expect(await s.store.consent.countConsentRecords()).toBe(0);
  });

  it("the same id and at again is 200 and kept once; a later decision with the same id is a new record", async () => {
    const s = subject();
    const first = valid();
    expect((await post(s, first)).statusCode).toBe(201);
    expect((await post(s, first)).statusCode).toBe(200);
    const later = {
      ...first,
      at: (first.at as number) + 500,
      choices: { preferences: false, analytics: false, marketing: false },
      method: "reject-all",
    };
    expect((await post(s, later)).statusCode).toBe(201);
    const kept = await s.store.consent.consentRecords(first.id as string);
    expect(kept.map((r) => [r.at, r.method])).toEqual([
      [first.at, "preferences"],
      [later.at, "reject-all"],
    ]);
  });

  it("an upper-case id is kept in lower case (one record whichever way it is written)", async () => {
    const s = subject();
    const record = valid();
    expect((await post(s, { ...record, id: (record.id as string).toUpperCase() })).statusCode).toBe(201);
    expect((await post(s, record)).statusCode).toBe(200);
    expect(await s.store.consent.countConsentRecords()).toBe(1);
  });

  it("a body over 2 KB is 413, by its Content-Length or as read", async () => {
    const s = subject();
    const big = JSON.stringify({ ...valid(), pad: "x".repeat(2100) });
    const res = await post(s, big);
    expect(res.statusCode).toBe(413);
    expect(res.body.success).toBe(false);
    // no Content-Length (chunked): stopped while reading
    const req = fakeReq(big, { type: "text/plain" });
    delete req.headers["content-length"];
    const chunked = fakeRes();
    await handleConsent(req, chunked, s);
    expect(chunked.statusCode).toBe(413);
    expect(await s.store.consent.countConsentRecords()).toBe(0);
  });

  it.each(["GET", "PUT", "DELETE"])("%s is 405 with Allow: POST", async (method) => {
    const s = subject();
    const res = await post(s, valid(), { method });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe("POST");
    expect(res.body.success).toBe(false);
  });

  it("a cross-site post is refused (403) and nothing is kept; the site's own origins are not", async () => {
    const s = subject({ ...testProtection(), allowLoopbackOrigins: false });
    const refused: Record<string, string>[] = [{ origin: "https://evil.example" }, { "sec-fetch-site": "cross-site" }, { origin: "null" }];
    for (const headers of refused) {
      const res = await post(s, valid(), { headers });
      expect(res.statusCode).toBe(403);
      expect(res.body).toEqual({ success: false, message: "Cross-site requests are not accepted" });
    }
    expect((await post(s, valid(), { headers: { origin: "http://localhost:8000" } })).statusCode).toBe(403);
    expect(await s.store.consent.countConsentRecords()).toBe(0);
    expect((await post(s, valid(), { headers: { origin: "https://www.northdesk.com" } })).statusCode).toBe(201);
    expect((await post(s, valid(), { headers: { origin: "https://preview.example", host: "preview.example" } })).statusCode).toBe(201);
  });

  it("beyond the limit one address gets 429 with Retry-After; another address still gets through", async () => {
    const s = subject(testProtection({ rateLimit: 5, rateWindowSeconds: 600 }));
    for (let i = 0; i < 5; i++) expect((await post(s, valid(), { ip: "192.0.2.1" })).statusCode).toBe(201);
    const over = await post(s, valid(), { ip: "192.0.2.1" });
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
    expect(over.body.success).toBe(false);
    expect((await post(s, valid(), { ip: "192.0.2.2" })).statusCode).toBe(201);
    expect(await s.store.consent.countConsentRecords()).toBe(6);
  });

  it("the default limit is its own bucket of CONSENT_RATE_LIMIT (600) per address, not the lead forms' 20", async () => {
    const dir = tempLeadsDir({ inMemory: true });
    dirs.push(dir);
    const store = new FileStore(dir, { uploadQuotaBytes: 1e6 });
    const protection = testProtection({ rateLimit: 20, consentRateLimit: 600, consentRateWindowSeconds: 600 });
    const limit = consentRateLimit(store, protection);
    expect(consentRateLimit(new FileStore(dir, { uploadQuotaBytes: 1e6 }), protection)).toBe(limit);
    const ip = "192.0.2.99";
    for (let i = 0; i < 600; i++) expect(await limit(ip)).toBeNull();
    expect(await limit(ip)).toBeGreaterThan(0);
    // the lead forms' limit is untouched by it
    const other = consentRateLimit(store, testProtection({ consentRateLimit: 3, consentRateWindowSeconds: 600 }));
    expect(other).not.toBe(limit);
    expect(await other("192.0.2.98")).toBeNull();
  });
});

describe("the file store", () => {
  it("keeps the records across a restart (a new store on the same LEADS_DIR)", async () => {
    const s = subject();
    const a = valid();
    const b = valid({ choices: { preferences: true, analytics: true, marketing: true }, method: "accept-all" });
    expect((await post(s, a)).statusCode).toBe(201);
    expect((await post(s, b)).statusCode).toBe(201);
    const restarted = new FileStore(s.dir, { uploadQuotaBytes: 1e6 });
    expect(await restarted.consent.countConsentRecords()).toBe(2);
    expect((await restarted.consent.consentRecords(b.id as string))[0]).toMatchObject({ choices: b.choices, method: "accept-all" });
    // and still knows what it kept: the retried post is a duplicate
    expect((await post({ ...s, store: restarted }, a)).statusCode).toBe(200);
    expect(await restarted.consent.countConsentRecords()).toBe(2);
  });

  it("many decisions at once are each kept once (the lock serialises them)", async () => {
    const s = subject();
    const records = Array.from({ length: 40 }, () => valid());
    const answers = await Promise.all([...records, ...records.slice(0, 10)].map((r) => post(s, r)));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(40);
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(10);
    expect(await s.store.consent.countConsentRecords()).toBe(40);
  });

  it("a record as ConsentRecord types it is what the handler takes", () => {
    const record: ConsentRecord = {
      id: newRecordId(),
      at: NOW,
      policy: "opt-out",
      version: 2,
      choices: { preferences: false, analytics: true, marketing: false },
      method: "manager",
    };
    expect(parseConsentRecord(record, NOW)).toEqual(record);
  });
});
