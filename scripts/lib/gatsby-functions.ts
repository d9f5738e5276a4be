/**
 * The built Gatsby Functions, each loaded on its first request (docs/local-server.md#functions), and the request and response fields
 * Gatsby's function contract promises them (`GatsbyFunctionRequest`: query, params, cookies, body;
 * `GatsbyFunctionResponse`: status, send, json, redirect), added to Node's own objects.
 *
 * The one private Gatsby detail the local server relies on lives here: where `gatsby build` leaves the
 * compiled functions, `.cache/functions/manifest.json` (`functionRoute`, `relativeCompiledFilePath`,
 * `matchPath`). Gatsby hands that list to adapters, not to sites; tests/scripts/lib/site-server.test.ts
 * ("finds the built functions …") reads the real build's manifest when there is one and fails if its shape
 * changes (docs/local-server.md).
 */
import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";

export type FunctionRequest = IncomingMessage & {
  query: Record<string, unknown>;
  params: Record<string, string>;
  cookies: Record<string, string | undefined>;
  body: unknown;
};

export type FunctionResponse = ServerResponse & {
  status(code: number): FunctionResponse;
  send(body?: unknown): void;
  json(body: unknown): void;
  redirect(statusOrUrl: number | string, url?: string): void;
};

export type FunctionHandler = (req: FunctionRequest, res: FunctionResponse) => unknown;

export interface LoadedFunction {
  /** e.g. `hubspot/submitForm`, answered at /api/hubspot/submitForm */
  route: string;
  /** Gatsby's pattern for a file route (`users/:id`, `files/*rest`), when it has one. */
  matchPath?: string;
  handler: FunctionHandler;
}

interface ManifestEntry {
  functionRoute: string;
  relativeCompiledFilePath: string;
  matchPath?: string;
}

export const FUNCTIONS_MANIFEST = path.join(".cache", "functions", "manifest.json");

/**
 * The build's functions (none when the build has no manifest). Each bundle is checked to exist now, so a missing one
 * stops the start, and required on its first request: every bundle carries its own pg and zod, and all seven at
 * once cost the server about 90 MB (docs/measurements/2026-12-06-server-memory.md). One that fails to load throws
 * FunctionLoadError on that request and is tried again on the next.
 */
export function loadBuiltFunctions(root: string, load: (file: string) => unknown = require): LoadedFunction[] {
  const manifest = path.join(root, FUNCTIONS_MANIFEST);
  if (!fs.existsSync(manifest)) return [];
  const entries = JSON.parse(fs.readFileSync(manifest, "utf8")) as unknown;
  if (!Array.isArray(entries)) throw new Error(`${manifest} is not a list`);
  return entries.map((entry: ManifestEntry) => {
    if (typeof entry?.functionRoute !== "string" || typeof entry.relativeCompiledFilePath !== "string") {
      throw new Error(`${manifest}: an entry without functionRoute/relativeCompiledFilePath (Gatsby changed its manifest)`);
    }
    // relative to the manifest: the absolute path in it is where the build ran, which need not be here
    const file = path.join(path.dirname(manifest), entry.relativeCompiledFilePath);
    if (!fs.statSync(file, { throwIfNoEntry: false })?.isFile()) throw new Error(`${file}: no such function bundle (rebuild the site)`);
    return { route: entry.functionRoute, matchPath: entry.matchPath, handler: onFirstCall(file, load) };
  });
}

/** A function's bundle that could not be loaded: its route answers 503 and the log says why. */
export class FunctionLoadError extends Error {}

/** The handler of `file`, required on the first call and kept once it loads. */
function onFirstCall(file: string, load: (file: string) => unknown): FunctionHandler {
  let handler: FunctionHandler | undefined;
  return (req, res) => {
    if (!handler) {
      let mod: { default?: unknown } | FunctionHandler;
      try {
        mod = load(file) as typeof mod;
      } catch (error) {
        throw new FunctionLoadError(`${file} failed to load: ${error instanceof Error ? error.message : String(error)}`);
      }
      const found = typeof mod === "function" ? mod : mod?.default;
      if (typeof found !== "function") throw new FunctionLoadError(`${file} does not export a function`);
      handler = found as FunctionHandler;
    }
    return handler(req, res);
  };
}

/** Gatsby's `*name` (the rest of the path) is find-my-way's `*`; `:name` is the same in both. */
export const routePattern = (fn: Pick<LoadedFunction, "route" | "matchPath">) =>
  `/api/${(fn.matchPath ?? fn.route).replace(/^\/+|\/+$/g, "").replace(/\*\w*$/, "*")}`;

/** Gatsby's name for the rest-of-path parameter, from `*name` (`*` when unnamed). */
export function functionParams(fn: Pick<LoadedFunction, "matchPath">, params: Record<string, string>): Record<string, string> {
  const rest = /\*(\w+)$/.exec(fn.matchPath ?? "")?.[1];
  if (!rest || !("*" in params)) return { ...params };
  const { "*": value, ...named } = params;
  return { ...named, [rest]: value };
}

/** Node's request and response with the fields of Gatsby's function contract. */
export function asFunctionArgs(
  req: IncomingMessage,
  res: ServerResponse,
  fields: Pick<FunctionRequest, "query" | "params" | "cookies" | "body">,
): { req: FunctionRequest; res: FunctionResponse } {
  const freq = Object.assign(req, fields);
  const fres = res as FunctionResponse;
  const end = (type: string, body: string | Buffer) => {
    if (!fres.hasHeader("Content-Type")) fres.setHeader("Content-Type", type);
    fres.setHeader("Content-Length", Buffer.byteLength(body));
    writeInPieces(fres, typeof body === "string" ? Buffer.from(body) : body);
  };
  fres.status = (code) => {
    fres.statusCode = code;
    return fres;
  };
  fres.json = (body) => end("application/json; charset=utf-8", JSON.stringify(body));
  fres.send = (body) => {
    if (body === undefined || body === null) return void fres.end();
    if (Buffer.isBuffer(body)) return end("application/octet-stream", body);
    if (typeof body === "object" || typeof body === "number" || typeof body === "boolean") return fres.json(body);
    end("text/html; charset=utf-8", String(body));
  };
  fres.redirect = (statusOrUrl, url) => {
    const [code, location] = typeof statusOrUrl === "number" ? [statusOrUrl, url ?? "/"] : [302, statusOrUrl];
    fres.statusCode = code;
    fres.setHeader("Location", location);
    fres.end();
  };
  return { req: freq, res: fres };
}

/** A piece of a function's answer: what the server hands the connection at a time. */
export const ANSWER_PIECE_BYTES = 64 * 1024;

/**
 * Writes an answer a piece at a time, the next once the connection has taken the last (back-pressure). Written
 * in one go, a 10 MB file is one write that completes only when the client has read it all, so a slow reader
 * and one that reads nothing look the same to the server's idle check (site-server.ts); in pieces, every
 * piece the client takes is progress.
 */
function writeInPieces(res: ServerResponse, body: Buffer) {
  let at = 0;
  const next = () => {
    while (at + ANSWER_PIECE_BYTES < body.length) {
      const piece = body.subarray(at, at + ANSWER_PIECE_BYTES);
      at += piece.length;
      if (!res.write(piece)) return void res.once("drain", next);
      if (res.destroyed) return;
    }
    res.end(body.subarray(at));
  };
  next();
}
