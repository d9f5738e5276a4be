/**
 * POST /api/csp-report (src/server/csp-report.ts): both report formats the browsers send, reduced to origin and
 * path; bad input refused (400, 405, 413, 415) and each address rate-limited (429); one log line and, with
 * CSP_REPORTS_FILE, one JSON line per report.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  CSP_REPORT_BODY_LIMIT_BYTES,
  handleCspReport,
  MAX_REPORTS_PER_REQUEST,
  parseCspReports,
  urlWithoutQuery,
  type CspReportDeps,
} from "../../../src/server/csp-report";
import { createRateLimit } from "../../../src/server/protect";
import { deps as leadDeps, fakeReq, fakeRes, tempLeadsDir } from "../../fixtures/lead-server-helpers";

/** What Chromium sends to report-uri for an inline script the policy blocked. */
const legacy = (changes: Record<string, unknown> = {}) => ({
  "csp-report": {
    "document-uri": "https://www.northdesk.com/pricing/?utm_source=mail&email=a%40b.com#plans",
    referrer: "",
    "violated-directive": "script-src-elem",
    "effective-directive": "script-src-elem",
    "original-policy": "script-src 'strict-dynamic'",
    disposition: "enforce",
    "blocked-uri": "inline",
    "line-number": 12,
    "column-number": 3,
    "source-file": "https://www.northdesk.com/pricing/",
    "status-code": 200,
    "script-sample": "",
    ...changes,
  },
});
/** One report of a Reporting API batch. */
const batched = (body: Record<string, unknown> = {}, type = "csp-violation") => ({
  type,
  age: 10,
  url: "https://www.northdesk.com/blog/?q=secret",
  user_agent: "Mozilla/5.0",
  body: {
    documentURL: "https://www.northdesk.com/blog/?q=secret",
    blockedURL: "https://evil.example/x.js?token=abc",
    effectiveDirective: "script-src-elem",
    originalPolicy: "script-src 'strict-dynamic'",
    disposition: "report",
    statusCode: 200,
    sample: "",
    ...body,
  },
});

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function subject(reportsFile?: string, points = 0): CspReportDeps & { lines: string[] } {
  const dir = tempLeadsDir({ inMemory: true });
  dirs.push(dir);
  const { config } = leadDeps(dir);
  const lines: string[] = [];
  return {
    config: { ...config, csp: { reportOnly: false, reportsFile, rateLimit: points } },
    rateLimit: createRateLimit(`csp-test-${Math.random()}`, points, 60),
    log: (line) => lines.push(line),
    lines,
  };
}

async function post(deps: CspReportDeps, body: unknown, { type = "application/csp-report", method = "POST", ip = "203.0.113.7" } = {}) {
  const res = fakeRes();
  const text = typeof body === "string" ? body : JSON.stringify(body);
  await handleCspReport(fakeReq(method === "GET" ? undefined : text, { method, type, ip, consent: false }), res, deps);
  return res;
}

