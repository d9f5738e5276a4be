/**
 * The site's HTTP server: the built files (static-files.ts) with the build's header table, and the Gatsby
 * Functions under /api/ (functions-host.ts) with their own headers. One request handler, no proxy, no
 * framework; the client address is the socket's, as the functions see it (they apply TRUSTED_PROXY_HOPS).
 */
import http from "node:http";
import path from "node:path";
import { createHeadersMatcher } from "gatsby/dist/utils/adapter/create-headers";
import { readHeadersManifest } from "../../src/node/security-headers";
import { UPLOAD_BODY_LIMIT_BYTES } from "../../src/server/uploads";
import { createFunctionsHost, listFunctions, loadFunctions, type LoadedFunction } from "./functions-host";
import { createStaticFiles, decodeSegments, splitTarget, type HeadersFor } from "./static-files";

export interface SiteServerOptions {
  /** The site's root (public/ and .cache/ below it). */
  root: string;
  /** Defaults to the build's table (.cache/security-headers.json). */
  headersFor?: HeadersFor;
  /** Defaults to the compiled functions in .cache/functions, each required once here. */
  functions?: LoadedFunction[];
  /** The largest request body a function accepts (default: an upload's JSON body). */
  maxBodyBytes?: number;
  log?: (message: string) => void;
}

export interface SiteServer {
  server: http.Server;
  routes: string[];
  /** Requests being answered right now. */
  inFlight(): number;
  /**
   * Stops accepting, lets the requests in flight finish (at most `timeoutMs`, then their connections are
   * cut) and resolves once the server is closed; true if everything finished in time.
   */
  shutdown(timeoutMs: number): Promise<boolean>;
}

export function createSiteServer({
  root,
  headersFor = createHeadersMatcher(readHeadersManifest(root), "") as HeadersFor,
  functions = loadFunctions(listFunctions(path.join(root, ".cache", "functions"))),
  maxBodyBytes = UPLOAD_BODY_LIMIT_BYTES,
  log = (m) => console.error(m),
}: SiteServerOptions): SiteServer {
  const serveStatic = createStaticFiles({ publicDir: path.join(root, "public"), headersFor });
  const fns = createFunctionsHost({ functions, maxBodyBytes, log });
  let active = 0;
  let closing = false;
  const idle = new Set<() => void>();

  const handle = (req: http.IncomingMessage, res: http.ServerResponse) => {
    active++;
    res.once("close", () => {
      active--;
      if (active === 0) for (const resolve of idle) resolve();
    });
    // while shutting down, a kept-alive connection takes no further request after this one
    if (closing) res.setHeader("Connection", "close");
    const target = splitTarget(req.url ?? "/");
    const decoded = target ? decodeSegments(target.rawPath) : undefined;
    if (target && decoded && !("error" in decoded) && (decoded.decoded === "/api" || decoded.decoded.startsWith("/api/"))) {
      fns.handle(req, res, decoded.decoded, target.search).catch((error: unknown) => {
        log(`[server] ${String(error)}`);
        if (!res.headersSent) res.writeHead(500).end();
      });
      return;
    }
    try {
      serveStatic(req, res);
    } catch (error) {
      log(`[server] ${req.url}: ${String(error)}`);
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" }).end("Internal server error");
      else res.destroy();
    }
  };

  const server = http.createServer(handle);
  // `Expect: 100-continue`: the client waits for our go-ahead before sending the body, so a request
  // refused from its headers never sends it at all.
  server.on("checkContinue", (req: http.IncomingMessage, res: http.ServerResponse) => {
    const target = splitTarget(req.url ?? "/");
    if (target?.rawPath.startsWith("/api/") && fns.refuse(req, res)) return;
    res.writeContinue();
    handle(req, res);
  });
  // headers must arrive promptly; a body may take as long as the client's upload needs
  server.headersTimeout = 20_000;
  server.requestTimeout = 120_000;
  server.keepAliveTimeout = 5_000;

  return {
    server,
    routes: fns.routes,
    inFlight: () => active,
    shutdown(timeoutMs) {
      closing = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const drained =
        active === 0
          ? Promise.resolve(true)
          : new Promise<boolean>((resolve) => {
              const done = () => resolve(true);
              idle.add(done);
              setTimeout(() => {
                idle.delete(done);
                resolve(false);
              }, timeoutMs).unref();
            });
      return drained.then(async (finished) => {
        // idle keep-alive connections (and, after the timeout, unfinished ones) are cut
        server.closeAllConnections();
        await closed;
        return finished;
      });
    },
  };
}
