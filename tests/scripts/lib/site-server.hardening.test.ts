/**
 * The local server tried as an attacker would (issue 38's findings), one describe per finding:
 * bodies nobody takes are never read; memory stays bounded against slow readers and unfinished uploads;
 * SIGTERM finishes what was already sent; no dotfile or symlink is served; a malformed URL is a 400 with
 * the security headers; error answers are never cached for long; a client that leaves is one log line.
 * (An upload's cost in the file store: tests/src/server/store/file-store.test.ts.)
 */
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { Readable } from "node:stream";
import type { LoadedFunction } from "../../../scripts/lib/gatsby-functions";
import { freePort, waitForUrl } from "../../../scripts/lib/net";
import { serveArgs } from "../../../scripts/lib/serve-command";
import type { SiteServer } from "../../../scripts/lib/site-server";
import { bytesReadBy, makeSite, POLICY, raw, SECRET, start } from "../../fixtures/site-fixture";
import { REPO_ROOT } from "../../fixtures/repo-root";

const BIG = 8 * 1024 * 1024;

/** Writes `body` chunks as fast as the connection takes them for up to `ms`: what came back, and what was sent. */
function pump(port: number, head: string, ms = 1000): Promise<{ status: number; connection: string | undefined; sent: number }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunk = Buffer.alloc(256 * 1024, 0x61);
    let sent = 0;
    let text = "";
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      socket.destroy();
      const [top] = text.split("\r\n\r\n");
      const [statusLine, ...lines] = top.split("\r\n");
      const connection = lines
        .find((l) => /^connection:/i.test(l))
        ?.split(":")[1]
        .trim();
      resolve({ status: Number(statusLine.split(" ")[1]), connection, sent });
    };
    socket.on("connect", () => {
      socket.write(head);
      const write = () => {
        while (!socket.destroyed) {
          sent += chunk.length;
          const piece = head.includes("chunked")
            ? Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")])
            : chunk;
          if (!socket.write(piece)) return void socket.once("drain", write);
        }
      };
      write();
    });
    socket.on("data", (d) => (text += d.toString("latin1")));
    socket.on("error", finish);
    socket.on("close", finish);
    setTimeout(finish, ms);
  });
}

/** The server's open connections. */
function connectionsOf(site: SiteServer): Set<net.Socket> {
  const sockets = new Set<net.Socket>();
  site.app.server.on("connection", (socket: net.Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  return sockets;
}

/** Opens a connection, sends `request`, and reads nothing: a client that stalls. */
function stall(port: number, request: string): Promise<net.Socket> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.write(request);
      resolve(socket);
    });
    socket.pause();
    socket.on("error", () => undefined);
  });
}

const SECURITY_HEADERS = [
  "content-security-policy",
  "strict-transport-security",
  "x-content-type-options",
  "x-frame-options",
  "referrer-policy",
];

describe("no route that takes no body reads one", () => {
  it.each([
    ["POST to a page, chunked without end", "POST /pricing/ HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n", 405],
    ["POST to a page, 10 GB declared", `POST /pricing/ HTTP/1.1\r\nHost: x\r\nContent-Length: ${10 * 1024 ** 3}\r\n\r\n`, 405],
    ["GET of a page with a body", `GET /pricing/ HTTP/1.1\r\nHost: x\r\nContent-Length: ${10 * 1024 ** 3}\r\n\r\n`, 413],
    [
      "GET of the file function with a chunked body",
      "GET /api/hubspot/file?id=x HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n",
      413,
    ],
    ["POST to the file function", `POST /api/hubspot/file?id=x HTTP/1.1\r\nHost: x\r\nContent-Length: ${10 * 1024 ** 3}\r\n\r\n`, 413],
  ])("%s: answered, the connection closed, the body not read", async (_, head, status) => {
    const file: LoadedFunction = { route: "hubspot/file", handler: (_req, res) => res.status(404).json({}) };
    const { site, port } = await start({ extra: [file] });
    const serverRead = bytesReadBy(site);
    // four clients sending as fast as they can, as in the finding (they read 13 GB in 20 s)
    const answers = await Promise.all(Array.from({ length: 4 }, () => pump(port, head)));
    for (const answer of answers) {
      expect(answer.status).toBe(status);
      expect(answer.connection).toBe("close");
    }
    await vi.waitFor(() => expect(serverRead()).toBeGreaterThan(0));
    expect(serverRead()).toBeLessThan(4 * 1024 * 1024);
  });
});

