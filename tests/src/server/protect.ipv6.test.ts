/**
 * The functions' own rate limits count an IPv6 client by its /64 (src/server/protect.ts rateKey): the addresses
 * of one subscriber's block are one client, as the local server counts them (scripts/lib/client-limits.ts).
 */
import { describe, expect, it } from "vitest";
import { clientGroup, clientNetwork, createRateLimit, protect, rateKey } from "../../../src/server/protect";
import { fakeReq, testProtection } from "../../fixtures/lead-server-helpers";

const post = (ip: string) => fakeReq("{}", { ip, headers: { origin: "http://localhost:9000" } });

describe("rate limits group IPv6 by /64", () => {
  it("ten addresses of one /64 share one allowance; another /64 and IPv4 addresses count alone", async () => {
    const config = testProtection();
    const rateLimit = createRateLimit("ipv6-test", 20, 60);
    const answers: number[] = [];
    for (let a = 1; a <= 10; a++)
      for (let i = 0; i < 3; i++)
        answers.push(
          await protect(post(`2001:db8:aa:1::${a.toString(16)}:${i}`), { config, rateLimit }).then(
            () => 200,
            (e: { status: number }) => e.status,
          ),
        );
    expect(answers.filter((s) => s === 200)).toHaveLength(20);
    expect(answers.filter((s) => s === 429)).toHaveLength(10);
    await expect(protect(post("2001:db8:aa:2::1"), { config, rateLimit })).resolves.toBeUndefined();
    await expect(protect(post("203.0.113.9"), { config, rateLimit })).resolves.toBeUndefined();
  });

  it("the key: the /64 for IPv6 (compressed or not, with a zone or brackets), the address for IPv4 and mapped IPv4", () => {
    const config = testProtection();
    expect(rateKey(post("2001:0db8:00aa:0001:1:2:3:4"), config)).toBe("2001:db8:aa:1::/64");
    expect(rateKey(post("2001:db8:aa:1::9"), config)).toBe("2001:db8:aa:1::/64");
    expect(clientGroup("[fe80::1%eth0]")).toBe("fe80:0:0:0::/64");
    expect(rateKey(post("::ffff:198.51.100.7"), config)).toBe("198.51.100.7");
    expect(rateKey(post("198.51.100.7"), config)).toBe("198.51.100.7");
  });
});

describe("the network a client belongs to (the local server's per-network share)", () => {
  it.each([
    ["203.0.113.9", "203.0.113.0/24"],
    ["::ffff:203.0.113.9", "203.0.113.0/24"],
    ["127.0.0.9", "127.0.0.9"],
    ["2001:db8:1:2::1", "2001:db8:1::/48"],
    ["2001:0db8:0001:ffff:1:2:3:4", "2001:db8:1::/48"],
    ["[2001:db8:1:2::5]", "2001:db8:1::/48"],
  ])("%s → %s", (address, network) => expect(clientNetwork(address)).toBe(network));
});
