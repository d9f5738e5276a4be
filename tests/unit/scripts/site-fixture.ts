/**
 * A built site in miniature for the local server's tests (scripts/lib/site-server.ts): pages, a hashed
 * script, /static/, page data, the 404 and 500 pages, the header table and a compiled function, in a
 * temporary folder (no Gatsby build needed); and a raw HTTP client for what fetch would normalise.
 */
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { hostHeaderRules, writeHeadersManifest } from "../../../src/node/security-headers";
import { loadBuiltFunctions, type LoadedFunction } from "../../../scripts/lib/gatsby-functions";
import { createSiteServer, type SiteOptions, type SiteServer } from "../../../scripts/lib/site-server";

export const POLICY = "default-src 'self'; frame-ancestors 'none'";
export const HASHED = "app-0123456789abcdef0123.js";
export const SECRET = "outside public/: never served";

const roots: string[] = [];
const servers: SiteServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close(0);
  for (const r of roots) fs.rmSync(r, { recursive: true, force: true });
});

export function makeSite(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "nd-site-"));
  roots.push(root);
  const put = (rel: string, text: string | Buffer) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  };
  put("public/index.html", "<!doctype html><title>home</title>");
  put("public/pricing/index.html", "<!doctype html><title>pricing</title>" + "x".repeat(4000));
  put("public/404.html", "<!doctype html><title>We couldn't find that page</title>");
  put("public/500.html", "<!doctype html><title>Something went wrong</title>");
  put(`public/${HASHED}`, "console.log(1)");
  put("public/static/abc/logo.png", "png");
  put("public/page-data/index/page-data.json", "{}");
  put("public/sw.js", "self");
  put("public/_headers", "/*\n  X-Host: rules");
  put("secret.txt", SECRET);
  writeHeadersManifest(root, hostHeaderRules(POLICY, [HASHED]));
  // a compiled function that counts how often it is loaded, beside webpack's shared chunk
  put(
    ".cache/functions/hubspot/echo.js",
    `globalThis.__echoLoads = (globalThis.__echoLoads ?? 0) + 1;
     exports.default = async (req, res) => {
       const bytes = Buffer.isBuffer(req.body) ? req.body.length : 0;
       res.setHeader("Cache-Control", "no-store");
       res.status(200).json({ loads: globalThis.__echoLoads, bytes, query: req.query, params: req.params, cookies: req.cookies, ip: req.socket.remoteAddress, xff: req.headers["x-forwarded-for"] ?? null });
     };`,
  );
  put(".cache/functions/147.js", "exports.ids = [147];");
  put(
    ".cache/functions/manifest.json",
    JSON.stringify([
      { functionRoute: "hubspot/echo", relativeCompiledFilePath: "hubspot/echo.js", absoluteCompiledFilePath: "/elsewhere/echo.js" },
    ]),
  );
  return root;
}

/** The echo function takes a body of up to 1 MB (the real ones' limits are in FUNCTION_LIMITS). */
export const ECHO_LIMITS = { "hubspot/echo": { bodyLimit: 1024 * 1024, concurrent: 64 } };

export async function start(options: Partial<SiteOptions> & { extra?: LoadedFunction[]; root?: string } = {}) {
  const root = options.root ?? makeSite();
  const { extra = [], ...rest } = options;
  const site = await createSiteServer({
    publicDir: path.join(root, "public"),
    headerRules: hostHeaderRules(POLICY, [HASHED]),
    functions: [...loadBuiltFunctions(root), ...extra],
    functionLimits: ECHO_LIMITS,
    log: () => undefined,
    ...rest,
  });
  servers.push(site);
  await site.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = site.app.server.address() as net.AddressInfo;
  return { root, site, port, base: `http://127.0.0.1:${port}` };
}

export interface RawAnswer {
  head: string;
  status: number;
  headers: Record<string, string>;
  body: string;
  /** ms from the request's first byte to the answer's */
  answeredAfter: number;
  closedByServer: boolean;
}

/** Sends `head` (and `body`, never ended unless it is complete) on a raw connection: what fetch would normalise is sent as is. */
export function raw(port: number, head: string, body: Buffer | string = "", { waitForClose = 300 } = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const t0 = Date.now();
    let answeredAt = 0;
    let text = "";
    let closedByServer = false;
    const finish = () => {
      const [top, ...rest] = text.split("\r\n\r\n");
      const [statusLine, ...lines] = top.split("\r\n");
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]));
      socket.destroy();
      resolve({
        head: top,
        status: Number(statusLine.split(" ")[1]),
        headers,
        body: rest.join("\r\n\r\n"),
        answeredAfter: answeredAt - t0,
        closedByServer,
      });
    };
    socket.on("connect", () => socket.write(Buffer.concat([Buffer.from(head), Buffer.from(body)])));
    socket.on("data", (d) => {
      if (!answeredAt) {
        answeredAt = Date.now();
        setTimeout(finish, waitForClose);
      }
      text += d.toString("latin1");
    });
    socket.on("end", () => (closedByServer = true));
    socket.on("close", () => (closedByServer = true));
    socket.on("error", () => (closedByServer = true));
    setTimeout(() => (answeredAt ? undefined : reject(new Error(`no answer to ${head.split("\r\n")[0]}`))), 5000);
  });
}

/** Bytes the server read from each connection, summed when it closes. */
export function bytesReadBy(site: SiteServer): () => number {
  let read = 0;
  site.app.server.on("connection", (socket: net.Socket) => socket.on("close", () => (read += socket.bytesRead)));
  return () => read;
}
