/**
 * The local server (`npm run serve`, `npm start`, the e2e suite, the bench), on fastify: the built files of
 * public/ with the build's header table, and the Gatsby Functions under /api/. Production is Netlify; this
 * is the local and test host. Its rules, and the test of each, are in docs/local-server.md.
 */
import dns from "node:dns/promises";
import fs from "node:fs";
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import zlib from "node:zlib";
import fastifyCompress from "@fastify/compress";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyReply, type FastifyRequest } from "fastify";
import { parseCookie } from "cookie";
import { readLeadProtection } from "../../src/config";
import { isFormPost } from "../../src/server/http";
import { returnPath } from "../../src/server/native-form/parse";
import { ANSWER_PAGE_HEADERS, renderMessage } from "../../src/server/native-form/view";
import {
  CACHE_REVALIDATE,
  netlifyPathPattern,
  overPlainHttp,
  readHeadersManifest,
  type HeaderRule,
} from "../../src/node/hosting/security-headers";
import { clientLimiter, type BodyPace, type ClientProtection } from "./client-limits";
import { BODY_PACE, DEFAULT_LIMITS, FUNCTION_LIMITS, type FunctionLimits } from "./function-limits";
import { watchPace } from "./request-pace";
import { asFunctionArgs, functionParams, loadBuiltFunctions, routePattern, type LoadedFunction } from "./gatsby-functions";

export { BODY_PACE, FUNCTION_LIMITS, type FunctionLimits };

export const TIMEOUTS = {
  /** The request line and headers must arrive within this. */
  headersMs: 20_000,
  /** The whole request, an upload's body included. */
  requestMs: 120_000,
  /**
   * A connection on which nothing moves either way (a client that stopped reading its answer) is closed:
   * checked by the server itself while a request is open (Node's own socket timer let a reader that took
   * nothing of a function's answer hold on for about twice this).
   */
  idleMs: 30_000,
  /**
   * An idle keep-alive connection is kept longer than any client keeps its own: Chromium reuses an idle
   * socket for up to 300 s, and Node's http.Agent with keepAlive (Playwright's route.fetch) never drops one
   * by itself (it reads the Keep-Alive hint only when given a timeout). A server that closes sooner races a
   * client reusing the socket at that moment: the request is sent into a closing socket and reset
   * (ECONNRESET). docs/local-server.md#timeouts
   */
  keepAliveMs: 310_000,
  /**
   * On close, the listener stays open until no connection has arrived for this long (at most half the
   * close deadline): what clients already sent, still in the accept queue or unread, is taken in and answered.
   */
  settleMs: 100,
};

/**
 * How answers are compressed, in one place: the server registers exactly this, and the first-window budget
 * (scripts/lib/first-window.ts) encodes a page's script-free floor with it. Brotli at quality 4 (the plugin's
 * own default, written out here so it cannot change unseen), gzip at zlib's default level, nothing under 1 KB.
 */
export const RESPONSE_COMPRESSION = {
  encodings: ["br", "gzip"] as ("br" | "gzip")[],
  threshold: 1024,
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  zlibOptions: { level: zlib.constants.Z_DEFAULT_COMPRESSION },
};

/** How long a connection whose request body is left unread stays open after its answer (see answerUnread). */
const LINGER_MS = 1000;

/** Files a host reads for its own configuration; Netlify does not serve them either. */
const HOST_FILES = new Set(["_headers", "_redirects"]);

export interface SiteOptions {
  publicDir: string;
  /** The build's header table (.cache/security-headers.json); empty for a site without one. */
  headerRules: HeaderRule[];
  functions: LoadedFunction[];
  functionLimits?: Record<string, FunctionLimits>;
  timeouts?: Partial<typeof TIMEOUTS>;
  bodyPace?: BodyPace;
  /** The lead functions' rate allowance and proxy hops (default: from the environment, as the functions read it). */
  protection?: ClientProtection;
  log?: (line: string) => void;
}

