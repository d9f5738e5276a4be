/**
 * The cross-engine suite's front server (docs/engines.md#how-it-works). Every engine talks to it alone:
 * - as the site's origin: it forwards to the local server (scripts/serve.ts) and, on HTML, adds the recorder
 *   (tests/engines/recorder.ts) with its hash in the policy; it can hold the site's scripts (a visitor acting
 *   before the page is live) and go offline (the service worker's turn), the same way in every engine;
 * - as the engines' HTTP proxy: the third-party hosts of the e2e build get the same stand-ins as in the
 *   Playwright suite (tests/fixtures/vendor-stubs.ts), over TLS with a throwaway certificate the engines are
 *   told to accept; what is not a script is cut, as Playwright's guard aborts it. Nothing reaches the internet.
 */
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import tls from "node:tls";
import { generate } from "selfsigned";
import { FAILING_HOSTS, VENDOR_STUBS, genericStub } from "../fixtures/vendor-stubs";
import { FENCE_POLICY, RECORDER_SOURCE, SELF_CHECK_THROW, SELF_CHECK_UNHASHED, cspHash } from "./recorder";

/** The query parameter that turns a page into the self-check's copy of it. */
export const SELF_CHECK_PARAM = "engines-self-check";

export interface PageReport {
  kind: "error" | "csp" | "console" | "fenced";
  page: string;
  text: string;
  userAgent: string;
}

export interface Front {
  origin: string;
  port: number;
  /** Reports sent by pages (the recorder), in arrival order. */
  reports: PageReport[];
  /** Third-party URLs the engines asked for. */
  thirdParty: string[];
  /** Requests through the proxy to an engine's own hosts, cut and not counted. */
  cut: string[];
  /** Hosts the engines opened a tunnel to (CONNECT), for a diagnosis when a stand-in never arrives. */
  tunnels: string[];
  /** Holds every same-origin script request from now until the returned release() (or the next hold()). */
  hold(): () => void;
  /** While true, every request to the origin fails as a network error, as a phone losing its signal. */
  setOffline(offline: boolean): void;
  /**
   * While true, pages get a second policy (FENCE_POLICY) that keeps every request on the origin: for an engine
   * whose driver cannot route it through this proxy (WebKitGTK ignores the proxy capability), so a granted
   * consent cannot send it to the vendors' real hosts. Violations of the fence are the fence working, not failures.
   */
  setFenced(fenced: boolean): void;
  close(): Promise<void>;
}

/** Adds hashes to the `script-src` of a policy header (the directive is there in every policy the site sends). */
function withScriptHashes(policy: string, hashes: string[]): string {
  if (!/(^|;)\s*script-src[\s;]/.test(policy)) throw new Error(`the policy has no script-src: ${policy}`);
  return policy.replace(
    /(^|;)(\s*script-src)([^;]*)/,
    (_, start: string, name: string, sources: string) => `${start}${name}${sources} ${hashes.join(" ")}`,
  );
}

/** The page with the recorder first in its head, and the self-check's two scripts when asked for. */
function instrument(html: string, selfCheck: boolean): string {
  const scripts = [`<script>${RECORDER_SOURCE}</script>`];
  if (selfCheck) scripts.push(`<script>${SELF_CHECK_UNHASHED}</script>`, `<script>${SELF_CHECK_THROW}</script>`);
  const head = /<head[^>]*>/i.exec(html);
  if (!head) throw new Error("a page without <head>");
  return html.slice(0, head.index + head[0].length) + scripts.join("") + html.slice(head.index + head[0].length);
}

/**
 * Hosts the engines call on their own (updates, settings, safe browsing, Chromium's device check-in at
 * android.clients.google.com, which --disable-background-networking does not always stop), never the site.
 */
const ENGINE_HOSTS = /(^|\.)(mozilla\.(com|net|org)|firefox\.com|googleapis\.com|gvt1\.com|webkit\.org|clients\d*\.google\.com)$/;

const POLICY_HEADERS = ["content-security-policy", "content-security-policy-report-only"];

