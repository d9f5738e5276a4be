/**
 * POST /api/csp-report: the browsers' Content-Security-Policy violation reports (docs/security.md#reports), in
 * both formats: `application/csp-report` (report-uri: one report) and `application/reports+json` (report-to: a
 * batch). Each is checked, reduced to what a reader needs (no query string, no fragment) and logged as one line.
 */
import fs from "node:fs/promises";
import { z } from "zod";
import { readServerConfig, type ServerConfig } from "../config";
import { guard, HttpError, mediaType, readJson, sendOk, type JsonResponse, type Request } from "./http";
import { createRateLimit, rateKey, type RateLimit } from "./protect";

/** A batch of reports is a few KB; 64 KB is a page with many blocked resources, and a bound on memory. */
export const CSP_REPORT_BODY_LIMIT_BYTES = 64 * 1024;
/** Reports in one request at most (a Reporting API batch): more is refused whole with 413. */
export const MAX_REPORTS_PER_REQUEST = 100;
export const CSP_REPORT_TYPE = "application/csp-report";
export const REPORTS_JSON_TYPE = "application/reports+json";

/** One report as it is logged and written (CSP_REPORTS_FILE's JSON lines: a contract the cross-engine tests read). */
export interface CspViolation {
  documentURL: string;
  /** A URL as origin and path, or the browser's keyword: "inline", "eval", "wasm-eval", "data", "blob", "" … */
  blockedURL: string;
  effectiveDirective: string;
  disposition: "enforce" | "report";
}

const text = (max: number) => z.string().max(max);
const DIRECTIVE = z.string().regex(/^[a-z-]{1,40}$/, "a directive name");
const DISPOSITION = z.enum(["enforce", "report"]);
const LINE = z.number().int().nonnegative().nullish();

/** report-uri's body (CSP Level 2, §5.4): `{"csp-report": {...}}`; hyphenated keys. */
const legacySchema = z.object({
  "csp-report": z.object({
    "document-uri": text(2048),
    "blocked-uri": text(2048).optional(),
    "effective-directive": DIRECTIVE.optional(),
    "violated-directive": text(1024).optional(),
    disposition: DISPOSITION.optional(),
    "source-file": text(2048).optional(),
    "line-number": LINE,
    "column-number": LINE,
  }),
});

/** report-to's body (Reporting API, CSP3 §5.3): a list of reports; only `csp-violation` ones are read; null where CSP3 allows it. */
const reportSchema = z.object({
  type: text(64),
  url: text(2048).optional(),
  body: z.unknown(),
});
const violationBodySchema = z.object({
  documentURL: text(2048),
  blockedURL: text(2048).nullish(),
  effectiveDirective: DIRECTIVE,
  disposition: DISPOSITION,
  sourceFile: text(2048).nullish(),
  lineNumber: LINE,
  columnNumber: LINE,
});

/** A URL as origin and path (a query string may carry a visitor's data); a keyword or scheme as it is. */
export function urlWithoutQuery(value: string): string {
  if (!/^[a-z][a-z0-9+.-]*:/i.test(value)) return value.slice(0, 40);
  try {
    const url = new URL(value);
    return /^(https?|wss?):$/.test(url.protocol) ? `${url.origin}${url.pathname}` : url.protocol.slice(0, -1);
  } catch {
    return value.slice(0, value.indexOf(":"));
  }
}

const problem = (error: z.ZodError, what: string) => {
  const issue = error.issues[0];
  return new HttpError(400, `${what}${issue?.path.length ? ` ${issue.path.join(".")}` : ""}: ${issue?.message ?? "not valid"}`);
};

