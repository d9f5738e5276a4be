/**
 * The local server (`npm run serve`, `npm start`, the e2e suite, the bench), on fastify: the built files of
 * public/ with the build's header table, and the Gatsby Functions under /api/. Production is Netlify; this
 * is the local and test host. Its rules, and the test of each, are in docs/local-server.md; its parts: site-paths
 * (paths, static files), site-answers (its own answers), site-limits (per-request checks), site-functions.
 */
import dns from "node:dns/promises";
import fs from "node:fs";
import { STATUS_CODES } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import zlib from "node:zlib";
import fastifyCompress from "@fastify/compress";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyReply, type FastifyRequest } from "fastify";
import { readLeadProtection } from "../../src/config";
import { CACHE_REVALIDATE, overPlainHttp, readHeadersManifest, type HeaderRule } from "../../src/node/hosting/security-headers";
import { clientLimiter, type BodyPace, type ClientProtection } from "./client-limits";
import { BODY_PACE, FUNCTION_LIMITS, type FunctionLimits } from "./function-limits";
import { loadBuiltFunctions, routePattern, type LoadedFunction } from "./gatsby-functions";
import { headerMatcher, rawAnswer, serverAnswers } from "./site-answers";
import { addFunctionRoutes } from "./site-functions";
import { addRequestLimits } from "./site-limits";
import { hasBody, isApi, rawPathOf, resolvePath } from "./site-paths";

export { BODY_PACE, FUNCTION_LIMITS, headerMatcher, resolvePath, type FunctionLimits };

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

  const { answer, answeredUnread } = serverAnswers(tableFor);

  const app = Fastify({
    logger: false,
    // Fastify's smallest: a route that takes no body refuses one before this would matter (./site-limits.ts);
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
  // Answer `Expect: 100-continue` only once the request is known to be read (onRequest, ./site-limits.ts), so a body
  // refused from its headers is never asked for.
  app.server.on("checkContinue", (req, res) => app.server.emit("request", req, res));
  app.server.on("connection", () => arrivals++);

  // A function gets its body whole, as a Buffer in req.body (it parses its own, src/server/http.ts); no other route reads one.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_req, body, done) => done(null, body));
  await app.register(fastifyCompress, { ...RESPONSE_COMPRESSION, requestEncodings: ["identity"] });
  await app.register(fastifyStatic, { root, serve: false, dotfiles: "deny", cacheControl: false, etag: true, lastModified: true });

  addRequestLimits(app, {
    timeouts,
    functionLimits,
    bodyPace,
    clients,
    answer,
    answeredUnread,
    closing: () => closing,
    log,
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

  addFunctionRoutes(app, functions, functionLimits, log);

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
