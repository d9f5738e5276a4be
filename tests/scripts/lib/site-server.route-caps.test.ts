/**
 * A few addresses cannot close a route of the local server (docs/local-server.md "Limits"): each network (an
 * IPv4 /24, an IPv6 /48) holds at most its share of a route; a body that arrives fast and then trickles is cut
 * with 408 within a window; a reader that stops taking its answer is dropped; a request past its route's
 * deadline is cut. Clients are told apart by X-Forwarded-For here (TRUSTED_PROXY_HOPS 1).
 */
import http from "node:http";
import net from "node:net";
import type { LoadedFunction } from "../../../scripts/lib/gatsby-functions";
import { FUNCTION_LIMITS } from "../../../scripts/lib/site-server";
import { start } from "../../fixtures/site-fixture";

const protection = { rateLimit: 0, rateWindowSeconds: 60, trustedProxyHops: 1 };
const echo: LoadedFunction = { route: "hubspot/submitForm", handler: (_req, res) => res.status(200).json({ ok: true }) };
const statusOf = (text: string) => Number(/^HTTP\/1\.1 (\d{3}) /.exec(text)?.[1] ?? 0);

/** Sends `head` for a client at `from` (X-Forwarded-For) and `first`; the socket is left to the test. */
function open(port: number, from: string, head: string, first = "") {
  const socket = net.connect({ port, host: "127.0.0.1" });
  let text = "";
  socket.on("data", (d) => (text += d.toString("latin1")));
  socket.on("error", () => undefined);
  const closed = new Promise<void>((done) => socket.on("close", () => done()));
  socket.write(head.replace("\r\n\r\n", `\r\nX-Forwarded-For: ${from}\r\n\r\n`) + first);
  return { socket, closed, text: () => text };
}
const submit = (length: number) =>
  `POST /api/hubspot/submitForm HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

function post(port: number, from: string, body: string) {
  return new Promise<number>((resolve, reject) => {
    const req = http.request(
      {
        port,
        host: "127.0.0.1",
        method: "POST",
        path: "/api/hubspot/submitForm",
        agent: false,
        headers: { "content-type": "application/json", "x-forwarded-for": from },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

describe("no network holds more than its share of a route", () => {
  it("16 addresses in 4 networks (4 per /24, 4 per /64) hold 48 of submitForm's 256 slots; a visitor elsewhere gets 200", async () => {
    const { port } = await start({ extra: [echo], functionLimits: FUNCTION_LIMITS, protection });
    const attackers = [
      ...[1, 2, 3, 4].map((i) => `192.0.2.${i}`),
      ...[1, 2, 3, 4].map((i) => `198.51.100.${i}`),
      ...[1, 2, 3, 4].map((i) => `2001:db8:1:1::${i}`),
      ...[1, 2, 3, 4].map((i) => `2001:db8:2:1::${i}`),
    ];
    const held = attackers.flatMap((from) => Array.from({ length: 16 }, () => open(port, from, submit(1000), "{")));
    await vi.waitFor(() => expect(held.filter((h) => h.text() !== "")).toHaveLength(256 - 48));
    expect(held.filter((h) => statusOf(h.text()) === 503)).toHaveLength(256 - 48);
    // a /24 holds 16 (its share), an IPv6 /64 8 (one client's share, its /48 having room)
    const holding = (prefix: string) => held.filter((h, i) => attackers[Math.floor(i / 16)].startsWith(prefix) && h.text() === "");
    expect([holding("192.0.2."), holding("198.51.100."), holding("2001:db8:1:"), holding("2001:db8:2:")].map((h) => h.length)).toEqual([
      16, 16, 8, 8,
    ]);
    expect(await post(port, "203.0.113.7", '{"email":"a@acme.com"}')).toBe(200);
    for (const h of held) h.socket.destroy();
  });
});

describe("the pace is kept in every window, not on average", () => {
  const pace = { bytesPerSecond: 1000, graceMs: 400, windowMs: 400 };
  const limits = { "hubspot/submitForm": { bodyLimit: 64 * 1024, concurrent: 4 } };

  it("most of a body at once, then a byte every 200 ms: cut with 408 within a window of the grace", async () => {
    const lines: string[] = [];
    const { port } = await start({ extra: [echo], functionLimits: limits, bodyPace: pace, protection, log: (l) => lines.push(l) });
    const startedAt = Date.now();
    const held = open(port, "192.0.2.1", submit(60_000), "a".repeat(50_000));
    const timer = setInterval(() => held.socket.write("a"), 200);
    await held.closed;
    clearInterval(timer);
    expect(statusOf(held.text())).toBe(408);
    expect(Date.now() - startedAt).toBeLessThan(3000);
    expect(lines.join("\n")).toMatch(/request body too slow \(\d+ bytes in \d+\.\d s\), cut with 408/);
  });

  it("a body past its route's deadline is cut with 408 even while it keeps the pace", async () => {
    const lines: string[] = [];
    const { port } = await start({
      extra: [echo],
      functionLimits: { "hubspot/submitForm": { ...limits["hubspot/submitForm"], deadlineMs: 1500 } },
      bodyPace: pace,
      protection,
      log: (l) => lines.push(l),
    });
    const held = open(port, "192.0.2.1", submit(60_000));
    const timer = setInterval(() => held.socket.write("a".repeat(500)), 100);
    await held.closed;
    clearInterval(timer);
    expect(statusOf(held.text())).toBe(408);
    expect(held.text()).toContain("The request took too long");
    expect(lines.join("\n")).toMatch(/past its 1\.5 s deadline, cut with 408/);
  });

  it("a reader that stops taking a 10 MB answer is dropped once a window passes with too little taken", async () => {
    const big: LoadedFunction = { route: "hubspot/file", handler: (_req, res) => res.status(200).send(Buffer.alloc(10 * 1024 * 1024)) };
    const lines: string[] = [];
    const { port } = await start({
      extra: [big],
      functionLimits: { "hubspot/file": { bodyLimit: 0, concurrent: 1 } },
      bodyPace: { bytesPerSecond: 1024 * 1024, graceMs: 400, windowMs: 400 },
      timeouts: { idleMs: 60_000 },
      protection,
      log: (l) => lines.push(l),
    });
    const reader = open(port, "192.0.2.9", "GET /api/hubspot/file?id=x HTTP/1.1\r\nHost: x\r\n\r\n");
    reader.socket.pause();
    // (a paused socket sees no close: the server's log line is the verdict)
    await vi.waitFor(() => expect(lines.join("\n")).toMatch(/answer taken too slowly \(\d+ bytes in \d+\.\d s\), connection dropped/), {
      timeout: 5000,
    });
    reader.socket.destroy();
  });
});