describe("the report formats", () => {
  it("application/csp-report (report-uri): one report, its URLs cut to origin and path", () => {
    expect(parseCspReports("application/csp-report", legacy())).toEqual([
      {
        documentURL: "https://www.northdesk.com/pricing/",
        blockedURL: "inline",
        effectiveDirective: "script-src-elem",
        disposition: "enforce",
      },
    ]);
  });

  it("an old report with no effective-directive is read by its violated directive's name; no disposition is enforce", () => {
    const old = legacy({ "effective-directive": undefined, disposition: undefined, "violated-directive": "img-src 'self' https:" });
    expect(parseCspReports("application/csp-report", old)[0]).toMatchObject({ effectiveDirective: "img-src", disposition: "enforce" });
  });

  it("application/reports+json (report-to): a batch, only its csp-violation reports kept", () => {
    const reports = parseCspReports("application/reports+json", [
      batched(),
      batched({}, "deprecation"),
      batched({ blockedURL: "eval", effectiveDirective: "script-src", disposition: "enforce" }),
    ]);
    expect(reports).toEqual([
      {
        documentURL: "https://www.northdesk.com/blog/",
        blockedURL: "https://evil.example/x.js",
        effectiveDirective: "script-src-elem",
        disposition: "report",
      },
      { documentURL: "https://www.northdesk.com/blog/", blockedURL: "eval", effectiveDirective: "script-src", disposition: "enforce" },
    ]);
  });

  it("takes the nulls CSP3 allows in a report body (blockedURL, sourceFile, lineNumber, columnNumber)", () => {
    const nulls = batched({ blockedURL: null, sourceFile: null, lineNumber: null, columnNumber: null, referrer: null, sample: null });
    expect(parseCspReports("application/reports+json", [nulls])[0]).toMatchObject({
      blockedURL: "",
      effectiveDirective: "script-src-elem",
    });
  });

  it("keeps no query string, fragment or data: payload of a URL", () => {
    expect(urlWithoutQuery("https://a.example:8443/p/q.js?x=1#y")).toBe("https://a.example:8443/p/q.js");
    expect(urlWithoutQuery("wss://socket.example/s?token=1")).toBe("wss://socket.example/s");
    expect(urlWithoutQuery("data:image/png;base64,AAAA")).toBe("data");
    expect(urlWithoutQuery("blob:https://www.northdesk.com/1234")).toBe("blob");
    expect(urlWithoutQuery("inline")).toBe("inline");
    expect(urlWithoutQuery("")).toBe("");
  });

  it.each([
    ["not an object", "application/csp-report", [1, 2]],
    ["no csp-report key", "application/csp-report", { report: {} }],
    ["document-uri a number", "application/csp-report", legacy({ "document-uri": 5 })],
    ["no directive at all", "application/csp-report", legacy({ "effective-directive": undefined, "violated-directive": undefined })],
    ["a directive that is not a name", "application/csp-report", legacy({ "effective-directive": "script-src; x" })],
    ["an unknown disposition", "application/csp-report", legacy({ disposition: "maybe" })],
    ["a reports+json body that is no list", "application/reports+json", batched()],
    ["an empty list", "application/reports+json", []],
    ["a report without a type", "application/reports+json", [{ body: {} }]],
    ["a csp-violation without documentURL", "application/reports+json", [batched({ documentURL: undefined })]],
    ["a line number that is text", "application/reports+json", [batched({ lineNumber: "12" })]],
    ["a document URL over 2 KB", "application/reports+json", [batched({ documentURL: `https://a.example/${"x".repeat(2100)}` })]],
  ])("refuses %s with 400", (_, type, body) => {
    expect(() => parseCspReports(type, body)).toThrow(expect.objectContaining({ status: 400 }));
  });

  it(`refuses more than ${MAX_REPORTS_PER_REQUEST} reports in one batch with 413`, () => {
    const many = Array.from({ length: MAX_REPORTS_PER_REQUEST + 1 }, () => batched());
    expect(() => parseCspReports("application/reports+json", many)).toThrow(expect.objectContaining({ status: 413 }));
    expect(parseCspReports("application/reports+json", many.slice(1))).toHaveLength(MAX_REPORTS_PER_REQUEST);
  });
});

describe("POST /api/csp-report", () => {
  it("logs one compact line per report, without query strings", async () => {
    const deps = subject();
    const res = await post(deps, [batched(), batched({ blockedURL: "inline" })], { type: "application/reports+json" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({ success: true, reports: 2 });
    expect(deps.lines).toEqual([
      "[csp] report script-src-elem blocked https://evil.example/x.js on https://www.northdesk.com/blog/",
      "[csp] report script-src-elem blocked inline on https://www.northdesk.com/blog/",
    ]);
    expect(deps.lines.join("\n")).not.toMatch(/secret|token/);
  });

  it("with CSP_REPORTS_FILE, appends each report as one JSON line {documentURL, blockedURL, effectiveDirective, disposition}", async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "nd-csp-")), "reports.jsonl");
    dirs.push(path.dirname(file));
    const deps = subject(file);
    await post(deps, legacy());
    await post(deps, [batched()], { type: "application/reports+json" });
    const lines = fs
      .readFileSync(file, "utf8")
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, string>);
    expect(lines).toEqual([
      {
        documentURL: "https://www.northdesk.com/pricing/",
        blockedURL: "inline",
        effectiveDirective: "script-src-elem",
        disposition: "enforce",
      },
      {
        documentURL: "https://www.northdesk.com/blog/",
        blockedURL: "https://evil.example/x.js",
        effectiveDirective: "script-src-elem",
        disposition: "report",
      },
    ]);
  });

  it("refuses a GET (405), another media type (415), bad JSON (400) and a body over 64 KB (413)", async () => {
    const deps = subject();
    expect((await post(deps, undefined, { method: "GET" })).statusCode).toBe(405);
    expect((await post(deps, legacy(), { type: "application/json" })).statusCode).toBe(415);
    expect((await post(deps, "{not json", {})).statusCode).toBe(400);
    const big = legacy({ "script-sample": "x".repeat(CSP_REPORT_BODY_LIMIT_BYTES) });
    const res = await post(deps, big);
    expect(res.statusCode).toBe(413);
    expect(res.body).toEqual({ success: false, message: `Request body is larger than ${CSP_REPORT_BODY_LIMIT_BYTES} bytes` });
    expect(deps.lines).toEqual([]);
  });

  it("rate-limits each client address (429 with Retry-After); another address is not held back", async () => {
    const deps = subject(undefined, 2);
    expect((await post(deps, legacy())).statusCode).toBe(200);
    expect((await post(deps, legacy())).statusCode).toBe(200);
    const held = await post(deps, legacy());
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers["retry-after"])).toBeGreaterThan(0);
    expect((await post(deps, legacy(), { ip: "198.51.100.9" })).statusCode).toBe(200);
    expect(deps.lines).toHaveLength(3);
  });
});
