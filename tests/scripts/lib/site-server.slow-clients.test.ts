/**
 * Slow clients on the local server (issue 46, docs/local-server.md "Limits"): a client's rate allowance and
 * slots are charged from its headers, before any body is read, so slow bodies from one address leave the
 * other visitors their slots; a body that trickles is cut with 408; a reader that takes nothing of the file
 * endpoint's answer is cut once nothing has moved for idleMs, and that endpoint is rate-limited. The real
 * FUNCTION_LIMITS are used, with stand-in functions under the real routes. Other visitors come from other
 * loopback addresses: all of 127.0.0.0/8 is this machine.
 */
import http from "node:http";
import net from "node:net";
import type { LoadedFunction } from "../../../scripts/lib/gatsby-functions";
import { FUNCTION_LIMITS, TIMEOUTS } from "../../../scripts/lib/site-server";
import { bytesReadBy, start } from "../../fixtures/site-fixture";

/** The lead functions' default allowance (LEAD_RATE_LIMIT 20 per 60 s), whatever this machine's environment says. */
const protection = { rateLimit: 20, rateWindowSeconds: 60, trustedProxyHops: 0 };

/** A function that answers 200 with the size of the body it was given. */
const echo = (route: string): LoadedFunction => ({
  route,
  handler: (req, res) => res.status(200).json({ bytes: Buffer.isBuffer(req.body) ? req.body.length : 0 }),
});

interface Held {
  socket: net.Socket;
  /** Everything the server sent, once it closes the connection (or the test does). */
  answer: Promise<string>;
  text: () => string;
}

/** Opens a connection from `from`, sends `head` and the first bytes of a body, and sends nothing more. */
function holdOpen(port: number, from: string, head: string, first = ""): Promise<Held> {
  return new Promise((resolve) => {
    let text = "";
    const socket = net.connect({ port, host: "127.0.0.1", localAddress: from });
    const answer = new Promise<string>((done) => socket.on("close", () => done(text)));
    socket.on("data", (d) => (text += d.toString("latin1")));
    socket.on("error", () => undefined);
    socket.on("connect", () => socket.write(head + first, () => resolve({ socket, answer, text: () => text })));
  });
}

/** A whole request from `from`: status and body. */
function send(port: number, from: string, method: string, path: string, body?: string | Buffer) {
  return new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
    const req = http.request(
      {
        port,
        host: "127.0.0.1",
        localAddress: from,
        method,
        path,
        agent: false,
        headers: body ? { "content-type": "application/json" } : {},
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

const statusOf = (text: string) => Number(/^HTTP\/1\.1 (\d{3}) /.exec(text)?.[1] ?? 0);
const submitHead = (length: number) =>
  `POST /api/hubspot/submitForm HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

describe("slow bodies from one address leave the other visitors their slots", () => {
  it("64 slow submissions held open from one address: 20 submissions from 20 other addresses all get 200", async () => {
    const { site, port } = await start({ extra: [echo("hubspot/submitForm")], functionLimits: FUNCTION_LIMITS, protection });
    const serverRead = bytesReadBy(site);
    const slow = await Promise.all(Array.from({ length: 64 }, () => holdOpen(port, "127.0.0.1", submitHead(1000), '{"email":')));
    // the ones refused are answered from their headers, with their bodies (991 bytes each) never sent
    await vi.waitFor(() => expect(slow.filter((s) => s.text() !== "")).toHaveLength(56));
    const statuses = slow.map((s) => statusOf(s.text()));
    // the address's allowance (20 a minute) is spent first, then its share of the slots (8 of 256)
    expect(statuses.filter((s) => s === 429)).toHaveLength(44);
    expect(statuses.filter((s) => s === 503)).toHaveLength(12);
    expect(statuses.filter((s) => s === 0)).toHaveLength(8);
    expect(slow.find((s) => statusOf(s.text()) === 429)!.text()).toMatch(/\r\nretry-after: \d+\r\n[\s\S]*Too many requests\. Try again in/);

    const others = await Promise.all(
      Array.from({ length: 20 }, (_, i) => send(port, `127.0.0.${i + 2}`, "POST", "/api/hubspot/submitForm", '{"email":"a@acme.com"}')),
    );
    expect(others.map((o) => o.status)).toEqual(Array(20).fill(200));
    for (const s of slow) s.socket.destroy();
    await vi.waitFor(() => expect(serverRead()).toBeGreaterThan(0));
    expect(serverRead()).toBeLessThan(64 * 1024);
  });

  it("a lead form posted without JavaScript and refused here gets the page its function would answer, not JSON", async () => {
    const { port } = await start({
      extra: [echo("hubspot/submitForm")],
      functionLimits: FUNCTION_LIMITS,
      protection: { ...protection, rateLimit: 1 },
    });
    const form = "formId=newsletter&email=a%40acme.com";
    const head = (from: string) =>
      `POST /api/hubspot/submitForm HTTP/1.1\r\nHost: localhost:${port}\r\nReferer: http://localhost:${port}/blog/\r\nConnection: close\r\n` +
      `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${form.length}\r\n\r\n${from}`;
    // the first is within the allowance (1 here); the second, its body not sent, is refused from its headers
    expect(statusOf(await (await holdOpen(port, "127.0.0.2", head(form))).answer)).toBe(200);
    const refused = await holdOpen(port, "127.0.0.2", head(""));
    const text = await refused.answer;
    expect(statusOf(text)).toBe(429);
    expect(text).toMatch(/\r\ncontent-type: text\/html; charset=utf-8\r\n/);
    expect(text).toMatch(/\r\ncontent-security-policy: default-src 'none'/);
    expect(text).toMatch(/\r\nretry-after: \d+\r\n/);
    expect(text).toContain('role="alert"');
    expect(text).toContain("Too many requests. Try again in");
    expect(text).toContain('href="/blog/"');
  });

  it("4 slow uploads from one address: 2 held, 2 refused at once; another address's upload goes through", async () => {
    const { port } = await start({ extra: [echo("hubspot/uploadFile")], functionLimits: FUNCTION_LIMITS, protection });
    const head = `POST /api/hubspot/uploadFile HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${1024 * 1024}\r\n\r\n`;
    const slow = await Promise.all(Array.from({ length: 4 }, () => holdOpen(port, "127.0.0.1", head, "a".repeat(1024))));
    await vi.waitFor(() => expect(slow.filter((s) => statusOf(s.text()) === 503)).toHaveLength(2));
    const upload = await send(port, "127.0.0.2", "POST", "/api/hubspot/uploadFile", Buffer.alloc(1024 * 1024, 0x61));
    expect(upload.status).toBe(200);
    expect(JSON.parse(upload.body.toString())).toEqual({ bytes: 1024 * 1024 });
    for (const s of slow) s.socket.destroy();
  });
});