/** The violations in a parsed body of media type `type`, or an HttpError (400: not a report; 413: too many). */
export function parseCspReports(type: string, body: unknown): CspViolation[] {
  if (type === CSP_REPORT_TYPE) {
    const parsed = legacySchema.safeParse(body);
    if (!parsed.success) throw problem(parsed.error, "The report");
    const report = parsed.data["csp-report"];
    const directive = report["effective-directive"] ?? report["violated-directive"]?.split(" ")[0];
    if (!directive || !DIRECTIVE.safeParse(directive).success) throw new HttpError(400, "The report names no directive");
    return [
      {
        documentURL: urlWithoutQuery(report["document-uri"]),
        blockedURL: urlWithoutQuery(report["blocked-uri"] ?? ""),
        effectiveDirective: directive,
        disposition: report.disposition ?? "enforce",
      },
    ];
  }
  if (!Array.isArray(body)) throw new HttpError(400, "A reports+json body is a list of reports");
  if (body.length > MAX_REPORTS_PER_REQUEST) throw new HttpError(413, `More than ${MAX_REPORTS_PER_REQUEST} reports in one request`);
  if (body.length === 0) throw new HttpError(400, "The list of reports is empty");
  return body.flatMap((item, index) => {
    const report = reportSchema.safeParse(item);
    if (!report.success) throw problem(report.error, `Report ${index}`);
    if (report.data.type !== "csp-violation") return [];
    const violation = violationBodySchema.safeParse(report.data.body);
    if (!violation.success) throw problem(violation.error, `Report ${index} body`);
    const { documentURL, blockedURL, effectiveDirective, disposition } = violation.data;
    return [{ documentURL: urlWithoutQuery(documentURL), blockedURL: urlWithoutQuery(blockedURL ?? ""), effectiveDirective, disposition }];
  });
}

/** The log line of one report. */
export const reportLine = (v: CspViolation) =>
  `[csp] ${v.disposition} ${v.effectiveDirective} blocked ${v.blockedURL || "(none)"} on ${v.documentURL}`;

/** The body of either format as JSON: readJson (its 405/413/400 and UTF-8 rules) reads it as application/json. */
async function readReportBody(req: Request, type: string): Promise<unknown> {
  if (type !== CSP_REPORT_TYPE && type !== REPORTS_JSON_TYPE)
    throw new HttpError(415, `Send reports as ${CSP_REPORT_TYPE} or ${REPORTS_JSON_TYPE}`);
  const asJson: Request = {
    method: req.method,
    headers: { ...req.headers, "content-type": "application/json" },
    body: req.body,
    [Symbol.asyncIterator]: () => req[Symbol.asyncIterator](),
  };
  return readJson(asJson, CSP_REPORT_BODY_LIMIT_BYTES);
}

/** One in-memory limit per setting for the process's life (on globalThis: `gatsby serve` re-requires a function per request). */
const LIMITS = Symbol.for("northdesk.csp-report.limits");
const registry = globalThis as typeof globalThis & { [LIMITS]?: Map<number, RateLimit> };
export function cspReportRateLimit(points: number): RateLimit {
  const limits = (registry[LIMITS] ??= new Map());
  let limit = limits.get(points);
  if (!limit) limits.set(points, (limit = createRateLimit("csp-report", points, 60)));
  return limit;
}

export interface CspReportDeps {
  config: ServerConfig;
  rateLimit?: RateLimit;
  log?: (line: string) => void;
}

/** POST /api/csp-report: 200 with the count kept; 400/405/413/415/429 as JSON. */
export async function handleCspReport(req: Request, res: JsonResponse, given?: CspReportDeps) {
  await guard(res, async () => {
    if (req.method !== "POST") throw new HttpError(405, "Method not allowed: use POST", { Allow: "POST" });
    const config = given?.config ?? readServerConfig();
    const limit = given?.rateLimit ?? cspReportRateLimit(config.csp.rateLimit);
    const retryAfter = await limit(rateKey(req, config.protection));
    if (retryAfter !== null)
      throw new HttpError(429, `Too many reports. Try again in ${retryAfter} seconds.`, { "Retry-After": String(retryAfter) });
    const type = mediaType(req);
    const violations = parseCspReports(type, await readReportBody(req, type));
    const log = given?.log ?? console.warn;
    for (const violation of violations) log(reportLine(violation));
    if (config.csp.reportsFile && violations.length)
      await fs.appendFile(config.csp.reportsFile, violations.map((v) => `${JSON.stringify(v)}\n`).join(""));
    sendOk(res, { reports: violations.length });
  });
}
