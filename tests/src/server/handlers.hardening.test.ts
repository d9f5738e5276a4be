/**
 * The lead functions hardened. Property tests (fast-check) throw arbitrary JSON,
 * arbitrary bytes, content types, methods and origins at submitForm and uploadFile, in-process:
 * the answer is always JSON with a 2xx/4xx status and no stack trace, nothing unexpected is logged,
 * and nothing is written for a refused request. Then the Origin check and the per-IP rate limit.
 */
import { htmlToText } from "../../../src/lib/lead-form/payload";
import fs from "node:fs";
import fc from "fast-check";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { readLeadProtection } from "../../../src/config";
import { handleSubmitForm, handleUploadFile } from "../../../src/server/handlers";
import { checkOrigin, clientIp } from "../../../src/server/protect";
import { outboxFile, type OutboxRecord } from "../../../src/server/outbox";
import { detectFileType, filesDir } from "../../../src/server/uploads";
import { deps, fakeReq, fakeRes, tempLeadsDir, testProtection, validDemo } from "../../fixtures/lead-server-helpers";

let dir: string;
let errors: ReturnType<typeof vi.spyOn>;
beforeAll(() => {
  dir = tempLeadsDir({ inMemory: true });
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
beforeEach(() => {
  errors = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

/** Outbox size in bytes (cheap to take on every run; the file only grows). */
const outboxSize = () => fs.statSync(outboxFile(dir), { throwIfNoEntry: false })?.size ?? 0;
/** The lines appended since `offset`. */
const outboxSince = (offset: number) => {
  const fd = fs.openSync(outboxFile(dir), "r");
  try {
    const buf = Buffer.alloc(outboxSize() - offset);
    fs.readSync(fd, buf, 0, buf.length, offset);
    return buf.toString("utf8").split("\n").filter(Boolean);
  } finally {
    fs.closeSync(fd);
  }
};
const storedFiles = () => (fs.existsSync(filesDir(dir)) ? fs.readdirSync(filesDir(dir)).length : 0);
const STACK = /\n\s+at |\.ts:\d|\.js:\d|node_modules|TypeError|ReferenceError|SyntaxError|RangeError/;

/** Each property test takes a few seconds on an idle 2-core machine; the margin is for a loaded CI host. */
const PROPERTY_TIMEOUT_MS = 90_000;

type Res = ReturnType<typeof fakeRes>;
/** The invariant every answer keeps: a JSON object, 2xx or 4xx, success matching the status, a short clean message on errors. */
function expectCleanJson(res: Res) {
  expect(res.statusCode >= 200 && res.statusCode < 500 && !(res.statusCode >= 300 && res.statusCode < 400)).toBe(true);
  expect(typeof res.body).toBe("object");
  expect(res.body).not.toBeNull();
  expect(res.headers["cache-control"]).toBe("no-store");
  JSON.stringify(res.body); // serialisable
  if (res.statusCode >= 400) {
    expect(res.body).toEqual({ success: false, message: expect.any(String) });
    expect(res.body.message.length).toBeLessThan(300);
    expect(res.body.message).not.toMatch(STACK);
  } else {
    expect(res.body.success).toBe(true);
  }
  // guard() logs only the unexpected: a crash would show here
  expect(errors).not.toHaveBeenCalled();
}

const forms = deps(tempLeadsDir()).forms;
/** The consent text a form defines for a `legal--…__TEXT` key (what the visitor was shown). */
const definedConsentText = (formId: string, key: string) => {
  const legal = forms.get(formId)!.legalConsentOptions!;
  if (key === "legal--consentToProcess__TEXT") return htmlToText(legal.consentToProcessText);
  const box = legal.communicationsCheckboxes!.find((c) => key === `legal--${c.subscriptionTypeId}__TEXT`)!;
  return htmlToText(box.label);
};
const formIds = [...forms.keys()];
const knownKeys = [
  ...new Set([
    ...Object.keys(validDemo()),
    ...[...forms.values()].flatMap((f) => (f.fieldGroups ?? []).flatMap((g) => g.alternative_fields.map((x) => x.name))),
    "legal--909",
    "legal--909__TEXT",
    "__proto__",
    "constructor",
    "toString",
  ]),
];

/** Bodies near the valid ones (a real form with keys overridden by arbitrary JSON), and anything at all. */
const submissionBody = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue() },
  {
    weight: 5,
    arbitrary: fc
      .tuple(
        fc.constantFrom(...formIds, "", "nope"),
        fc.dictionary(fc.oneof(fc.constantFrom(...knownKeys), fc.string({ maxLength: 12 })), fc.oneof(fc.string(), fc.jsonValue()), {
          maxKeys: 4,
        }),
        fc.boolean(),
      )
      .map(([formId, overrides, fromValid]) => ({ ...(fromValid ? validDemo() : {}), formId, ...overrides })),
  },
  { weight: 1, arbitrary: fc.constant(null).map(() => validDemo()) },
);

const contentTypes = fc.oneof(
  fc.constantFrom(
    "application/json",
    "application/json; charset=utf-8",
    "text/plain",
    "multipart/form-data; boundary=x",
    "",
    "APPLICATION/JSON",
  ),
  fc.string({ maxLength: 30 }),
);
const methods = fc.constantFrom("POST", "POST", "POST", "GET", "PUT", "DELETE", "OPTIONS", "HEAD");

async function submit(body: string | Buffer, options?: Parameters<typeof fakeReq>[1]) {
  const res = fakeRes();
  await handleSubmitForm(fakeReq(body, options), res, deps(dir));
  return res;
}
async function upload(body: string | Buffer, options?: Parameters<typeof fakeReq>[1]) {
  const res = fakeRes();
  await handleUploadFile(fakeReq(body, options), res, deps(dir));
  return res;
}

describe("submitForm under generated input", () => {
  it("arbitrary JSON bodies: clean JSON answers; an outbox line exactly when accepted, holding what was sent", async () => {
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(submissionBody, async (value) => {
        const before = outboxSize();
        const res = await submit(JSON.stringify(value) ?? "null");
        expectCleanJson(res);
        if (res.statusCode === 200) {
          accepted++;
          const lines = outboxSince(before);
          expect(lines).toHaveLength(1);
          const record = JSON.parse(lines[0]) as OutboxRecord;
          expect(record.id).toBe(res.body.id);
          // what the server knows better is its own: the request's address, the consent texts the form defines
          for (const [k, v] of Object.entries(value as Record<string, string>)) {
            if (k === "ipAddress") expect(record.submission[k]).toBe("203.0.113.50");
            else if (k.endsWith("__TEXT")) expect(record.submission[k]).toBe(definedConsentText(record.formId, k));
            else expect(record.submission[k]).toBe(v);
          }
        } else {
          expect(outboxSize()).toBe(before);
        }
      }),
      { numRuns: 4000 },
    );
    // the generator reaches the accepting path too, so the "write exactly when accepted" half is exercised
    expect(accepted).toBeGreaterThan(100);
  });

  it(
    "arbitrary bytes, content types and methods: clean JSON 4xx/2xx, nothing written unless accepted",
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            fc.uint8Array({ maxLength: 512 }),
            fc.string({ maxLength: 200 }).map((s) => new TextEncoder().encode(s)),
          ),
          contentTypes,
          methods,
          async (bytes, type, method) => {
            const before = outboxSize();
            const res = await submit(Buffer.from(bytes), { type, method });
            expectCleanJson(res);
            if (res.statusCode === 200) expect(outboxSince(before)).toHaveLength(1);
            else expect(outboxSize()).toBe(before);
            if (method !== "POST") expect(res.statusCode).toBe(405);
          },
        ),
        { numRuns: 2000 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});

const MAGIC = [
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from([0xff, 0xd8, 0xff]),
  Buffer.from("GIF89a"),
  Buffer.from("%PDF-"),
  Buffer.concat([Buffer.from("RIFF"), Buffer.alloc(4), Buffer.from("WEBP")]),
  Buffer.from("<svg"),
  Buffer.alloc(0),
];
const dataUrls = fc
  .tuple(
    fc.constantFrom(...MAGIC),
    fc.uint8Array({ maxLength: 256 }),
    fc.constantFrom("image/png", "application/pdf", "text/html", "", "image/svg+xml;charset=utf-8"),
    fc.boolean(),
  )
  .map(([magic, rest, type, valid]) =>
    valid
      ? `data:${type};base64,${Buffer.concat([magic, rest]).toString("base64")}`
      : `data:${type},${Buffer.from(rest).toString("latin1")}`,
  );

describe("uploadFile under generated input", () => {
  it(
    "arbitrary JSON and data URLs: clean JSON answers; a file is stored exactly when accepted, and only images/PDF",
    async () => {
      let accepted = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            fc.jsonValue(),
            fc.record({ file: fc.oneof(dataUrls, fc.jsonValue()), filename: fc.oneof(fc.string(), fc.jsonValue()) }, { requiredKeys: [] }),
            fc.record({ file: dataUrls, filename: fc.string({ minLength: 1 }) }),
          ),
          async (value) => {
            const before = storedFiles();
            const res = await upload(JSON.stringify(value) ?? "null");
            expectCleanJson(res);
            if (res.statusCode === 200) {
              accepted++;
              expect(storedFiles()).toBe(before + 2); // the bytes and their metadata
              const { file } = value as { file: string };
              expect(detectFileType(Buffer.from(file.slice(file.indexOf(",") + 1), "base64"))).not.toBeNull();
              expect(res.body.fileUrl).toMatch(/^https:\/\/www\.northdesk\.com\/api\/hubspot\/file\?id=[0-9a-f-]{36}$/);
            } else {
              expect(storedFiles()).toBe(before);
            }
          },
        ),
        { numRuns: 2500 },
      );
      expect(accepted).toBeGreaterThan(50);
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    "arbitrary bytes, content types and methods: clean JSON answers, nothing stored",
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.uint8Array({ maxLength: 512 }), contentTypes, methods, async (bytes, type, method) => {
          const before = storedFiles();
          const res = await upload(Buffer.from(bytes), { type, method });
          expectCleanJson(res);
          expect(res.statusCode).toBeGreaterThanOrEqual(400);
          expect(storedFiles()).toBe(before);
        }),
        { numRuns: 1500 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});