describe("a body must keep a pace", () => {
  const pace = { bytesPerSecond: 1000, graceMs: 300, windowMs: 300 };
  /** Sends `length` bytes of body in pieces of `piece` every 100 ms. */
  async function trickle(port: number, length: number, piece: number) {
    const held = await holdOpen(port, "127.0.0.1", submitHead(length));
    let sent = 0;
    const timer = setInterval(() => {
      if (held.socket.destroyed || sent >= length) return clearInterval(timer);
      const bytes = Math.min(piece, length - sent);
      sent += bytes;
      held.socket.write("a".repeat(bytes));
    }, 100);
    const text = await held.answer;
    clearInterval(timer);
    return { text, sent };
  }

  it("a body that trickles (100 B/s against 1,000) is cut with 408, in one log line, and its slot is free again", async () => {
    const lines: string[] = [];
    const { port } = await start({
      extra: [echo("hubspot/submitForm")],
      functionLimits: { "hubspot/submitForm": { bodyLimit: 64 * 1024, concurrent: 1 } },
      bodyPace: pace,
      log: (l) => lines.push(l),
    });
    const startedAt = Date.now();
    const { text, sent } = await trickle(port, 5000, 10);
    expect(statusOf(text)).toBe(408);
    expect(text).toContain("The request body arrived too slowly");
    // cut once it fell behind (about 0.35 s in), long before its 5,000 bytes or requestMs
    expect(Date.now() - startedAt).toBeLessThan(3000);
    expect(sent).toBeLessThan(500);
    expect(lines).toEqual([
      expect.stringMatching(
        /^\[serve\] POST "\/api\/hubspot\/submitForm": request body too slow \(\d+ bytes in \d+\.\d s\), cut with 408$/,
      ),
    ]);
    // the route's one slot is free again once the cut is answered
    await vi.waitFor(async () => expect((await send(port, "127.0.0.2", "POST", "/api/hubspot/submitForm", "{}")).status).toBe(200), {
      timeout: 3000,
      interval: 200,
    });
  });

  it("a body that keeps the pace (1,500 B/s against 1,000) is read whole and answered", async () => {
    const { port } = await start({
      extra: [echo("hubspot/submitForm")],
      functionLimits: { "hubspot/submitForm": { bodyLimit: 64 * 1024, concurrent: 1 } },
      bodyPace: pace,
    });
    const held = await holdOpen(port, "127.0.0.1", submitHead(2400));
    for (let sent = 0; sent < 2400; sent += 150) {
      await new Promise((r) => setTimeout(r, 100));
      held.socket.write("a".repeat(150));
    }
    await vi.waitFor(() => expect(statusOf(held.text())).toBe(200));
    expect(held.text()).toContain('{"bytes":2400}');
    held.socket.destroy();
  });

  it("the real pace asks 50 KB/s after 10 s", () => {
    // (BODY_PACE's numbers and why: scripts/lib/site-server.ts; a phone on 1.6 Mbit/s: client-limits.test.ts)
    expect(TIMEOUTS.requestMs).toBe(120_000);
  });
});

