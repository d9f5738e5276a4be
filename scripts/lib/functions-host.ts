/**
 * Gatsby Functions answered in this process: each compiled function (.cache/functions/**) is required
 * once, when the server starts, and its default export is called with Express-compatible req/res
 * (what Gatsby passes: req.query, req.params, req.cookies; res.status/json/send/…). `gatsby serve`
 * instead re-requires the bundle on every request, which costs megabytes and a CPU burst each time.
 *
 * No body is parsed or buffered here: the functions read and limit their own (RAW_BODY_CONFIG,
 * readJson). What is refused here is refused from the headers alone, before the body is read: any
 * multipart body (415; nothing on this site takes one, and Gatsby's multer would read it whole) and a
 * Content-Length above the largest body any function accepts (413). The connection is then closed rather
 * than drained, so the unread body is not taken in either.
 */
import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";

/** One entry of Gatsby's .cache/functions/manifest.json (the fields used here). */
interface ManifestEntry {
  functionRoute: string;
  relativeCompiledFilePath?: string;
  absoluteCompiledFilePath?: string;
  matchPath?: string;
}

export interface FunctionEntry {
  /** e.g. `hubspot/submitForm`, answered at /api/hubspot/submitForm */
  route: string;
  file: string;
  matchPath?: string;
}

export type FunctionHandler = (req: FunctionRequest, res: FunctionResponse) => unknown;

export interface LoadedFunction extends FunctionEntry {
  handler: FunctionHandler;
}

/**
 * The compiled functions, as `gatsby serve` finds them: the build's manifest.json; without one (an
 * older build), every .js file below the folder except webpack's shared chunks (numeric names).
 */
export function listFunctions(functionsDir: string): FunctionEntry[] {
  const manifest = path.join(functionsDir, "manifest.json");
  if (fs.existsSync(manifest)) {
    const entries = JSON.parse(fs.readFileSync(manifest, "utf8")) as ManifestEntry[];
    return entries.map((e) => {
      // relative first: the absolute path is where the build ran, which need not be here
      const relative = e.relativeCompiledFilePath ? path.join(functionsDir, e.relativeCompiledFilePath) : undefined;
      const file =
        relative && fs.existsSync(relative) ? relative : (e.absoluteCompiledFilePath ?? path.join(functionsDir, `${e.functionRoute}.js`));
      return { route: e.functionRoute, file, matchPath: e.matchPath };
    });
  }
  if (!fs.existsSync(functionsDir)) return [];
  const found: FunctionEntry[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".js") && !/^\d+\.js$/.test(entry.name)) {
        found.push({ route: path.relative(functionsDir, full).slice(0, -3).split(path.sep).join("/"), file: full });
      }
    }
  };
  walk(functionsDir);
  return found.sort((a, b) => a.route.localeCompare(b.route));
}

/** Requires every function once; a function that fails to load stops the start (better than a 500 later). */
export function loadFunctions(entries: FunctionEntry[], load: (file: string) => unknown = require): LoadedFunction[] {
  return entries.map((entry) => {
    const mod = load(entry.file) as { default?: unknown } | ((...args: unknown[]) => unknown);
    const handler = typeof mod === "function" ? mod : mod?.default;
    if (typeof handler !== "function") throw new Error(`${entry.file} does not export a function`);
    return { ...entry, handler: handler as FunctionHandler };
  });
}

export type FunctionRequest = IncomingMessage & {
  query: Record<string, string | string[]>;
  params: Record<string, string>;
  cookies: Record<string, string>;
};

export type FunctionResponse = ServerResponse & {
  status(code: number): FunctionResponse;
  json(body: unknown): void;
  send(body?: unknown): void;
  sendStatus(code: number): void;
  set(name: string, value: string | number | readonly string[]): FunctionResponse;
  header(name: string, value: string | number | readonly string[]): FunctionResponse;
  type(value: string): FunctionResponse;
  redirect(statusOrUrl: number | string, url?: string): void;
};

function parseQuery(search: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(search)) {
    const prior = query[key];
    query[key] = prior === undefined ? value : Array.isArray(prior) ? [...prior, value] : [prior, value];
  }
  return query;
}