export async function startFront({ port, backend }: { port: number; backend: string }): Promise<Front> {
  const reports: PageReport[] = [];
  const thirdParty: string[] = [];
  const cut: string[] = [];
  const tunnels: string[] = [];
  let held: Promise<void> | null = null;
  let offline = false;
  let fenced = false;
  const target = new URL(backend);

  const forward = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://front");
    const selfCheck = url.searchParams.has(SELF_CHECK_PARAM);
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        // plain bodies, so a page can be instrumented (compression is the local server's own test's business)
        headers: { ...req.headers, host: target.host, "accept-encoding": "identity" },
      },
      (answer) => {
        const headers = { ...answer.headers };
        if (!String(headers["content-type"] ?? "").startsWith("text/html")) {
          res.writeHead(answer.statusCode ?? 502, headers);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => {
          const hashes = [cspHash(RECORDER_SOURCE), ...(selfCheck ? [cspHash(SELF_CHECK_THROW)] : [])];
          for (const name of POLICY_HEADERS) {
            const policy = headers[name];
            if (typeof policy === "string") headers[name] = withScriptHashes(policy, hashes);
          }
          if (fenced) {
            const policy = headers["content-security-policy"];
            headers["content-security-policy"] = [...(Array.isArray(policy) ? policy : policy ? [policy] : []), FENCE_POLICY];
          }
          const body = req.method === "HEAD" ? "" : instrument(Buffer.concat(chunks).toString("utf8"), selfCheck);
          delete headers.etag;
          delete headers["content-length"];
          res.writeHead(answer.statusCode ?? 502, { ...headers, "content-length": String(Buffer.byteLength(body)) });
          res.end(body);
        });
      },
    );
    upstream.on("error", (error) => {
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
      res.end(`front: ${error.message}`);
    });
    req.pipe(upstream);
  };

  const origin = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const pathname = (req.url ?? "/").split("?", 1)[0];
    if (pathname === "/__engines/report" && req.method === "POST") {
      let body = "";
      for await (const chunk of req) body += String(chunk);
      try {
        const report = JSON.parse(body) as Omit<PageReport, "userAgent">;
        reports.push({ ...report, userAgent: req.headers["user-agent"] ?? "" });
      } catch {
        reports.push({ kind: "error", page: "?", text: `unreadable report: ${body.slice(0, 200)}`, userAgent: "" });
      }
      res.writeHead(204).end();
      return;
    }
    if (offline) return req.socket.destroy();
    if (held && pathname.endsWith(".js")) await held;
    if (offline) return req.socket.destroy();
    forward(req, res);
  };

  /** A third-party request (over the proxy): a stand-in for a script, nothing for anything else. */
  const thirdPartyAnswer = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const host = (req.headers.host ?? "").replace(/:\d+$/, "");
    const url = /^https?:/.test(req.url ?? "") ? req.url! : `https://${host}${req.url}`;
    // an engine's own background traffic (Firefox's remote settings) is cut without being counted as the site's
    if (ENGINE_HOSTS.test(host)) {
      cut.push(url);
      return req.socket.destroy();
    }
    thirdParty.push(url);
    if (FAILING_HOSTS.has(host)) return res.writeHead(404).end();
    const dest = req.headers["sec-fetch-dest"];
    const script = dest === "script" || (dest === undefined && /\.js(\?|$)/.test(url));
    if (!script) return req.socket.destroy();
    res.writeHead(200, { "content-type": "text/javascript", "access-control-allow-origin": "*", "cache-control": "no-store" });
    res.end(VENDOR_STUBS[host] ?? genericStub(host));
  };

  const server = http.createServer((req, res) => {
    // the absolute form is a proxy request (plain http to another host)
    if (/^https?:\/\//.test(req.url ?? "") && new URL(req.url!).host !== `localhost:${port}`) return thirdPartyAnswer(req, res);
    void origin(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
      res.end(`front: ${error instanceof Error ? error.message : String(error)}`);
    });
  });
  server.keepAliveTimeout = 60_000;

  // HTTPS through the proxy: CONNECT, then TLS ended here with a throwaway certificate.
  const pems = await generate([{ name: "commonName", value: "third-party.test" }], { keySize: 2048, algorithm: "sha256" });
  const inside = http.createServer(thirdPartyAnswer);
  const sockets = new Set<Socket>();
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  server.on("connect", (req: http.IncomingMessage, socket: Socket, head: Buffer) => {
    tunnels.push(req.url ?? "");
    socket.write("HTTP/1.1 200 Connection Established\r\n\r\n");
    if (head.length) socket.unshift(head);
    const secure = new tls.TLSSocket(socket, { isServer: true, key: pems.private, cert: pems.cert, ALPNProtocols: ["http/1.1"] });
    secure.on("error", () => socket.destroy());
    inside.emit("connection", secure);
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "localhost", resolve);
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    origin: `http://localhost:${bound}`,
    port: bound,
    reports,
    thirdParty,
    cut,
    tunnels,
    hold() {
      let release!: () => void;
      held = new Promise<void>((resolve) => (release = resolve));
      const mine = held;
      return () => {
        if (held === mine) held = null;
        release();
      };
    },
    setFenced(value) {
      fenced = value;
    },
    setOffline(value) {
      offline = value;
      if (value) for (const socket of sockets) socket.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