describe("Origin check", () => {
  const allowed = testProtection().allowedOrigins;
  const req = (headers: Record<string, string>) => fakeReq("{}", { headers });
  it.each([
    ["the marketing site", { origin: "https://www.northdesk.com" }],
    ["staging", { origin: "https://staging.northdesk.com" }],
    ["localhost on any port", { origin: "http://localhost:9132" }],
    ["127.0.0.1", { origin: "http://127.0.0.1:8000" }],
    ["the request's own host (a preview deploy)", { origin: "https://preview-42.example.dev", host: "preview-42.example.dev" }],
    ["no Origin (curl, server to server)", {}],
    ["no Origin, same-origin fetch metadata", { "sec-fetch-site": "same-origin" }],
  ])("allows %s", (_, headers) => expect(() => checkOrigin(req(headers), allowed)).not.toThrow());

  it.each([
    ["another site", { origin: "https://evil.example" }],
    ["a look-alike host", { origin: "https://www.northdesk.com.evil.example" }],
    ["http on the marketing host", { origin: "http://www.northdesk.com" }],
    ["an opaque origin", { origin: "null" }],
    ["a non-http scheme", { origin: "file://" }],
    ["a host that differs from the request's", { origin: "https://evil.example", host: "www.northdesk.com" }],
    ["no Origin but a cross-site fetch", { "sec-fetch-site": "cross-site" }],
  ])("refuses %s with 403 and writes nothing", async (_, headers) => {
    const before = outboxSize();
    const res = await submit(JSON.stringify(validDemo()), { headers });
    expect(res.statusCode).toBe(403);
    expect(res.body).toEqual({ success: false, message: "Cross-site requests are not accepted" });
    const up = await upload("{}", { headers });
    expect(up.statusCode).toBe(403);
    expect(outboxSize()).toBe(before);
  });

  it(
    "any generated Origin is either allowed (configured, loopback, own host) or refused with 403",
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.oneof(fc.webUrl(), fc.string({ maxLength: 40 }), fc.constantFrom(...allowed)), async (origin) => {
          const res = await submit(JSON.stringify(validDemo()), { headers: { origin } });
          expectCleanJson(res);
          let ok = false;
          try {
            const url = new URL(origin);
            ok = url.origin === origin && (allowed.includes(url.origin) || ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname));
          } catch {
            ok = false;
          }
          expect(res.statusCode).toBe(ok ? 200 : 403);
        }),
        { numRuns: 200 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it("allowed origins come from SITE_URL, the marketing and staging hosts and LEAD_ALLOWED_ORIGINS", () => {
    vi.stubEnv("GATSBY_MARKETING_HOST", "www.example.com");
    vi.stubEnv("LEAD_ALLOWED_ORIGINS", "https://partner.example.org/landing");
    try {
      expect(readLeadProtection("https://northdesk.test").allowedOrigins).toEqual([
        "https://northdesk.test",
        "https://www.example.com",
        "https://staging.northdesk.com",
        "https://partner.example.org",
      ]);
      // an entry that is not an origin fails at start (src/config), it is not dropped
      vi.stubEnv("LEAD_ALLOWED_ORIGINS", "https://partner.example.org/landing, not a url");
      expect(() => readLeadProtection("https://northdesk.test")).toThrow(
        "LEAD_ALLOWED_ORIGINS must be a comma-separated list of http(s) origins",
      );
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe("per-IP rate limit", () => {
  const limited = () => deps(dir, undefined, fetch, testProtection({ rateLimit: 3, rateWindowSeconds: 60 }));

  it("the 4th request in a window gets 429 with Retry-After; other IPs and the other function are unaffected", async () => {
    const d = limited();
    const post = async (ip: string, handler = handleSubmitForm) => {
      const res = fakeRes();
      await handler(fakeReq(JSON.stringify({ formId: "nope" }), { ip }), res, d);
      return res;
    };
    for (let i = 0; i < 3; i++) expect((await post("198.51.100.1")).statusCode).toBe(404);
    const before = outboxSize();
    const refused = fakeRes();
    await handleSubmitForm(fakeReq(JSON.stringify(validDemo()), { ip: "198.51.100.1" }), refused, d);
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toEqual({ success: false, message: expect.stringMatching(/Too many requests/) });
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(outboxSize()).toBe(before);
    expect((await post("198.51.100.2")).statusCode).toBe(404);
    expect((await post("198.51.100.1", handleUploadFile)).statusCode).toBe(400);
  });

  it("the counters survive the function module being loaded again (gatsby serve re-requires it on every request)", async () => {
    vi.stubEnv("LEAD_RATE_LIMIT", "1");
    vi.stubEnv("LEAD_RATE_WINDOW_SECONDS", "3599");
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 2; i++) {
        vi.resetModules();
        const fresh = await import("../../../src/server/handlers");
        const res = fakeRes();
        await fresh.handleSubmitForm(fakeReq(JSON.stringify({ formId: "nope" }), { ip: "198.51.100.77" }), res, {
          ...deps(dir),
          rateLimits: fresh.defaultDeps().rateLimits,
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([404, 429]);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("the window ends: requests are accepted again", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const d = deps(dir, undefined, fetch, testProtection({ rateLimit: 1, rateWindowSeconds: 2 }));
      const once = async () => {
        const res = fakeRes();
        await handleSubmitForm(fakeReq(JSON.stringify({ formId: "nope" }), { ip: "198.51.100.9" }), res, d);
        return res.statusCode;
      };
      expect(await once()).toBe(404);
      expect(await once()).toBe(429);
      vi.setSystemTime(Date.now() + 2100);
      expect(await once()).toBe(404);
    } finally {
      vi.useRealTimers();
    }
  });

  it("behind trusted proxies the client is the proxy-appended X-Forwarded-For entry, never a spoofed one", () => {
    const req = (xff: string) => fakeReq("{}", { ip: "10.0.0.1", headers: { "x-forwarded-for": xff } });
    expect(clientIp(req("6.6.6.6, 203.0.113.7"), 1)).toBe("203.0.113.7");
    expect(clientIp(req("203.0.113.7"), 2)).toBe("203.0.113.7");
    expect(clientIp(req("6.6.6.6"), 0)).toBe("10.0.0.1");
    expect(clientIp(fakeReq("{}", { ip: "::ffff:192.0.2.4" }), 0)).toBe("192.0.2.4");
  });

  it("defaults: 20 requests per 60 s, configurable through LEAD_RATE_LIMIT / LEAD_RATE_WINDOW_SECONDS", () => {
    expect(readLeadProtection("https://x.test")).toMatchObject({ rateLimit: 20, rateWindowSeconds: 60, trustedProxyHops: 0 });
    vi.stubEnv("LEAD_RATE_LIMIT", "0");
    vi.stubEnv("LEAD_RATE_WINDOW_SECONDS", "10");
    vi.stubEnv("TRUSTED_PROXY_HOPS", "1");
    try {
      expect(readLeadProtection("https://x.test")).toMatchObject({ rateLimit: 0, rateWindowSeconds: 10, trustedProxyHops: 1 });
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

it("nothing is left behind in the outbox directory but the outbox and the accepted files", () => {
  const entries = fs.readdirSync(dir).filter((e) => !["outbox.jsonl", "files", "locks"].includes(e));
  expect(entries).toEqual([]);
});
