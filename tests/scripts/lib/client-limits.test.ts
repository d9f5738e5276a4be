/**
 * What one client may take of the local server's function routes (scripts/lib/client-limits.ts): the address
 * it is counted under, its rate allowance and slots, and the pace its body must keep. The server wired up
 * with them: site-server.slow-clients.test.ts.
 */
import type { IncomingMessage } from "node:http";
import { clientGroup, clientLimiter, clientNetwork, paceMeter } from "../../../scripts/lib/client-limits";
import { BODY_PACE, TIMEOUTS } from "../../../scripts/lib/site-server";

const request = (remoteAddress: string, headers: Record<string, string> = {}) =>
  ({ headers, socket: { remoteAddress } }) as unknown as IncomingMessage;

describe("the address a client is counted under", () => {
  it.each([
    ["203.0.113.9", "203.0.113.9"],
    ["::ffff:203.0.113.9", "203.0.113.9"],
    ["2001:db8:1:2:aaaa:bbbb:cccc:dddd", "2001:db8:1:2::/64"],
    ["2001:db8:1:2::1", "2001:db8:1:2::/64"],
    ["2001:0db8:0001:0002:0000:0000:0000:0001", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["2001:db8:0:0:1::1", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["[2001:db8:1:2::5]", "2001:db8:1:2::/64"],
    ["::ffff:0:1.2.3.4", "0:0:0:0::/64"],
  ])("%s → %s", (address, group) => expect(clientGroup(address)).toBe(group));

  it("an IPv6 client that changes the low 64 bits of its address stays one client", () => {
    const limiter = clientLimiter({ rateLimit: 0, rateWindowSeconds: 60, trustedProxyHops: 0 });
    expect(limiter.keyOf(request("2001:db8:1:2::1"))).toBe(limiter.keyOf(request("2001:db8:1:2:ffff:1234:5678:9abc")));
    expect(limiter.keyOf(request("2001:db8:1:2::1"))).not.toBe(limiter.keyOf(request("2001:db8:1:3::1")));
  });

  it("behind TRUSTED_PROXY_HOPS proxies the client is read from X-Forwarded-For, as the functions read it; never otherwise", () => {
    const behind = clientLimiter({ rateLimit: 0, rateWindowSeconds: 60, trustedProxyHops: 1 });
    const direct = clientLimiter({ rateLimit: 0, rateWindowSeconds: 60, trustedProxyHops: 0 });
    const req = request("10.0.0.1", { "x-forwarded-for": "198.51.100.1, 203.0.113.9" });
    expect(behind.keyOf(req)).toBe("203.0.113.9");
    expect(direct.keyOf(req)).toBe("10.0.0.1");
  });
});

describe("a client's allowance and slots", () => {
  const limits = { concurrent: 3, perClient: 2, rate: "leads" as const };

  it("the rate limit is charged on every attempt: the 4th in the window is 429 with the seconds to wait", async () => {
    const limiter = clientLimiter({ rateLimit: 3, rateWindowSeconds: 60, trustedProxyHops: 0 });
    for (let i = 0; i < 3; i++) {
      const admitted = await limiter.admit(request("203.0.113.9"), "r", limits);
      expect(typeof admitted).toBe("function");
      (admitted as () => void)();
    }
    expect(await limiter.admit(request("203.0.113.9"), "r", limits)).toEqual({
      status: 429,
      message: expect.stringMatching(/^Too many requests\. Try again in (59|60) seconds\.$/),
      retryAfter: expect.any(Number),
    });
    // another client, and the same client on another route, have their own allowance
    expect(typeof (await limiter.admit(request("203.0.113.10"), "r", limits))).toBe("function");
    expect(typeof (await limiter.admit(request("203.0.113.9"), "other", limits))).toBe("function");
  });

  it("a client holds at most perClient slots, all clients at most concurrent; a released slot is free again", async () => {
    const limiter = clientLimiter({ rateLimit: 0, rateWindowSeconds: 60, trustedProxyHops: 0 });
    const a1 = await limiter.admit(request("203.0.113.1"), "r", limits);
    const a2 = await limiter.admit(request("203.0.113.1"), "r", limits);
    expect(await limiter.admit(request("203.0.113.1"), "r", limits)).toMatchObject({ status: 503, retryAfter: 5 });
    const b1 = await limiter.admit(request("203.0.113.2"), "r", limits);
    expect(typeof b1).toBe("function");
    // the route is full for everyone
    expect(await limiter.admit(request("203.0.113.3"), "r", limits)).toMatchObject({ status: 503 });
    (a1 as () => void)();
    (a1 as () => void)(); // released twice counts once
    expect(typeof (await limiter.admit(request("203.0.113.3"), "r", limits))).toBe("function");
    expect(await limiter.admit(request("203.0.113.1"), "r", limits)).toMatchObject({ status: 503 });
    (a2 as () => void)();
  });

  it("an allowance of 0 points (LEAD_RATE_LIMIT=0) is no limit", async () => {
    const limiter = clientLimiter({ rateLimit: 0, rateWindowSeconds: 60, trustedProxyHops: 0 });
    for (let i = 0; i < 50; i++) ((await limiter.admit(request("203.0.113.9"), "r", { concurrent: 1, rate: "leads" })) as () => void)();
  });
});

describe("the pace a body, or a reader, keeps", () => {
  const pace = { bytesPerSecond: 1000, graceMs: 2000, windowMs: 2000 };

  it("nothing is asked within the grace; after it, every window must bring its share", () => {
    const meter = paceMeter(pace, 0);
    expect(meter.keeps(0, 1999)).toBe(true);
    expect(meter.keeps(1999, 2000)).toBe(false);
    const steady = paceMeter(pace, 0);
    for (let ms = 250; ms <= 20_000; ms += 250) expect(steady.keeps(ms, ms)).toBe(true);
  });

  it("a fast start does not buy a trickle: most of the body at once, then a byte at a time, falls behind within a window", () => {
    const meter = paceMeter(pace, 0, 1_000_000);
    expect(meter.keeps(900_000, 500)).toBe(true);
    let verdict = true;
    let ms = 1000;
    for (let done = 900_000; verdict && ms < 60_000; ms += 500) verdict = meter.keeps(++done, ms);
    expect(verdict).toBe(false);
    expect(ms).toBeLessThanOrEqual(pace.graceMs + pace.windowMs + 500);
  });

  it("a body whose rest is less than a window's share need only send the rest", () => {
    const [short, shorter] = [paceMeter(pace, 0, 2500), paceMeter(pace, 0, 2500)];
    expect(short.keeps(2000, 1000)).toBe(true);
    expect(short.keeps(2500, 3000)).toBe(true);
    expect(shorter.keeps(2000, 1000)).toBe(true);
    expect(shorter.keeps(2400, 3000)).toBe(false);
  });

  it("BODY_PACE passes a phone sending the largest upload at 1.6 Mbit/s within requestMs, with a 15 s stall in it", () => {
    const upload = Math.ceil((10 * 1024 * 1024 * 4) / 3) + 200;
    expect((upload / (1.6e6 / 8)) * 1000 + 15_000).toBeLessThan(TIMEOUTS.requestMs);
    const bytesPerMs = 1.6e6 / 8 / 1000;
    const meter = paceMeter(BODY_PACE, 0, upload);
    let done = 0;
    for (let ms = 0; done < upload; ms += 250) {
      if (ms < 30_000 || ms >= 45_000) done = Math.min(upload, done + 250 * bytesPerMs);
      expect(meter.keeps(done, ms)).toBe(true);
    }
    // a submission (64 KB) trickled at 1 KB/s is cut once the grace is over
    const trickle = paceMeter(BODY_PACE, 0, 64 * 1024);
    expect(trickle.keeps(10_000, 10_000)).toBe(false);
  });
});

describe("a network's share of a route", () => {
  const limits = { concurrent: 8, perClient: 2, perNetwork: 3 };
  const take = async (limiter: ReturnType<typeof clientLimiter>, ip: string) => typeof (await limiter.admit(request(ip), "r", limits));

  it("the addresses of one /24 hold at most perNetwork together; another /24 has its own", async () => {
    const limiter = clientLimiter({ rateLimit: 0, rateWindowSeconds: 60, trustedProxyHops: 0 });
    const answers = [];
    for (const ip of ["192.0.2.1", "192.0.2.1", "192.0.2.2", "192.0.2.3", "192.0.2.4"]) answers.push(await take(limiter, ip));
    expect(answers).toEqual(["function", "function", "function", "object", "object"]);
    expect(await take(limiter, "198.51.100.1")).toBe("function");
  });

  it("IPv6 /64s of one /48 share a network's share; loopback aliases are each their own", async () => {
    const limiter = clientLimiter({ rateLimit: 0, rateWindowSeconds: 60, trustedProxyHops: 0 });
    const answers = [];
    for (const ip of ["2001:db8:1:1::1", "2001:db8:1:1::2", "2001:db8:1:2::1", "2001:db8:1:3::1"]) answers.push(await take(limiter, ip));
    expect(answers).toEqual(["function", "function", "function", "object"]);
    expect(await take(limiter, "2001:db8:2:1::1")).toBe("function");
    for (const ip of ["127.0.0.2", "127.0.0.2", "127.0.0.3", "127.0.0.3"]) expect(await take(limiter, ip)).toBe("function");
  });

  it.each([
    ["203.0.113.9", "203.0.113.0/24"],
    ["::ffff:203.0.113.9", "203.0.113.0/24"],
    ["127.0.0.9", "127.0.0.9"],
    ["2001:db8:1:2::1", "2001:db8:1::/48"],
    ["2001:db8:1:ffff:1:2:3:4", "2001:db8:1::/48"],
  ])("%s is in network %s", (address, network) => expect(clientNetwork(address)).toBe(network));
});

describe("the consent route's own allowance follows CONSENT_RATE_LIMIT", () => {
  const req = (ip: string) => ({ headers: {}, socket: { remoteAddress: ip } }) as unknown as IncomingMessage;
  const base = { rateLimit: 20, rateWindowSeconds: 60, trustedProxyHops: 0 };
  const admitted = async (protection: Parameters<typeof clientLimiter>[0], n: number) => {
    const limiter = clientLimiter(protection);
    let ok = 0;
    for (let i = 0; i < n; i++) {
      const answer = await limiter.admit(req("203.0.113.7"), "consent", { concurrent: 32, perClient: 16, rate: "consent" });
      if (typeof answer === "function") {
        ok++;
        answer();
      }
    }
    return ok;
  };

  it("0 switches it off: 700 posts from one address all admitted", async () => {
    expect(await admitted({ ...base, consentRateLimit: 0 }, 700)).toBe(700);
  });
  it("a number is the allowance (3 per window); unset, the default 600", async () => {
    expect(await admitted({ ...base, consentRateLimit: 3, consentRateWindowSeconds: 600 }, 5)).toBe(3);
    expect(await admitted(base, 601)).toBe(600);
  });
});
