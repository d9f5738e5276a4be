/**
 * The local server (scripts/serve.ts, scripts/lib/*): the built site's files and URLs, the header table,
 * the functions loaded once and called with their own headers, bodies refused from the headers alone,
 * graceful shutdown and the supervisor restarting its worker. Runs on a small site of its own in a
 * temporary folder (no Gatsby build needed).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { createHeadersMatcher } from "gatsby/dist/utils/adapter/create-headers";
import { hostHeaderRules, writeHeadersManifest } from "../../../src/node/security-headers";
import { handleFile } from "../../../src/server/handlers";
import { listFunctions, loadFunctions, matchRoute, refusalFromHeaders, type LoadedFunction } from "../../../scripts/lib/functions-host";
import { createSiteServer, type SiteServer } from "../../../scripts/lib/site-server";
import { resolvePath, type HeadersFor } from "../../../scripts/lib/static-files";
import { waitForUrl } from "../../../scripts/lib/net";
import { deps, tempLeadsDir } from "../server/lead-server-helpers";

const POLICY = "default-src 'self'; frame-ancestors 'none'";
const HASHED = "app-0123456789abcdef0123.js";
const SECRET = "outside public/: never served";

/** A built site in miniature: pages, a hashed script, /static/, page data, the 404 page, the header table, two compiled functions. */
function makeSite(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "nd-site-"));
  const put = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  };
  put("public/index.html", "<!doctype html><title>home</title>");
  put("public/pricing/index.html", "<!doctype html><title>pricing</title>" + "x".repeat(4000));
  put("public/404.html", "<!doctype html><title>We couldn't find that page</title>");
  put(`public/${HASHED}`, "console.log(1)");
  put("public/static/abc/logo.png", "png");
  put("public/page-data/index/page-data.json", "{}");
  put("public/sw.js", "self");
  put("public/_headers", "/*\n  X-Host: rules");
  put("secret.txt", SECRET);
  writeHeadersManifest(root, hostHeaderRules(POLICY, [HASHED]));
  // a compiled function that counts how often it is loaded, and webpack's shared chunk beside it
  put(
    ".cache/functions/hubspot/echo.js",
    `globalThis.__echoLoads = (globalThis.__echoLoads ?? 0) + 1;
     exports.default = async (req, res) => {
       let bytes = 0;
       for await (const chunk of req) bytes += chunk.length;
       res.setHeader("Cache-Control", "no-store");
       res.status(200).json({ loads: globalThis.__echoLoads, bytes, query: req.query, ip: req.socket.remoteAddress, xff: req.headers["x-forwarded-for"] ?? null });
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

const roots: string[] = [];
const servers: SiteServer[] = [];
afterAll(async () => {
  for (const s of servers) if (s.server.listening) await s.shutdown(100);
  for (const r of roots) fs.rmSync(r, { recursive: true, force: true });
});

async function start(options: { extra?: LoadedFunction[]; maxBodyBytes?: number } = {}) {
  const root = makeSite();
  roots.push(root);
  const headersFor = createHeadersMatcher(hostHeaderRules(POLICY, [HASHED]), "") as HeadersFor;
  const functions = [...loadFunctions(listFunctions(path.join(root, ".cache", "functions"))), ...(options.extra ?? [])];
  const site = createSiteServer({ root, headersFor, functions, maxBodyBytes: options.maxBodyBytes, log: () => undefined });
  servers.push(site);
  await new Promise<void>((resolve) => site.server.listen(0, "127.0.0.1", resolve));
  const { port } = site.server.address() as net.AddressInfo;
  return { root, site, port, base: `http://127.0.0.1:${port}` };
}

interface RawAnswer {
  head: string;
  status: number;
  headers: Record<string, string>;
  body: string;
  /** ms from the request's first byte to the answer's */
  answeredAfter: number;
  closedByServer: boolean;
}

