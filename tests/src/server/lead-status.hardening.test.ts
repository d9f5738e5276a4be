/**
 * GET /api/leads/status hardened: wrong tokens limited per address in the store's shared limit (both stores),
 * a weak token refused at start.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { checkStatusTokenAtStart, handleLeadsStatus, statusTokenProblem } from "../../../src/server/lead-status";
import { withLeadStores, type Subject } from "../../fixtures/lead-stores";
import { deps, fakeReq, fakeRes, tempLeadsDir } from "../../fixtures/lead-server-helpers";

const env = withLeadStores();

describe.each(["file", "postgres"] as const)("the %s store", (kind) => {
  let subject: Subject;
  beforeEach(async () => {
    subject = await env.subjects[kind]();
  });

  it("GET /api/leads/status: the 21st wrong token within a minute from one address gets 429 with Retry-After, logged once", async () => {
    const TOKEN = "9f2c4b7e1a3d5f6081726354a9b8c7d6e5f4a3b2";
    const ip = `198.51.100.${kind === "file" ? 10 : 20}`;
    const get = async (token: string, from = ip) => {
      const res = fakeRes();
      await handleLeadsStatus(fakeReq(undefined, { method: "GET", headers: { authorization: `Bearer ${token}` }, ip: from }), res, {
        config: { ...subject.config, leadsStatusToken: TOKEN },
        store: subject.store,
      });
      return res;
    };
    // right tokens are not counted
    for (let i = 0; i < 25; i++) expect((await get(TOKEN)).statusCode).toBe(200);
    for (let i = 0; i < 20; i++) expect((await get(`wrong-${i}-000000000000000000`)).statusCode).toBe(401);
    const limited = await get("wrong-21-000000000000000000");
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(limited.headers["retry-after"])).toBeLessThanOrEqual(60);
    // blocked whatever it sends, so guessing on is pointless; another address is not
    expect((await get(TOKEN)).statusCode).toBe(429);
    expect((await get(TOKEN, "198.51.100.99")).statusCode).toBe(200);
    await get("wrong-again-0000000000000000");
    const lines = vi
      .mocked(console.error)
      .mock.calls.map((c) => String(c[0]))
      .filter((l) => l.includes("wrong status tokens"));
    expect(lines).toEqual([
      `[leads-status] more than 20 wrong status tokens from ${ip} within 60 s: answering 429 for ${limited.headers["retry-after"]} s`,
    ]);
  });

  it("wrong tokens from ten addresses of one IPv6 /64 share one allowance of 20; another /64 has its own", async () => {
    const TOKEN = "9f2c4b7e1a3d5f6081726354a9b8c7d6e5f4a3b2";
    const prefix = kind === "file" ? "2001:db8:10:1" : "2001:db8:20:1";
    const get = async (token: string, from: string) => {
      const res = fakeRes();
      await handleLeadsStatus(fakeReq(undefined, { method: "GET", headers: { authorization: `Bearer ${token}` }, ip: from }), res, {
        config: { ...subject.config, leadsStatusToken: TOKEN },
        store: subject.store,
      });
      return res.statusCode;
    };
    const codes: number[] = [];
    for (let a = 1; a <= 10; a++)
      for (let i = 0; i < 3; i++) codes.push(await get(`wrong-${a}-${i}-0000000000000000`, `${prefix}::${a.toString(16)}`));
    expect(codes.filter((c) => c === 401)).toHaveLength(20);
    expect(codes.filter((c) => c === 429)).toHaveLength(10);
    expect(await get(TOKEN, `${prefix}:ffff:1:2:3`)).toBe(429);
    expect(await get(TOKEN, `${prefix.replace(/1$/, "2")}::1`)).toBe(200);
  });
});

describe("a weak status token", () => {
  it.each([
    ["16 characters", "s3cret-token-016"],
    ["31 hex characters", "0123456789abcdef0123456789abcde"],
    ["21 base64url characters", "Ab3_dE5-gH7iJ9kL1mN2o"],
    ["one repeated character", "a".repeat(64)],
    ["two alternating characters", "ab".repeat(20)],
  ])("is refused: %s", (_, token) => {
    expect(statusTokenProblem(token)).toMatch(/^LEADS_STATUS_TOKEN is too weak: it needs at least 128 bits/);
  });
  it.each([
    ["32 hex characters", "0123456789abcdef0123456789abcdef"],
    ["openssl rand -hex 24", "9f2c4b7e1a3d5f6081726354a9b8c7d6e5f4a3b2c1d0e9f8"],
    ["22 base64url characters", "Ab3_dE5-gH7iJ9kL1mN2oP"],
  ])("is accepted: %s", (_, token) => {
    expect(statusTokenProblem(token)).toBeNull();
  });
  it("is named in the log when the function starts, and every request gets 503", async () => {
    const lines: string[] = [];
    expect(checkStatusTokenAtStart("a".repeat(40), (l) => lines.push(l))).toBe(false);
    expect(lines).toEqual([expect.stringMatching(/^\[leads-status\] LEADS_STATUS_TOKEN is too weak/)]);
    expect(checkStatusTokenAtStart(undefined, (l) => lines.push(l))).toBe(true);
    const res = fakeRes();
    const config = { ...deps(tempLeadsDir()).config, leadsStatusToken: "a".repeat(40) };
    await handleLeadsStatus(fakeReq(undefined, { method: "GET", headers: { authorization: `Bearer ${"a".repeat(40)}` } }), res, { config });
    expect(res.statusCode).toBe(503);
  });
  it("src/api/leads/status.ts fails as it loads, naming the variable (src/config) and not showing the token", async () => {
    vi.stubEnv("LEADS_STATUS_TOKEN", "x".repeat(32));
    vi.resetModules();
    try {
      await expect(import("../../../src/api/leads/status")).rejects.toThrow(
        /^- LEADS_STATUS_TOKEN must be a random secret of at least 128 bits[^(]*\(`openssl rand -hex 24` makes one\)$/m,
      );
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
