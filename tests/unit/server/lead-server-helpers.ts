import { Readable } from "node:stream";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ServerConfig } from "../../../src/config";
import { formsDir, loadFormDefinitions } from "../../../src/node/lead-forms";
import { createRateLimits, type Deps } from "../../../src/server/handlers";
import { FileStore } from "../../../src/server/store/file-store";

/** A request the handlers accept: a readable body stream with method and headers. */
export function fakeReq(
  body: string | Buffer | undefined,
  {
    method = "POST",
    type = "application/json",
    query = {} as Record<string, string>,
    headers = {} as Record<string, string>,
    ip = "203.0.113.50",
  } = {},
) {
  const stream = Readable.from(body === undefined ? [] : [Buffer.isBuffer(body) ? body : Buffer.from(body)]);
  return Object.assign(stream, {
    method,
    headers: {
      "content-type": type,
      ...(body !== undefined ? { "content-length": String(Buffer.byteLength(body)) } : {}),
      ...headers,
    },
    query,
    socket: { remoteAddress: ip },
  }) as any;
}

export function fakeRes() {
  const res = {
    statusCode: 0,
    body: undefined as any,
    headers: {} as Record<string, string | number>,
    status(code: number) {
      res.statusCode = code;
      return res;
    },
    json(body: unknown) {
      res.body = body;
    },
    send(body: unknown) {
      res.body = body;
    },
    end(body?: unknown) {
      res.body = body;
    },
    setHeader(name: string, value: string | number) {
      res.headers[name.toLowerCase()] = value;
    },
  };
  return res;
}

/**
 * A fresh LEADS_DIR. `inMemory`: on tmpfs (/dev/shm) where there is one, so fsync is free; for the
 * property tests, which run thousands of requests and check logic, not durability.
 */
export function tempLeadsDir({ inMemory = false } = {}) {
  const base = inMemory && fs.existsSync("/dev/shm") ? "/dev/shm" : os.tmpdir();
  return fs.mkdtempSync(path.join(base, "nd-leads-"));
}

/** The protection settings the tests run with: the production defaults, the rate limit off unless a test sets one. */
export const testProtection = (overrides: Partial<ServerConfig["protection"]> = {}): ServerConfig["protection"] => ({
  allowedOrigins: ["https://www.northdesk.com", "https://staging.northdesk.com"],
  rateLimit: 0,
  rateWindowSeconds: 60,
  trustedProxyHops: 0,
  uploadQuotaBytes: 50 * 1024 * 1024,
  allowLoopbackOrigins: true,
  ...overrides,
});

export function deps(
  leadsDir: string,
  hubspot?: ServerConfig["hubspot"],
  fetcher: typeof fetch = fetch,
  protection = testProtection(),
): Deps {
  return {
    config: {
      siteUrl: "https://www.northdesk.com",
      contentDir: undefined,
      contentful: undefined,
      hubspot,
      imageCdnDomain: undefined,
      hubspotForms: undefined,
      leadsDir,
      databaseUrl: undefined,
      databasePoolSize: 4,
      serverless: false,
      netlify: false,
      netlifyBuild: false,
      protection,
      leadsFlush: { concurrency: 4 },
      leadsAlerts: { webhookUrlInvalid: false, afterMinutes: 60, everyMinutes: 240 },
      leadsStatusToken: undefined,
    },
    forms: loadFormDefinitions(formsDir(path.join(__dirname, "../../../content"))),
    fetch: fetcher,
    store: new FileStore(leadsDir, { uploadQuotaBytes: protection.uploadQuotaBytes }),
    rateLimits: createRateLimits(protection),
  };
}

export const validDemo = () => ({
  formId: "get-a-demo",
  hubspotutk: "utk",
  pageUri: "http://localhost/lp/get-a-demo/",
  pageName: "Get a demo",
  ipAddress: "203.0.113.9",
  firstname: "Jordan",
  lastname: "Rivera",
  email: "jordan@acme.com",
  company: "Acme",
  phone: "",
  number_of_employees: "11-50",
  looking_for: "just_exploring",
  utm_source: "",
  utm_campaign: "",
  "legal--908": "true",
  "legal--908__TEXT": "I agree to receive other communications from Northdesk.",
  "legal--consentToProcess__TEXT": "By clicking below…",
});