/** A built site's public/, header table (as served over plain http: overPlainHttp) and functions. */
export function loadBuild(root: string): SiteOptions {
  return {
    publicDir: path.join(root, "public"),
    headerRules: overPlainHttp(readHeadersManifest(root)),
    functions: loadBuiltFunctions(root),
  };
}

/**
 * The header table as Netlify applies `_headers`: every rule whose path matches (Netlify's own path matching,
 * `netlifyPathPattern`: exact paths, `:name` segments, `*`), in order, a later rule's header replacing an
 * earlier one's of the same name.
 */
export function headerMatcher(rules: readonly HeaderRule[]): (pathname: string) => Record<string, string> {
  const compiled = rules.map((rule) => ({ pattern: netlifyPathPattern(rule.source), headers: rule.headers }));
  return (pathname) => {
    const headers: Record<string, string> = {};
    for (const rule of compiled) {
      if (!rule.pattern.test(pathname)) continue;
      for (const { key, value } of rule.headers) headers[key.toLowerCase()] = value;
    }
    return headers;
  };
}

/** An HTTP/1.1 answer as bytes, for a socket the server writes to itself; the connection closes after it. */
const rawAnswer = (status: number, headers: Record<string, string>, body: string) =>
  `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
  Object.entries({ ...headers, "content-length": String(Buffer.byteLength(body)), connection: "close" })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("") +
  `\r\n${body}`;

const hasBody = (req: IncomingMessage) => req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
/** The path of a request target, as sent (`*`, the asterisk form, is looked up as `/*`). */
const rawPathOf = (url: string) => {
  const pathname = url.split(/[?#]/, 1)[0];
  return pathname.startsWith("/") ? pathname : `/${pathname}`;
};
const isApi = (pathname: string) => pathname === "/api" || pathname.startsWith("/api/");

/** Percent-encodes a path segment for a Location header, leaving the characters a path may carry. */
const encodeSegment = (segment: string) =>
  encodeURIComponent(segment).replace(/%(40|3A|2B|2C|3B|3D|21|24|26|27|28|29|2A)/g, (_, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  );
const urlOf = (segments: string[], slash: boolean) =>
  segments.length === 0 ? "/" : `/${segments.map(encodeSegment).join("/")}${slash ? "/" : ""}`;

type Resolution = { file: string } | { redirect: string } | "not-found" | "bad-request";

/** A regular file below `root` (already a real path) reached through no symlink, or null. */
async function servable(root: string, segments: string[]): Promise<string | null> {
  const file = path.join(root, ...segments);
  try {
    if ((await fs.promises.realpath(file)) !== file) return null;
    return (await fs.promises.stat(file)).isFile() ? file : null;
  } catch {
    return null;
  }
}

/**
 * Where a request path leads, as `gatsby serve` answers `trailingSlash: "always"`: a page only at
 * `/<path>/`; other spellings of an existing page or file (`/pricing`, `/pricing/index.html`,
 * `//pricing//`, `/./pricing`) are redirected to it; nothing is served through a symlink, as a dotfile,
 * or outside `root`; `..`, NUL, a backslash or bad percent-encoding is a bad request.
 */
export async function resolvePath(root: string, rawPath: string): Promise<Resolution> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return "bad-request";
  }
  if (/[\0\\]/.test(decoded) || decoded.split("/").includes("..")) return "bad-request";
  const segments = decoded.split("/").filter((s) => s !== "" && s !== ".");
  if (segments.some((s) => s.startsWith(".")) || HOST_FILES.has(segments.join("/"))) return "not-found";
  const slash = decoded.endsWith("/");
  // served only under its one spelling; any other is redirected there
  const answer = (file: string, withSlash: boolean): Resolution =>
    decoded === (segments.length ? `/${segments.join("/")}${withSlash ? "/" : ""}` : "/")
      ? { file }
      : { redirect: urlOf(segments, withSlash) };

  if (segments.at(-1) === "index.html" && !slash && (await servable(root, segments))) {
    return { redirect: urlOf(segments.slice(0, -1), true) };
  }
  const file = segments.length > 0 && !slash ? await servable(root, segments) : null;
  if (file) return answer(file, false);
  const page = await servable(root, [...segments, "index.html"]);
  if (page) return answer(page, true);
  return "not-found";
}

export interface SiteServer {
  app: ReturnType<typeof Fastify>;
  routes: string[];
  listen(options: { port: number; host: string }): Promise<string>;
  /**
   * Stops accepting, answers the requests already sent, lets the ones in flight finish (all within
   * `deadlineMs`, then the connections left are cut) and resolves once closed: true if nothing was cut.
   */
  close(deadlineMs?: number): Promise<boolean>;
}

export async function createSiteServer({
  publicDir,
  headerRules,
  functions,
  functionLimits = FUNCTION_LIMITS,
  timeouts: given = {},
  bodyPace = BODY_PACE,
  protection = readLeadProtection(""),
  log = (line) => console.error(line),
}: SiteOptions): Promise<SiteServer> {
  const timeouts = { ...TIMEOUTS, ...given };
  const clients = clientLimiter(protection);
  const root = fs.realpathSync(publicDir);
  const tableFor = headerMatcher(headerRules);
  const pageOf = (name: string) => {
    const file = path.join(root, name);
    return fs.existsSync(file) ? file : null;
  };
  let closing = false;
  /**
   * Connections accepted so far. Closing the listener resets those still in its accept queue, and Node's
   * close() ends every connection on which no request has started, so one accepted but not yet read would
   * lose what its client sent: close() first waits until a whole settleMs passes without a new connection
   * (each such pause includes a poll of the sockets, which reads what the accepted ones sent).
   */
  let arrivals = 0;

  /** The table's headers, on every answer that is not a function's; an error is never cached for long. */
  const applyTable = (reply: FastifyReply, pathname: string) => {
    const headers = tableFor(pathname);
    if (reply.statusCode >= 400) headers["cache-control"] = CACHE_REVALIDATE;
    reply.headers(headers);
  };

  /** Requests answered by answerUnread (their Node response never finishes). */
  const answeredUnread = new WeakSet<IncomingMessage>();

  /**
   * Answers a request whose body will not be read, without reading it. Node would otherwise read the body
   * to the end to reuse the connection (without limit), or, told `Connection: close`, reset the connection
   * with the body unread, and a client still sending can lose the answer with it. Instead the socket stops
   * reading (the client's sends stall once the buffers fill), the answer is written and the write side
   * closed, and the connection is cut LINGER_MS later.
   */
  const answerUnread = (request: FastifyRequest, reply: FastifyReply, status: number, headers: Record<string, string>, body: string) => {
    reply.hijack();
    answeredUnread.add(request.raw);
    const socket = request.raw.socket;
    socket.pause();
    socket.end(rawAnswer(status, headers, request.raw.method === "HEAD" ? "" : body));
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };

  /**
   * A short answer from the server itself: JSON under /api/, text elsewhere with the table's headers. A lead
   * form posted without JavaScript gets the page its function answers a refusal with (src/server/native-form).
   */
  const answer = (request: FastifyRequest, reply: FastifyReply, status: number, message: string, extra: Record<string, string> = {}) => {
    const pathname = rawPathOf(request.raw.url ?? "/");
    const api = isApi(pathname);
    if (api && request.raw.method === "POST" && isFormPost(request.raw)) {
      const backTo = returnPath([request.raw.headers.referer], request.raw);
      const page = renderMessage({ heading: "Sorry, your details were not sent", message, backTo, alert: true });
      const pageHeaders = Object.fromEntries(Object.entries(ANSWER_PAGE_HEADERS).map(([name, value]) => [name.toLowerCase(), value]));
      return answerWith(request, reply, status, { ...pageHeaders, ...extra }, page);
    }
    const body = api ? JSON.stringify({ success: false, message }) : message;
    const headers: Record<string, string> = {
      ...(api ? {} : tableFor(pathname)),
      "cache-control": api ? "no-store" : CACHE_REVALIDATE,
      "content-type": api ? "application/json; charset=utf-8" : "text/plain; charset=utf-8",
      ...extra,
    };
    return answerWith(request, reply, status, headers, body);
  };
  const answerWith = (request: FastifyRequest, reply: FastifyReply, status: number, headers: Record<string, string>, body: string) => {
    if (hasBody(request.raw) && !request.raw.complete) return answerUnread(request, reply, status, headers, body);
    return reply.code(status).headers(headers).send(body);
  };

  const app = Fastify({
    logger: false,
    // Fastify's smallest: a route that takes no body refuses one before this would matter (onRequest below);
    // the function routes that take one raise it to their own limit.
    bodyLimit: 1,
    connectionTimeout: timeouts.idleMs,
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    // how often Node looks for requests past their headers or request timeout
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: Math.min(1000, timeouts.headersMs) },
    // a request that arrives while closing is answered, with `Connection: close`, not refused
    return503OnClosing: false,
    forceCloseConnections: false,
    routerOptions: { ignoreTrailingSlash: true },
    // the absolute form (`GET http://host/path`), which a server must accept, is routed by its path
    rewriteUrl: (req) =>
      req.url && !req.url.startsWith("/") && URL.canParse(req.url) ? new URL(req.url).pathname + new URL(req.url).search : (req.url ?? "/"),
    // a path the router cannot decode (`/%ff`): 400, with the security headers
    frameworkErrors(_error, request, reply) {
      // not a function's answer, so it carries the table under /api/ too
      const table = { ...tableFor(rawPathOf(request.raw.url ?? "/")), "cache-control": CACHE_REVALIDATE };
      answer(request as unknown as FastifyRequest, reply as unknown as FastifyReply, 400, "Bad request", table);
    },
    // a request Node could not parse (or that timed out) still gets the security headers
    clientErrorHandler(error, socket) {
      if ((error as NodeJS.ErrnoException).code === "ECONNRESET" || socket.destroyed) return;
      const code = (error as NodeJS.ErrnoException).code;
      const status = code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : code === "HPE_HEADER_OVERFLOW" ? 431 : 400;
      const text = STATUS_CODES[status]!;
      socket.end(
        rawAnswer(status, { ...tableFor("/"), "cache-control": CACHE_REVALIDATE, "content-type": "text/plain; charset=utf-8" }, text),
      );
    },
  });
  // Answer `Expect: 100-continue` only once the request is known to be read (onRequest below), so a body
  // refused from its headers is never asked for.
  app.server.on("checkContinue", (req, res) => app.server.emit("request", req, res));
  app.server.on("connection", () => arrivals++);

  // A function gets its body whole, as a Buffer in req.body (it parses its own, src/server/http.ts); no other route reads one.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_req, body, done) => done(null, body));
  await app.register(fastifyCompress, { ...RESPONSE_COMPRESSION, requestEncodings: ["identity"] });
  await app.register(fastifyStatic, { root, serve: false, dotfiles: "deny", cacheControl: false, etag: true, lastModified: true });

  /**
   * Closes the connection once nothing has moved on it for idleMs while the request is open: no byte read,
   * no write completed. A function's answer is written in pieces (asFunctionArgs), so a client that reads
   * slowly moves it on, and one that reads nothing does not.
   */
  const watchIdle = (raw: IncomingMessage, response: ServerResponse) => {
    const socket = raw.socket;
    const moved = () => socket.bytesRead + socket.bytesWritten - socket.writableLength;
    let seen = moved();
    let since = Date.now();
    const timer = setInterval(
      () => {
        const now = moved();
        if (now !== seen) [seen, since] = [now, Date.now()];
        else if (Date.now() - since >= timeouts.idleMs) socket.destroy();
      },
      Math.min(1000, timeouts.idleMs / 4),
    ).unref();
    response.once("close", () => clearInterval(timer));
  };

  app.addHook("onRequest", async (request, reply) => {
    const { raw } = request;
    const pathname = rawPathOf(raw.url ?? "/");
    const label = `${raw.method} ${JSON.stringify(pathname.slice(0, 200))}`;
    reply.raw.once("close", () => {
      if (!reply.raw.writableFinished && !answeredUnread.has(raw))
        log(`[serve] ${label}: connection closed before the answer was complete`);
    });
    watchIdle(raw, reply.raw);
    if (closing) reply.raw.setHeader("Connection", "close");
    // An answer that was in flight when closing began leaves its connection idle, and idle connections are kept
    // TIMEOUTS.keepAliveMs: close it as soon as the answer is out, so close() is not held until then.
    reply.raw.once("finish", () => {
      if (closing) setImmediate(() => app.server.closeIdleConnections());
    });

    const fn = (request.routeOptions.config as { fn?: LoadedFunction }).fn;
    const limits = fn ? (functionLimits[fn.route] ?? DEFAULT_LIMITS) : undefined;
    const refuse = (status: number, message: string, headers: Record<string, string> = {}) => {
      answer(request, reply, status, message, headers);
      return reply;
    };

    if (!fn && isApi(pathname)) return refuse(404, "Not found");
    if (!fn && raw.method !== "GET" && raw.method !== "HEAD") return refuse(405, "Method not allowed", { allow: "GET, HEAD" });
    if (hasBody(raw)) {
      const limit = raw.method === "POST" ? (limits?.bodyLimit ?? 0) : 0;
      if (limit === 0) return refuse(413, "This address takes no request body");
      if (
        String(raw.headers["content-type"] ?? "")
          .trim()
          .toLowerCase()
          .startsWith("multipart/")
      ) {
        return refuse(415, "Multipart bodies are not accepted: send application/json");
      }
      if (Number(raw.headers["content-length"] ?? 0) > limit) return refuse(413, `Request body is larger than ${limit} bytes`);
    }
    let release: (() => void) | undefined;
    if (fn && limits) {
      // the client's allowance and slots, from its address alone: nothing of a body is read before this
      const admitted = await clients.admit(raw, fn.route, limits);
      if (typeof admitted !== "function") return refuse(admitted.status, admitted.message, { "retry-after": String(admitted.retryAfter) });
      reply.raw.once("close", admitted);
      release = admitted;
    }
    if (fn && limits) {
      // a body or reader behind BODY_PACE, or a request past its deadline, is cut (docs/local-server.md "Limits")
      const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
      watchPace(
        raw,
        reply.raw,
        { pace: bodyPace, deadlineMs: limits.deadlineMs ?? timeouts.requestMs, hasBody: hasBody(raw) },
        {
          slowBody(received, elapsed) {
            log(`[serve] ${label}: request body too slow (${received} bytes in ${seconds(elapsed)}), cut with 408`);
            answer(request, reply, 408, "The request body arrived too slowly: send it again", { "retry-after": "5" });
            release?.(); // the body will not be read: the slot is free now, not a linger later
          },
          slowReader(taken, elapsed) {
            log(`[serve] ${label}: answer taken too slowly (${taken} bytes in ${seconds(elapsed)}), connection dropped`);
            raw.socket.destroy();
          },
          deadline(body) {
            log(
              `[serve] ${label}: past its ${seconds(limits.deadlineMs ?? timeouts.requestMs)} deadline, ${body ? "cut with 408" : "dropped"}`,
            );
            if (body) answer(request, reply, 408, "The request took too long: send it again", { "retry-after": "5" });
            else raw.socket.destroy();
            release?.();
          },
        },
      );
    }
    if (raw.headers.expect?.toLowerCase() === "100-continue" && hasBody(raw)) reply.raw.writeContinue();
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const pathname = rawPathOf(request.raw.url ?? "/");
    if (!isApi(pathname)) applyTable(reply, pathname);
    // answered before its body was read: the connection is closed after the answer rather than drained
    if (hasBody(request.raw) && !request.raw.complete) reply.header("connection", "close");
    return payload;
  });

  const sendPage = (reply: FastifyReply, status: number, page: string | null, fallback: string) => {
    reply.code(status).type("text/html; charset=utf-8");
    if (page) return reply.send(fs.createReadStream(page));
    return reply.type("text/plain; charset=utf-8").send(fallback);
  };

  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    isApi(rawPathOf(request.raw.url ?? "/"))
      ? reply.code(404).header("cache-control", "no-store").send({ success: false, message: "Not found" })
      : sendPage(reply, 404, pageOf("404.html"), "Not found");
  app.setNotFoundHandler(notFound);

  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    if (request.raw.destroyed || reply.raw.destroyed) return; // the client left: logged once, on close
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) log(`[serve] ${request.method} ${JSON.stringify(request.url.slice(0, 200))}: ${error.message}`);
    if (isApi(rawPathOf(request.raw.url ?? "/")) || (hasBody(request.raw) && !request.raw.complete)) {
      const message =
        status === 500
          ? "Something went wrong on our side. Please try again."
          : status === 413
            ? `Request body is larger than ${request.routeOptions.bodyLimit} bytes`
            : error.message;
      return answer(request, reply, status, message);
    }
    if (status === 404 || status === 403) return sendPage(reply, 404, pageOf("404.html"), "Not found");
    if (status === 500) return sendPage(reply, 500, pageOf("500.html"), "Internal server error");
    return reply.code(status).type("text/plain; charset=utf-8").send(error.message);
  });

  app.get("/*", async (request, reply) => {
    const found = await resolvePath(root, rawPathOf(request.raw.url ?? "/"));
    if (found === "bad-request") return reply.code(400).type("text/plain; charset=utf-8").send("Bad request");
    if (found === "not-found") return notFound(request, reply);
    if ("redirect" in found) {
      const query = request.raw.url?.slice(rawPathOf(request.raw.url).length).split("#", 1)[0] ?? "";
      return reply.redirect(found.redirect + query, 301);
    }
    // A request's `Cache-Control: no-cache` tells caches to revalidate (RFC 9111 5.2.1.4); this is the origin,
    // which answers a conditional request by its validators. fetch() sends both on every conditional request.
    delete request.raw.headers["cache-control"];
    return reply.sendFile(path.relative(root, found.file));
  });

  for (const fn of functions) {
    const limits = functionLimits[fn.route] ?? DEFAULT_LIMITS;
    app.route({
      method: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
      url: routePattern(fn),
      bodyLimit: limits.bodyLimit || undefined,
      config: { fn },
      handler: async (request, reply) => {
        // the function answers on Node's response itself, with its own headers (no table, no compression)
        reply.hijack();
        const { req, res } = asFunctionArgs(request.raw, reply.raw, {
          query: { ...(request.query as Record<string, unknown>) },
          params: functionParams(fn, request.params as Record<string, string>),
          cookies: parseCookie(request.headers.cookie ?? ""),
          body: request.body,
        });
        try {
          await fn.handler(req, res);
        } catch (error) {
          log(`[serve] /api/${fn.route} failed: ${error instanceof Error ? error.message : String(error)}`);
          if (!res.headersSent) {
            res.writeHead(500, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
            res.end(JSON.stringify({ success: false, message: "Something went wrong on our side. Please try again." }));
          } else res.destroy();
        }
      },
    });
  }

  await app.ready();
  return {
    app,
    routes: functions.map((fn) => routePattern(fn)),
    async listen({ port, host }) {
      // One address, as Node's own listen takes it: fastify would open a second server for `localhost`'s other address.
      const { address } = await dns.lookup(host);
      await app.listen({ port, host: address });
      return `http://${host}:${(app.server.address() as AddressInfo).port}`;
    },
    async close(deadlineMs = 10_000) {
      closing = true;
      let cut = false;
      const deadline = setTimeout(() => {
        cut = true;
        app.server.closeAllConnections();
      }, deadlineMs);
      const settleBy = Date.now() + deadlineMs / 2;
      for (let seen = -1; seen !== arrivals && app.server.listening && Date.now() < settleBy;) {
        seen = arrivals;
        await new Promise((resolve) => setTimeout(resolve, timeouts.settleMs));
      }
      await app.close();
      clearTimeout(deadline);
      return !cut;
    },
  };
}