describe("the file endpoint: stalled readers freed at idleMs, and a rate limit", () => {
  const TEN_MB = Buffer.alloc(10 * 1024 * 1024, 0x61);
  const file: LoadedFunction = {
    route: "hubspot/file",
    handler: (_req, res) => {
      res.setHeader("content-type", "image/png");
      res.status(200).send(TEN_MB);
    },
  };
  const GET = "GET /api/hubspot/file?id=x HTTP/1.1\r\nHost: x\r\n\r\n";

  it("the documented idle time is 30 s", () => expect(TIMEOUTS.idleMs).toBe(30_000));

  it("8 readers that never read a 10 MB answer are cut once nothing has moved for idleMs, not twice that; then a 9th is served", async () => {
    // the check runs every idleMs / 4, so a reader is cut between 1× and 1.25× idleMs; idleMs is long enough
    // that a busy machine's late timers (a few hundred ms) stay inside the 1.6× the verdict allows
    const idleMs = 3000;
    const functionLimits = { "hubspot/file": { ...FUNCTION_LIMITS["hubspot/file"], concurrent: 8 } };
    const { site, port } = await start({ extra: [file], functionLimits, protection, timeouts: { idleMs } });
    const open = new Set<net.Socket>();
    site.app.server.on("connection", (s: net.Socket) => {
      open.add(s);
      s.on("close", () => open.delete(s));
    });
    const readers = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const held = await holdOpen(port, `127.0.0.${i + 2}`, GET);
        held.socket.pause();
        return held;
      }),
    );
    const startedAt = Date.now();
    await vi.waitFor(() => expect(open.size).toBe(8));
    // the route's 8 slots are all taken
    expect((await send(port, "127.0.0.20", "GET", "/api/hubspot/file?id=x")).status).toBe(503);
    await vi.waitFor(() => expect(open.size).toBe(0), { timeout: 3 * idleMs, interval: 50 });
    // Node's own idle timer let such a reader stay about 2 × idleMs (55 s of the documented 30)
    expect(Date.now() - startedAt).toBeLessThan(1.6 * idleMs);
    for (const r of readers) r.socket.destroy();
    const ninth = await send(port, "127.0.0.20", "GET", "/api/hubspot/file?id=x");
    expect(ninth.status).toBe(200);
    expect(ninth.body.length).toBe(TEN_MB.length);
  });

  it("a reader that keeps reading, slowly, gets the whole answer however long it takes beyond idleMs", async () => {
    // idleMs well above one pause, however busy the machine (a 20 ms timer can fire hundreds of ms late on a
    // loaded CI machine), and well below the whole read: about 160 pieces, one every 20 ms or more
    const idleMs = 1500;
    const { port } = await start({ extra: [file], functionLimits: FUNCTION_LIMITS, protection, timeouts: { idleMs } });
    const held = await holdOpen(port, "127.0.0.2", GET);
    let received = 0;
    held.socket.removeAllListeners("data");
    const startedAt = Date.now();
    // takes one piece every 20 ms: about 3 MB per second, where the kernel's buffers hold a few MB
    await new Promise<void>((done) => {
      held.socket.on("data", (d: Buffer) => {
        received += d.length;
        if (received > TEN_MB.length) return done();
        held.socket.pause();
        setTimeout(() => held.socket.resume(), 20);
      });
      held.socket.on("close", () => done());
    });
    expect(held.socket.destroyed).toBe(false);
    expect(received).toBeGreaterThan(TEN_MB.length);
    expect(Date.now() - startedAt).toBeGreaterThan(idleMs);
    held.socket.destroy();
  });

  it("one address may start 120 file requests a minute: the 121st is 429 with Retry-After, another address is still served", async () => {
    const small: LoadedFunction = { route: "hubspot/file", handler: (_req, res) => res.status(200).send(Buffer.from("png")) };
    const { port } = await start({ extra: [small], functionLimits: FUNCTION_LIMITS, protection });
    for (let i = 0; i < 120; i++) expect((await send(port, "127.0.0.2", "GET", "/api/hubspot/file?id=x")).status).toBe(200);
    const refused = await raw429(port);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect((await send(port, "127.0.0.3", "GET", "/api/hubspot/file?id=x")).status).toBe(200);
  });
});

function raw429(port: number) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    http
      .get({ port, host: "127.0.0.1", localAddress: "127.0.0.2", path: "/api/hubspot/file?id=x", agent: false }, (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, headers: res.headers });
      })
      .on("error", reject);
  });
}