function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at <= 0) continue;
    const name = part.slice(0, at).trim();
    if (!name || name in cookies) continue;
    const raw = part
      .slice(at + 1)
      .trim()
      .replace(/^"(.*)"$/, "$1");
    try {
      cookies[name] = decodeURIComponent(raw);
    } catch {
      cookies[name] = raw;
    }
  }
  return cookies;
}

/** Adds Express's request fields and response helpers a Gatsby Function may use, on the node objects themselves. */
export function expressify(req: IncomingMessage, res: ServerResponse, search: string, params: Record<string, string> = {}) {
  const freq = req as FunctionRequest;
  freq.query = parseQuery(search);
  freq.params = params;
  freq.cookies = parseCookies(req.headers.cookie);

  const fres = res as FunctionResponse;
  fres.status = (code) => {
    fres.statusCode = code;
    return fres;
  };
  fres.set = fres.header = (name, value) => {
    fres.setHeader(name, value);
    return fres;
  };
  fres.type = (value) => fres.set("Content-Type", value.includes("/") ? value : `application/${value}`);
  fres.json = (body) => {
    const text = JSON.stringify(body);
    if (!fres.hasHeader("Content-Type")) fres.setHeader("Content-Type", "application/json; charset=utf-8");
    fres.setHeader("Content-Length", Buffer.byteLength(text));
    fres.end(req.method === "HEAD" ? undefined : text);
  };
  fres.send = (body) => {
    if (body === undefined || body === null) return void fres.end();
    if (Buffer.isBuffer(body)) {
      if (!fres.hasHeader("Content-Type")) fres.setHeader("Content-Type", "application/octet-stream");
      fres.setHeader("Content-Length", body.length);
      return void fres.end(req.method === "HEAD" ? undefined : body);
    }
    if (typeof body === "object" || typeof body === "number" || typeof body === "boolean") return fres.json(body);
    const text = String(body);
    if (!fres.hasHeader("Content-Type")) fres.setHeader("Content-Type", "text/html; charset=utf-8");
    fres.setHeader("Content-Length", Buffer.byteLength(text));
    fres.end(req.method === "HEAD" ? undefined : text);
  };
  fres.sendStatus = (code) => {
    fres.statusCode = code;
    fres.setHeader("Content-Type", "text/plain; charset=utf-8");
    fres.send(String(code));
  };
  fres.redirect = (statusOrUrl, url) => {
    const [code, location] = typeof statusOrUrl === "number" ? [statusOrUrl, url ?? "/"] : [302, statusOrUrl];
    fres.statusCode = code;
    fres.setHeader("Location", location);
    fres.end();
  };
  return { req: freq, res: fres };
}

/**
 * Gatsby's matchPath for file routes (`[id].js` → `users/:id`, `[...rest].js` → `files/*rest`): `:name`
 * takes one segment, a final `*` or `*name` the rest.
 */
export function matchRoute(pattern: string, route: string): Record<string, string> | null {
  const want = pattern.replace(/^\/+|\/+$/g, "").split("/");
  const have = route.split("/");
  const params: Record<string, string> = {};
  for (const [i, part] of want.entries()) {
    if (part.startsWith("*")) {
      params[part.slice(1) || "*"] = have.slice(i).join("/");
      return params;
    }
    if (i >= have.length) return null;
    if (part.startsWith(":")) params[part.slice(1)] = have[i];
    else if (part !== have[i]) return null;
  }
  return want.length === have.length ? params : null;
}

/** Why a request is refused from its headers alone, or null. */
export function refusalFromHeaders(
  req: Pick<IncomingMessage, "headers">,
  maxBodyBytes: number,
): { status: number; message: string } | null {
  const type = String(req.headers["content-type"] ?? "")
    .trim()
    .toLowerCase();
  if (type.startsWith("multipart/")) return { status: 415, message: "Multipart bodies are not accepted: send application/json" };
  const length = req.headers["content-length"];
  if (length !== undefined && Number(length) > maxBodyBytes) {
    return { status: 413, message: `Request body is larger than ${maxBodyBytes} bytes` };
  }
  return null;
}