/** Sends `head` (and `body`, and never ends it unless told) on a raw connection: what fetch would normalise is sent as is. */
function raw(port: number, head: string, body: Buffer | string = "", { waitForClose = 300 } = {}): Promise<RawAnswer> {
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

describe("resolvePath: the built site's URLs (trailingSlash: always)", () => {
  const root = makeSite();
  roots.push(root);
  const pub = path.join(root, "public");

  it.each([
    ["/pricing", "/pricing/"],
    ["/pricing/index.html", "/pricing/"],
    ["//pricing//", "/pricing/"],
    ["/./pricing", "/pricing/"],
    ["/index.html", "/"],
    ["//", "/"],
    [`//${HASHED}`, `/${HASHED}`],
  ])("%s → 301 %s", (from, to) => expect(resolvePath(pub, from)).toEqual({ kind: "redirect", location: to }));

  it("keeps the query string", () =>
    expect(resolvePath(pub, "/pricing", "?utm_source=x&a=1")).toEqual({ kind: "redirect", location: "/pricing/?utm_source=x&a=1" }));

  it("serves a page at its one URL and files as they are", () => {
    expect(resolvePath(pub, "/pricing/")).toMatchObject({ kind: "file", file: path.join(pub, "pricing/index.html") });
    expect(resolvePath(pub, "/")).toMatchObject({ kind: "file", file: path.join(pub, "index.html") });
    expect(resolvePath(pub, `/${HASHED}`)).toMatchObject({ kind: "file", file: path.join(pub, HASHED) });
  });

  it("never redirects off the site: `//host/` is a path here, and one that does not exist", () => {
    expect(resolvePath(pub, "//evil.example/")).toEqual({ kind: "not-found" });
    expect(resolvePath(pub, "//evil.example")).toEqual({ kind: "not-found" });
  });

  it.each([
    "/../secret.txt",
    "/%2e%2e/secret.txt",
    "/..%2fsecret.txt",
    "/pricing/..%2f..%2fsecret.txt",
    "/a%00.html",
    "/%5c..%5csecret.txt",
    "/%E0%A4%A",
  ])("refuses %s", (p) => expect(resolvePath(pub, p).kind).toBe("bad-request"));

  it("unknown paths and the host's own files are not found", () => {
    expect(resolvePath(pub, "/no-such-page/")).toEqual({ kind: "not-found" });
    expect(resolvePath(pub, "/_headers")).toEqual({ kind: "not-found" });
  });
});

describe("the server", () => {
  it("answers pages with the header table: security headers, the policy, revalidated HTML; no X-Powered-By", async () => {
    const { base } = await start();
    const res = await fetch(`${base}/pricing/`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("content-security-policy")).toBe(POLICY);
    expect(res.headers.get("strict-transport-security")).toContain("max-age=63072000");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    expect(res.headers.get("x-powered-by")).toBeNull();
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(await res.text()).toContain("<title>pricing</title>");
  });

  it("caches hashed scripts and /static/ for a year, page data and sw.js revalidate", async () => {
    const { base } = await start();
    const cache = async (p: string) => (await fetch(`${base}${p}`)).headers.get("cache-control");
    expect(await cache(`/${HASHED}`)).toBe("public, max-age=31536000, immutable");
    expect(await cache("/static/abc/logo.png")).toBe("public, max-age=31536000, immutable");
    expect(await cache("/page-data/index/page-data.json")).toBe("public, max-age=0, must-revalidate");
    expect(await cache("/sw.js")).toBe("public, max-age=0, must-revalidate");
    expect((await fetch(`${base}/static/abc/logo.png`)).headers.get("content-type")).toBe("image/png");
  });

  it("redirects non-canonical page URLs with 301, keeping the query", async () => {
    const { base } = await start();
    for (const [from, to] of [
      ["/pricing?a=1", "/pricing/?a=1"],
      ["/pricing/index.html", "/pricing/"],
      ["//pricing", "/pricing/"],
    ]) {
      const res = await fetch(`${base}${from}`, { redirect: "manual" });
      expect(res.status, from).toBe(301);
      expect(res.headers.get("location"), from).toBe(to);
    }
  });

  it("answers an unknown path with the 404 page, status 404, under the same policy", async () => {
    const { base } = await start();
    const res = await fetch(`${base}/no-such-page/`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("We couldn't find that page");
    expect(res.headers.get("content-security-policy")).toBe(POLICY);
    expect((await fetch(`${base}/_headers`)).status).toBe(404);
  });

  it("refuses path traversal, also spelled in ways fetch would normalise away", async () => {
    const { port } = await start();
    for (const target of [
      "/../secret.txt",
      "/../../secret.txt",
      "/%2e%2e/secret.txt",
      "/..%2f..%2fsecret.txt",
      "/static/..%5c..%5c..%5csecret.txt",
    ]) {
      const answer = await raw(port, `GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      expect(answer.status, target).toBe(400);
      expect(answer.body, target).not.toContain(SECRET);
    }
  });

  it("HEAD, ETag and 304", async () => {
    const { base } = await start();
    const head = await fetch(`${base}/pricing/`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    const etag = head.headers.get("etag")!;
    expect(etag).toMatch(/^W\/"/);
    expect(head.headers.get("last-modified")).toBeTruthy();
    const again = await fetch(`${base}/pricing/`, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect((await fetch(`${base}/pricing/`, { method: "POST" })).status).toBe(405);
  });

  it("loads each function once, however many requests it answers", async () => {
    delete (globalThis as { __echoLoads?: number }).__echoLoads;
    const { base } = await start();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        fetch(`${base}/api/hubspot/echo?n=${i}&tag=a&tag=b`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: `{"i":${i}}`,
        }).then((r) => r.json() as Promise<{ loads: number; bytes: number; query: Record<string, unknown> }>),
      ),
    );
    expect(answers.map((a) => a.loads)).toEqual(Array(30).fill(1));
    expect((globalThis as { __echoLoads?: number }).__echoLoads).toBe(1);
    expect(answers[3]).toMatchObject({ bytes: 7, query: { n: "3", tag: ["a", "b"] } });
  });

  it("finds the functions from the build's manifest (relative to the folder), else by walking it without webpack's chunks", () => {
    const root = makeSite();
    roots.push(root);
    const dir = path.join(root, ".cache", "functions");
    expect(listFunctions(dir)).toEqual([{ route: "hubspot/echo", file: path.join(dir, "hubspot/echo.js"), matchPath: undefined }]);
    fs.rmSync(path.join(dir, "manifest.json"));
    expect(listFunctions(dir).map((f) => f.route)).toEqual(["hubspot/echo"]);
    expect(matchRoute("users/:id", "users/42")).toEqual({ id: "42" });
    expect(matchRoute("files/*rest", "files/a/b")).toEqual({ rest: "a/b" });
    expect(matchRoute("users/:id", "users/42/x")).toBeNull();
  });

  it("passes the socket's address and adds no X-Forwarded-For; a sent one reaches the function as sent", async () => {
    const { base } = await start();
    const plain = (await (await fetch(`${base}/api/hubspot/echo`, { method: "POST", body: "" })).json()) as {
      ip: string;
      xff: string | null;
    };
    expect(plain.ip).toMatch(/127\.0\.0\.1$/);
    expect(plain.xff).toBeNull();
    const forged = (await (
      await fetch(`${base}/api/hubspot/echo`, { method: "POST", body: "", headers: { "x-forwarded-for": "1.2.3.4" } })
    ).json()) as {
      xff: string;
    };
    expect(forged.xff).toBe("1.2.3.4");
  });

  it("keeps a function's own headers (the file endpoint's sandbox policy) and applies no table under /api/", async () => {
    const leadsDir = tempLeadsDir();
    roots.push(leadsDir);
    const d = deps(leadsDir);
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
    const stored = await d.store.saveFile({ filename: "a.png", mime: "image/png", bytes: png }, "203.0.113.1");
    const file: LoadedFunction = { route: "hubspot/file", file: "-", handler: (req, res) => handleFile(req, res, d) };
    const { base } = await start({ extra: [file] });
    const res = await fetch(`${base}/api/hubspot/file?id=${stored.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe("private, max-age=3600");
    expect(res.headers.get("strict-transport-security")).toBeNull();
    expect(Buffer.compare(Buffer.from(await res.arrayBuffer()), png)).toBe(0);
    const missing = await fetch(`${base}/api/hubspot/file?id=00000000-0000-4000-8000-000000000000`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-security-policy")).toBeNull();
    expect(missing.headers.get("cache-control")).toBe("no-store");
  });

  it("answers an unknown /api path 404 JSON", async () => {
    const { base } = await start();
    const res = await fetch(`${base}/api/nope`, { method: "POST", body: "{}" });
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await res.json()).toEqual({ success: false, message: "Not found" });
  });
});

describe("bodies refused from the headers alone, never read", () => {
  it("refusalFromHeaders: any multipart type 415, a declared length over the limit 413", () => {
    const h = (headers: Record<string, string>) => refusalFromHeaders({ headers }, 1000);
    expect(h({ "content-type": "multipart/form-data; boundary=x" })?.status).toBe(415);
    expect(h({ "content-type": "Multipart/Mixed" })?.status).toBe(415);
    expect(h({ "content-type": "application/json", "content-length": "1001" })?.status).toBe(413);
    expect(h({ "content-type": "application/json", "content-length": "1000" })).toBeNull();
  });

  // The body is sent in part and never finished: a server that read it would wait forever for the rest.
  it.each([
    ["multipart, 200 MB declared", "multipart/form-data; boundary=xyz", `Content-Length: ${200 * 1024 * 1024}`, 415],
    ["multipart, chunked (no length)", "multipart/form-data; boundary=xyz", "Transfer-Encoding: chunked", 415],
    ["JSON over the limit", "application/json", `Content-Length: ${200 * 1024 * 1024}`, 413],
  ])("%s: answered at once, the connection closed, the function never called", async (_, type, length, status) => {
    let called = 0;
    const spy: LoadedFunction = {
      route: "hubspot/spy",
      file: "-",
      handler: async (_req, res) => {
        called++;
        res.status(200).json({});
      },
    };
    const { site, port } = await start({ extra: [spy], maxBodyBytes: 1024 * 1024 });
    let serverRead = 0;
    site.server.on("connection", (socket: net.Socket) => socket.on("close", () => (serverRead = socket.bytesRead)));
    const answer = await raw(
      port,
      `POST /api/hubspot/spy HTTP/1.1\r\nHost: x\r\nOrigin: http://x\r\nContent-Type: ${type}\r\n${length}\r\n\r\n`,
      length.startsWith("Transfer") ? `400\r\n${"a".repeat(1024)}\r\n` : Buffer.alloc(1024, 97),
      { waitForClose: 500 },
    );
    expect(answer.status).toBe(status);
    expect(answer.answeredAfter).toBeLessThan(1000);
    expect(answer.headers.connection).toBe("close");
    expect(answer.closedByServer).toBe(true);
    expect(JSON.parse(answer.body)).toMatchObject({ success: false });
    expect(called).toBe(0);
    await vi.waitFor(() => expect(serverRead).toBeGreaterThan(0));
    expect(serverRead).toBeLessThan(64 * 1024);
  });

  it("with Expect: 100-continue the refused body is never asked for", async () => {
    const { port } = await start();
    const answer = await raw(
      port,
      `POST /api/hubspot/echo HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: 209715200\r\nExpect: 100-continue\r\n\r\n`,
    );
    expect(answer.status).toBe(415);
    expect(answer.head).not.toContain("100 Continue");
  });
});

describe("shutdown and supervision", () => {
  it("shutdown lets a request in flight finish, then closes", async () => {
    const slow: LoadedFunction = {
      route: "slow",
      file: "-",
      handler: async (_req, res) => {
        await new Promise((r) => setTimeout(r, 400));
        res.status(200).json({ done: true });
      },
    };
    const { site, base } = await start({ extra: [slow] });
    const inFlight = fetch(`${base}/api/slow`);
    await vi.waitFor(() => expect(site.inFlight()).toBe(1));
    const closed = site.shutdown(5000);
    expect(await (await inFlight).json()).toEqual({ done: true });
    expect(await closed).toBe(true);
    await expect(fetch(`${base}/`)).rejects.toThrow();
  });

  it("serve.ts restarts a worker that died and exits 0 on SIGTERM", async () => {
    const root = makeSite();
    roots.push(root);
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, "127.0.0.1", () => {
        const { port: p } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(p));
      });
    });
    const serve = spawn(
      process.execPath,
      ["--import", "tsx", "scripts/serve.ts", "--port", String(port), "--host", "127.0.0.1", "--root", root],
      {
        cwd: path.resolve(__dirname, "../../.."),
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let log = "";
    serve.stdout.on("data", (d) => (log += d));
    serve.stderr.on("data", (d) => (log += d));
    const workers = () => [...log.matchAll(/worker (\d+) serving/g)].map((m) => Number(m[1]));
    try {
      await waitForUrl(`http://127.0.0.1:${port}/`, { timeoutMs: 30_000, intervalMs: 100 });
      const [first] = workers();
      process.kill(first, "SIGKILL");
      await vi.waitFor(() => expect(workers().length).toBe(2), { timeout: 30_000, interval: 100 });
      expect(workers()[1]).not.toBe(first);
      expect((await fetch(`http://127.0.0.1:${port}/pricing/`)).status).toBe(200);
      const exited = new Promise<number | null>((resolve) => serve.on("exit", (code) => resolve(code)));
      serve.kill("SIGTERM");
      expect(await exited).toBe(0);
    } finally {
      if (serve.exitCode === null) serve.kill("SIGKILL");
    }
  }, 60_000);
});
