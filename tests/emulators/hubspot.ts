/**
 * A local HubSpot emulator.
 * - Forms submission API: POST /submissions/v3/integration/secure/submit/{portal}/{guid} records each
 *   submission (with its bearer token) and answers like HubSpot.
 * - Marketing forms API (build-time sourcing): GET /marketing/v3/forms/ (paged with `after`) and
 *   GET /marketing/v3/forms/{formId}, serving `forms` (HubSpot's v3 form JSON), bearer token required.
 * - Form submissions listing: GET /form-integrations/v1/submissions/forms/{guid} (newest first, paged
 *   with `limit` and `after`): what was recorded, as {submittedAt, values: [{name, value}]}.
 *
 * Faults, for the submission endpoint (`mode`):
 * - "error": 503 with a JSON body; "html-error": 502 with an HTML body (a gateway's error page);
 * - "timeout": never answers (and records nothing);
 * - "slow": answers after `delayMs`, and records the submission only if the client is still there
 *   then (a server that commits when it answers); "slow-commit-first": records at once, answers
 *   after `delayMs` (a server whose answer is lost: the ambiguous case);
 * - "malformed": 200 with a body that is not JSON (recorded: a 2xx is HubSpot's acceptance);
 * - "reset": the connection is destroyed without an answer (nothing recorded).
 * Error answers by HubSpot's `errors[].errorType` (`rules`, checked in order before recording): a submission a
 * rule matches (by email, by carrying a hutk, or any) is answered with the rule's status (400 by default) and
 * HubSpot's error body, `{status, message, correlationId, errors: [{message, errorType}]}`, or for a 429 with
 * `Retry-After`; nothing is recorded. `times` limits how often a rule applies.
 * Run standalone: `tsx tests/emulators/hubspot.ts [port]`.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedSubmission {
  portalId: string;
  formGuid: string;
  authorization?: string;
  body: any;
}

/** One forced error answer (see the header). */
export interface ErrorRule {
  /** Matches submissions whose email field matches; absent: every submission. */
  email?: RegExp;
  /** Matches only submissions that carry context.hutk (INVALID_HUTK). */
  withHutk?: boolean;
  /** Matches only submissions to this form GUID. */
  formGuid?: string;
  /** Default 400 (429 and 404 carry no errorType unless given). */
  status?: number;
  errorType?: string;
  /** HubSpot's text (it may echo the value, as HubSpot's does). */
  message?: string;
  /** A 429's Retry-After header. */
  retryAfter?: string;
  /** Applies this many times, then no more (default: always). */
  times?: number;
}

export type EmulatorMode = "ok" | "error" | "html-error" | "timeout" | "slow" | "slow-commit-first" | "malformed" | "reset";

export interface HubSpotEmulator {
  url: string;
  port: number;
  submissions: RecordedSubmission[];
  /** Submission requests received, answered or not. */
  received: number;
  /** Requests to the submissions listing. */
  listings: number;
  mode: EmulatorMode;
  /** The delay of the "slow" modes. */
  delayMs: number;
  /** Form definitions in HubSpot's marketing forms v3 shape, served by GET /marketing/v3/forms/. */
  forms: Record<string, unknown>[];
  /** Page size of the forms listing (HubSpot's default limit is 20). */
  formsPageSize: number;
  /** Forced error answers by errorType (see the header). */
  rules: ErrorRule[];
  /** Back to a fresh emulator's state (no submissions or forms, mode "ok", default delay and page size), between tests. */
  reset(): void;
  close(): Promise<void>;
}

const json = (res: http.ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { "Content-Type": "application/json;charset=utf-8" }).end(JSON.stringify(body));