describe("memory stays bounded", () => {
  it("clients that do not read a large file: it is streamed, the server buffers little per connection", async () => {
    const root = makeSite();
    fs.writeFileSync(path.join(root, "public", "big.png"), crypto.randomBytes(BIG));
    const { site, port } = await start({ root });
    const connections = connectionsOf(site);
    const clients = await Promise.all(Array.from({ length: 20 }, () => stall(port, "GET /big.png HTTP/1.1\r\nHost: x\r\n\r\n")));
    await new Promise((r) => setTimeout(r, 1000));
    // what the server holds in its own write buffers, beyond the kernel's: whole files, as the old server
    // wrote them, would be 20 × 8 MB here
    expect(connections.size).toBe(20);
    expect([...connections].reduce((sum, s) => sum + s.writableLength, 0)).toBeLessThan(20 * 512 * 1024);
    for (const c of clients) c.destroy();
  });

  it("a client that stops reading is cut off once its connection has been idle for idleMs, in one log line", async () => {
    const root = makeSite();
    fs.writeFileSync(path.join(root, "public", "big.png"), crypto.randomBytes(BIG));
    const lines: string[] = [];
    const { site, port } = await start({ root, timeouts: { idleMs: 500 }, log: (l) => lines.push(l) });
    const connections = connectionsOf(site);
    const client = await stall(port, "GET /big.png HTTP/1.1\r\nHost: x\r\n\r\n");
    await vi.waitFor(() => expect(connections.size).toBe(1));
    await vi.waitFor(() => expect(connections.size).toBe(0), { timeout: 5000 });
    client.destroy();
    expect(lines).toEqual(['[serve] GET "/big.png": connection closed before the answer was complete']);
  });

  it("unfinished uploads: beyond the route's cap the next is refused at once, unread; a stalled one ends at requestMs", async () => {
    const { site, port } = await start({
      functionLimits: { "hubspot/echo": { bodyLimit: 1024 * 1024, concurrent: 2 } },
      timeouts: { requestMs: 1000, headersMs: 1000 },
    });
    const serverRead = bytesReadBy(site);
    const head = `POST /api/hubspot/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${1024 * 1024}\r\n\r\n`;
    const half = "a".repeat(512 * 1024);
    const stalled = await Promise.all([stall(port, head + half), stall(port, head + half)]);
    const timedOut = stalled.map(
      (s) =>
        new Promise<string>((resolve) => {
          let text = "";
          s.on("data", (d) => (text += d.toString("latin1")));
          s.on("close", () => resolve(text));
          s.resume();
        }),
    );
    await new Promise((r) => setTimeout(r, 200));
    const refused = await raw(port, head, half, { waitForClose: 300 });
    expect(refused.status).toBe(503);
    expect(refused.headers["retry-after"]).toBe("5");
    expect(refused.headers.connection).toBe("close");
    expect(refused.closedByServer).toBe(true);
    // the stalled uploads end with 408 once requestMs has passed (Node checks every second)
    for (const text of await Promise.all(timedOut)) expect(text).toMatch(/^HTTP\/1\.1 408 /);
    // their slots are free again
    const again = await fetch(`http://127.0.0.1:${port}/api/hubspot/echo`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(again.status).toBe(200);
    expect(serverRead()).toBeLessThan(4 * 1024 * 1024);
  }, 15_000);
});

describe("on SIGTERM, what was already sent is finished", () => {
  it("30 leads fully sent while the server is busy: all answered 200, then the process exits 0", async () => {
    const root = makeSite();
    // a lead function that keeps the process busy (20 ms of CPU each) and then answers
    fs.writeFileSync(
      path.join(root, ".cache/functions/hubspot/submitForm.js"),
      `exports.default = async (req, res) => {
         const end = Date.now() + 20; while (Date.now() < end);
         await new Promise((r) => setTimeout(r, 50));
         res.status(200).json({ bytes: req.body.length });
       };`,
    );
    fs.writeFileSync(
      path.join(root, ".cache/functions/manifest.json"),
      JSON.stringify([{ functionRoute: "hubspot/submitForm", relativeCompiledFilePath: "hubspot/submitForm.js" }]),
    );
    const port = await freePort();
    const serve = spawn(process.execPath, serveArgs(["--port", String(port), "--host", "127.0.0.1", "--root", root]), {
      cwd: REPO_ROOT,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let log = "";
    serve.stdout.on("data", (d) => (log += d));
    serve.stderr.on("data", (d) => (log += d));
    try {
      await waitForUrl(`http://127.0.0.1:${port}/`, { timeoutMs: 30_000, intervalMs: 100, gaveUp: () => serve.exitCode !== null });
      const body = JSON.stringify({ email: "a@example.com", padding: "x".repeat(2000) });
      const request = `POST /api/hubspot/submitForm HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
      const sent: Promise<void>[] = [];
      // thirty visitors, each from an address of its own (all of 127.0.0.0/8 is this machine): one address
      // would be held to its own share (FUNCTION_LIMITS' perClient and rate limit)
      const answers = Array.from(
        { length: 30 },
        (_, i) =>
          new Promise<string>((resolve) => {
            let text = "";
            const socket = net.connect({ port, host: "127.0.0.1", localAddress: `127.0.0.${i + 2}` });
            sent.push(new Promise((written) => socket.on("connect", () => socket.write(request, () => written()))));
            socket.on("data", (d) => (text += d.toString("latin1")));
            socket.on("error", () => resolve(text || "reset"));
            socket.on("close", () => resolve(text || "closed without an answer"));
          }),
      );
      await Promise.all(sent);
      const exited = new Promise<number | null>((resolve) => serve.on("exit", (code) => resolve(code)));
      serve.kill("SIGTERM");
      const statuses = (await Promise.all(answers)).map((text) => text.split("\r\n")[0]);
      expect(statuses).toEqual(Array(30).fill("HTTP/1.1 200 OK"));
      expect(await exited).toBe(0);
      await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
    } finally {
      if (serve.exitCode === null) serve.kill("SIGKILL");
    }
    expect(log).toContain("SIGTERM");
  }, 60_000);
});

describe("no dotfile or symlink is served", () => {
  it("dotfiles, dot-folders and symlinks (escaping public/ or not) are not found", async () => {
    const root = makeSite();
    const pub = path.join(root, "public");
    fs.writeFileSync(path.join(pub, ".env"), SECRET);
    fs.mkdirSync(path.join(pub, ".git"));
    fs.writeFileSync(path.join(pub, ".git", "config"), SECRET);
    fs.mkdirSync(path.join(pub, "pricing", ".well-known"));
    fs.writeFileSync(path.join(pub, "pricing", ".well-known", "index.html"), SECRET);
    fs.symlinkSync(path.join(root, "secret.txt"), path.join(pub, "leak.txt"));
    fs.symlinkSync(path.join(pub, "index.html"), path.join(pub, "alias.html"));
    fs.mkdirSync(path.join(root, "outside"));
    fs.writeFileSync(path.join(root, "outside", "index.html"), SECRET);
    fs.symlinkSync(path.join(root, "outside"), path.join(pub, "linked"));
    const { port } = await start({ root });
    for (const target of [
      "/.env",
      "/.git/config",
      "/%2egit/config",
      "/pricing/.well-known/",
      "/leak.txt",
      "/alias.html",
      "/linked/",
      "/linked/index.html",
      "/linked",
    ]) {
      for (const method of ["GET", "HEAD"]) {
        const answer = await raw(port, `${method} ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
        expect(answer.status, `${method} ${target}`).toBe(404);
        expect(answer.body, target).not.toContain(SECRET);
      }
    }
  });
});

describe("a malformed URL gets a 400 that carries the security headers", () => {
  it.each(["/%ff", "/static/%ff.png", "/api/%ff", "/%E0%A4%A", "/pricing/%c0%af"])("%s", async (target) => {
    const { port } = await start();
    const answer = await raw(port, `GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    expect(answer.status).toBe(400);
    for (const name of SECURITY_HEADERS) expect(answer.headers[name], name).toBeTruthy();
    expect(answer.headers["content-security-policy"]).toBe(POLICY);
    expect(answer.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
  });

  it("the absolute form is served by its path, the asterisk form is not found: both with the security headers", async () => {
    const { port } = await start();
    for (const [target, status] of [
      ["http://evil.example/pricing/", 200],
      ["*", 404],
    ] as const) {
      const answer = await raw(port, `GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      expect(answer.status, target).toBe(status);
      for (const name of SECURITY_HEADERS) expect(answer.headers[name], `${target} ${name}`).toBeTruthy();
    }
  });

  it("a request Node cannot parse at all: 400 with the security headers", async () => {
    const { port } = await start();
    const answer = await raw(port, "GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n");
    expect(answer.status).toBe(400);
    for (const name of SECURITY_HEADERS) expect(answer.headers[name], name).toBeTruthy();
  });
});

describe("error answers are never cached as immutable", () => {
  it("a 404 under /static/ or at a hashed name revalidates", async () => {
    const { base } = await start();
    for (const p of ["/static/nope.png", "/static/abc/", "/app-ffffffffffffffffffff.js"]) {
      const res = await fetch(`${base}${p}`);
      expect(res.status, p).toBe(404);
      expect(res.headers.get("cache-control"), p).toBe("public, max-age=0, must-revalidate");
    }
  });

  it("a file that fails to read: the 500 page, revalidated, with the security headers, logged once", async () => {
    const lines: string[] = [];
    const { base } = await start({ log: (l) => lines.push(l) });
    const failing = new Readable({
      read() {
        this.destroy(new Error("EIO: i/o error"));
      },
    });
    const spy = vi.spyOn(fs, "createReadStream").mockImplementationOnce(() => failing as fs.ReadStream);
    try {
      const res = await fetch(`${base}/static/abc/logo.png`);
      expect(res.status).toBe(500);
      expect(await res.text()).toContain("Something went wrong");
      expect(res.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
      expect(res.headers.get("content-security-policy")).toBe(POLICY);
      expect(lines).toEqual(['[serve] GET "/static/abc/logo.png": EIO: i/o error']);
    } finally {
      spy.mockRestore();
    }
  });
});

describe("a client abort logs one line", () => {
  it("leaving mid-file, mid-upload or while a function works: one line each, no stack", async () => {
    const root = makeSite();
    fs.writeFileSync(path.join(root, "public", "big.png"), crypto.randomBytes(BIG));
    const lines: string[] = [];
    const slow: LoadedFunction = {
      route: "slow",
      handler: async (_req, res) => {
        await new Promise((r) => setTimeout(r, 300));
        res.status(200).json({});
      },
    };
    const { port } = await start({ root, extra: [slow], log: (l) => lines.push(l) });
    const leave = async (request: string, afterFirstByte: boolean) => {
      const socket = net.connect(port, "127.0.0.1");
      await new Promise((r) => socket.on("connect", r));
      socket.write(request);
      if (afterFirstByte) await new Promise((r) => socket.once("data", r));
      else await new Promise((r) => setTimeout(r, 100));
      socket.destroy();
    };
    await leave("GET /big.png HTTP/1.1\r\nHost: x\r\n\r\n", true);
    await leave(`POST /api/hubspot/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"a":`, false);
    await leave("GET /api/slow HTTP/1.1\r\nHost: x\r\n\r\n", false);
    await new Promise((r) => setTimeout(r, 500));
    expect(lines).toEqual([
      '[serve] GET "/big.png": connection closed before the answer was complete',
      '[serve] POST "/api/hubspot/echo": connection closed before the answer was complete',
      '[serve] GET "/api/slow": connection closed before the answer was complete',
    ]);
  });
});