const hasUnreadBody = (req: IncomingMessage) =>
  !req.complete && (Number(req.headers["content-length"] ?? 0) > 0 || req.headers["transfer-encoding"] !== undefined);

/** How long a refused client has to read the answer before its connection is cut. */
const LINGER_MS = 1000;

/**
 * Stops taking in a request body that will not be read, before the answer is sent. Node would read and
 * discard the rest to reuse the connection, or, with `Connection: close`, destroy the socket right after the
 * answer: with unread data in its buffer that sends a reset, which can make the client lose the answer it
 * had not read yet. Instead: no more reads, half-close once the answer is out (the client sees the answer
 * and the end), and cut the connection after LINGER_MS.
 */
function stopReading(req: IncomingMessage): void {
  const socket = req.socket as IncomingMessage["socket"] & { _handle?: { readStop?: () => void }; destroySoon?: () => void };
  socket._handle?.readStop?.();
  (req as unknown as { _dump: () => void })._dump = () => undefined;
  socket.destroySoon = () => {
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
}

/** A JSON answer from the host itself (not a function); a body left unread is not read and its connection is closed. */
export function answerJson(req: IncomingMessage, res: ServerResponse, status: number, message: string, extra: Record<string, string> = {}) {
  const text = JSON.stringify({ success: false, message });
  const unread = hasUnreadBody(req);
  res.writeHead(status, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(text),
    "Cache-Control": "no-store",
    ...(unread ? { Connection: "close" } : {}),
    ...extra,
  });
  if (unread) stopReading(req);
  res.end(req.method === "HEAD" ? undefined : text);
}

export interface FunctionsHostOptions {
  functions: LoadedFunction[];
  /** The largest body any function accepts: a declared Content-Length above it is refused unread. */
  maxBodyBytes: number;
  log?: (message: string) => void;
}

export function createFunctionsHost({ functions, maxBodyBytes, log = (m) => console.error(m) }: FunctionsHostOptions) {
  const byRoute = new Map(functions.map((f) => [f.route, f]));
  const withMatchPath = functions.filter((f) => f.matchPath);

  const find = (route: string): { fn: LoadedFunction; params: Record<string, string> } | null => {
    const exact = byRoute.get(route);
    if (exact) return { fn: exact, params: {} };
    for (const fn of withMatchPath) {
      const params = matchRoute(fn.matchPath!, route);
      if (params) return { fn, params };
    }
    return null;
  };

  /** Refused from the headers alone? Then answered (and the connection closed) here; true if so. */
  const refuse = (req: IncomingMessage, res: ServerResponse): boolean => {
    const refusal = refusalFromHeaders(req, maxBodyBytes);
    if (!refusal) return false;
    answerJson(req, res, refusal.status, refusal.message);
    return true;
  };

  /** Answers a request under /api/ (`pathname` decoded, `search` with its `?`). */
  async function handle(req: IncomingMessage, res: ServerResponse, pathname: string, search: string): Promise<void> {
    const route = pathname.replace(/^\/api\//, "").replace(/\/+$/, "");
    const found = find(route);
    if (!found) return answerJson(req, res, 404, "Not found");
    if (refuse(req, res)) return;
    // A function may answer before reading the body (403, 429). Node then reads and discards the rest to
    // reuse the connection: bounded by Content-Length (checked above), but not for a chunked body of no
    // declared length, whose connection is therefore not reused.
    if (req.headers["content-length"] === undefined && req.headers["transfer-encoding"] !== undefined) res.setHeader("Connection", "close");
    const { req: freq, res: fres } = expressify(req, res, search, found.params);
    try {
      await found.fn.handler(freq, fres);
    } catch (error) {
      log(`[functions] /api/${found.fn.route} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      if (!res.headersSent) answerJson(req, res, 500, "Something went wrong on our side. Please try again.");
      else res.destroy();
    }
  }

  return { handle, refuse, routes: functions.map((f) => `/api/${f.route}`) };
}