export async function startHubSpotEmulator(port = 0): Promise<HubSpotEmulator> {
  const initialState = () => ({
    received: 0,
    listings: 0,
    mode: "ok" as EmulatorMode,
    delayMs: 1000,
    forms: [],
    formsPageSize: 20,
    rules: [] as ErrorRule[],
  });
  const emulator: HubSpotEmulator = {
    url: "",
    port: 0,
    submissions: [],
    ...initialState(),
    reset() {
      emulator.submissions.length = 0;
      Object.assign(emulator, initialState());
    },
    close: async () => {},
  };
  const hanging = new Set<http.ServerResponse>();
  const timers = new Set<NodeJS.Timeout>();
  const later = (fn: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, emulator.delayMs);
    timers.add(timer);
  };

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://emulator");
    const forms = /^\/marketing\/v3\/forms\/?([^/]*)$/.exec(url.pathname);
    if (req.method === "GET" && forms) {
      if (!req.headers.authorization?.startsWith("Bearer ")) return json(res, 401, { status: "error", category: "INVALID_AUTHENTICATION" });
      if (forms[1]) {
        const form = emulator.forms.find((f) => f.id === decodeURIComponent(forms[1]));
        return form ? json(res, 200, form) : json(res, 404, { status: "error", message: "Form not found", category: "OBJECT_NOT_FOUND" });
      }
      const start = Number(url.searchParams.get("after") ?? 0) || 0;
      const limit = Math.min(
        Number(url.searchParams.get("limit") ?? emulator.formsPageSize) || emulator.formsPageSize,
        emulator.formsPageSize,
      );
      const results = emulator.forms.slice(start, start + limit);
      const next = start + limit < emulator.forms.length ? String(start + limit) : undefined;
      return json(res, 200, {
        results,
        ...(next ? { paging: { next: { after: next, link: `${emulator.url}/marketing/v3/forms/?after=${next}` } } } : {}),
      });
    }

    const listing = /^\/form-integrations\/v1\/submissions\/forms\/([^/]+)$/.exec(url.pathname);
    if (req.method === "GET" && listing) {
      if (!req.headers.authorization?.startsWith("Bearer ")) return json(res, 401, { status: "error", category: "INVALID_AUTHENTICATION" });
      emulator.listings++;
      const guid = decodeURIComponent(listing[1]);
      const all = emulator.submissions
        .filter((s) => s.formGuid === guid)
        .map((s) => ({
          submittedAt: Number(s.body.submittedAt),
          values: (s.body.fields as { name: string; value: string }[]).map(({ name, value }) => ({ name, value })),
          pageUrl: s.body.context?.pageUri,
        }))
        .sort((a, b) => b.submittedAt - a.submittedAt);
      const start = Number(url.searchParams.get("after") ?? 0) || 0;
      const limit = Math.min(50, Number(url.searchParams.get("limit") ?? 20) || 20);
      const results = all.slice(start, start + limit);
      const next = start + limit < all.length ? String(start + limit) : undefined;
      return json(res, 200, { results, ...(next ? { paging: { next: { after: next } } } : {}) });
    }

    const match = /^\/submissions\/v3\/integration\/secure\/submit\/([^/]+)\/([^/?]+)$/.exec(url.pathname);
    if (req.method !== "POST" || !match) return json(res, 404, { status: "error", message: "Not found" });
    let raw = "";
    for await (const chunk of req) raw += chunk;
    emulator.received++;
    const mode = emulator.mode;
    if (mode === "timeout") {
      hanging.add(res);
      return;
    }
    if (mode === "reset") return void req.socket.destroy();
    if (mode === "error") return json(res, 503, { status: "error", message: "Service unavailable" });
    if (mode === "html-error") {
      res.writeHead(502, { "Content-Type": "text/html" }).end("<html><body><h1>502 Bad Gateway</h1></body></html>");
      return;
    }
    if (!req.headers.authorization?.startsWith("Bearer ")) return json(res, 401, { status: "error", message: "Authentication required" });
    let body: any;
    try {
      body = JSON.parse(raw);
    } catch {
      return json(res, 400, { status: "error", message: "Invalid JSON" });
    }
    if (!Array.isArray(body.fields)) return json(res, 400, { status: "error", message: "fields required" });
    const email = String((body.fields as { name: string; value: string }[]).find((f) => f.name === "email")?.value ?? "");
    const rule = emulator.rules.find(
      (r) =>
        (r.times === undefined || r.times > 0) &&
        (!r.email || r.email.test(email)) &&
        (!r.withHutk || Boolean(body.context?.hutk)) &&
        (!r.formGuid || r.formGuid === decodeURIComponent(match[2])),
    );
    if (rule) {
      if (rule.times !== undefined) rule.times--;
      const status = rule.status ?? 400;
      const headers: Record<string, string> = { "Content-Type": "application/json;charset=utf-8" };
      if (rule.retryAfter) headers["Retry-After"] = rule.retryAfter;
      const message = rule.message ?? (rule.errorType ? `Error in 'fields.email'. ${rule.errorType} for ${email}` : "Error");
      return res.writeHead(status, headers).end(
        JSON.stringify({
          status: "error",
          message: status === 429 ? "You have reached your secondly limit." : "The request is not valid",
          correlationId: "00000000-0000-4000-8000-000000000000",
          ...(rule.errorType ? { errors: [{ message, errorType: rule.errorType }] } : {}),
        }),
      );
    }
    const record = () =>
      emulator.submissions.push({
        portalId: match[1],
        formGuid: decodeURIComponent(match[2]),
        authorization: req.headers.authorization,
        body,
      });
    const accepted = JSON.stringify({ inlineMessage: "Thanks for submitting the form." });
    if (mode === "malformed") {
      record();
      res.writeHead(200, { "Content-Type": "application/json" }).end('{"inlineMessage": "Thanks for sub');
      return;
    }
    if (mode === "slow") {
      // commits when it answers, and only if the client is still waiting
      return later(() => {
        if (res.destroyed || req.socket.destroyed) return;
        record();
        res.writeHead(200, { "Content-Type": "application/json" }).end(accepted);
      });
    }
    if (mode === "slow-commit-first") {
      record();
      return later(() => {
        if (!res.destroyed) res.writeHead(200, { "Content-Type": "application/json" }).end(accepted);
      });
    }
    record();
    res.writeHead(200, { "Content-Type": "application/json" }).end(accepted);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  emulator.port = (server.address() as AddressInfo).port;
  emulator.url = `http://127.0.0.1:${emulator.port}`;
  emulator.close = () =>
    new Promise((resolve) => {
      timers.forEach(clearTimeout);
      hanging.forEach((r) => r.destroy());
      server.close(() => resolve());
      server.closeAllConnections?.();
    });
  return emulator;
}

if (process.argv[1] && /hubspot\.ts$/.test(process.argv[1])) {
  void startHubSpotEmulator(Number(process.argv[2] ?? 9455)).then((e) => console.log(`HubSpot emulator on ${e.url}`));
}
