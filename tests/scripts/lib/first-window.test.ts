/**
 * The first-window budget (scripts/lib/first-window.ts, docs/page-load.md#the-first-window): lantern's slow-start
 * model, the rule on counted bytes, and the count itself through the real local server on a small site.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { Simulation } from "lighthouse/core/lib/lantern/lantern.js";
import { afterAll, describe, expect, it } from "vitest";
import { stripScripts } from "../../../scripts/bench/floor";
import {
  FIRST_WINDOW_BYTES,
  FIRST_WINDOW_MARGIN,
  MAX_WINDOW_SEGMENTS,
  judge,
  measureFirstWindow,
  roundTrips,
  tightest,
  withHeaderTable,
  withoutThirdPartyHosts,
  type WindowCount,
} from "../../../scripts/lib/first-window";
import {
  CSP_HEADER,
  contentSecurityPolicy,
  hostHeaderRules,
  policySources,
  readHeadersManifest,
  writeHeadersManifest,
} from "../../../src/node/hosting/security-headers";
import { createSiteServer } from "../../../scripts/lib/site-server";
import { raw } from "../../fixtures/site-fixture";

describe("slow start as lantern models it", () => {
  it.each([
    [0, 1],
    [1, 1],
    [14_600, 1],
    [14_601, 2],
    [43_800, 2],
    [43_801, 3],
    // from the third round trip on the window is capped at 21 segments (30,660 bytes)
    [74_460, 3],
    [74_461, 4],
    [105_120, 4],
    [105_121, 5],
  ])("%d bytes take %d round trips", (bytes, trips) => {
    expect(roundTrips(bytes)).toBe(trips);
  });

  it("refuses what is not a byte count", () => {
    expect(() => roundTrips(-1)).toThrow(RangeError);
    expect(() => roundTrips(Number.NaN)).toThrow(RangeError);
  });

  it("agrees with Lighthouse's own TCP connection on its mobile profile", () => {
    const { rttMs, throughputKbps } = Simulation.Constants.throttling.mobileSlow4G;
    // a fresh connection over plain http, as lantern simulates the document's request (throughput in bits/s)
    const connection = () => new Simulation.TCPConnection(rttMs, throughputKbps * 1024, 0, false, false);
    expect(connection().computeMaximumCongestionWindowInSegments()).toBe(MAX_WINDOW_SEGMENTS);
    const firstByte = connection().simulateDownloadUntil(1).timeElapsed;
    for (let bytes = 1000; bytes <= 200_000; bytes += 997) {
      const extra = connection().simulateDownloadUntil(bytes).timeElapsed - firstByte;
      expect([bytes, extra / rttMs + 1]).toEqual([bytes, roundTrips(bytes)]);
    }
  });
});

describe("the rule: the page and a margin need no more round trips than the floor", () => {
  const sizes = (headerBytes: number, bodyBytes: number, floorBodyBytes: number) => ({ headerBytes, bodyBytes, floorBodyBytes });

  it("passes a page that fits the first window with the margin to spare", () => {
    const count = judge("/a/", sizes(1000, 13_000, 12_000));
    expect(count).toEqual({ path: "/a/", pageBytes: 14_000, floorBytes: 13_000, headerBytes: 1000, spare: 600, pass: true });
  });

  it("fails a page whose scripts push it past the first window while its floor fits, with what to read", () => {
    const count = judge("/x/", sizes(1259, 13_701, 12_000));
    expect(count.pass).toBe(false);
    expect(count.spare).toBe(FIRST_WINDOW_BYTES - 14_960);
    expect(count.message).toBe(
      `/x/: 14,960 bytes (HTML 13,701 + headers 1,259) need 2 round trips; its script-free floor needs 1 (first window 14,600, margin ${FIRST_WINDOW_MARGIN})`,
    );
  });

  it("counts the margin against the page, not the floor", () => {
    const edge = FIRST_WINDOW_BYTES - FIRST_WINDOW_MARGIN;
    expect(judge("/p/", sizes(1000, edge - 1000, 9000)).pass).toBe(true);
    expect(judge("/p/", sizes(1000, edge - 999, 9000)).pass).toBe(false);
    expect(judge("/p/", sizes(1000, edge - 999, 9000), 0).pass).toBe(true);
  });

  it("passes a page whose floor needs the same extra round trip", () => {
    expect(judge("/long/", sizes(1000, 30_000, 20_000)).pass).toBe(true);
    expect(judge("/long/", sizes(1000, 43_000, 20_000)).pass).toBe(false);
  });

  it("lists the tightest pages among those whose floor fits", () => {
    const counts = [
      judge("/roomy/", sizes(1000, 5000, 4000)),
      judge("/over/", sizes(1000, 14_000, 12_000)),
      judge("/long/", sizes(1000, 30_000, 20_000)),
      judge("/close/", sizes(1000, 13_300, 12_000)),
    ];
    expect(tightest(counts, 2).map((c: WindowCount) => c.path)).toEqual(["/over/", "/close/"]);
  });
});

/** Text brotli cannot shrink much: letters from a seeded generator (mulberry32), the same on every run. */
function noise(seed: number, length: number): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  let state = seed >>> 0;
  let out = "";
  for (let i = 0; i < length; i++) {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    out += alphabet[((t ^ (t >>> 14)) >>> 0) % alphabet.length];
  }
  return out;
}

describe("the headers the bench serves", () => {
  const settings = {
    scriptIds: { "tag-manager": "GTM-X", "ad-pixel": "https://ad-pixel.third-party.test/pixel.js" },
    personalization: { clientId: "org", environment: "main", url: "https://experience.third-party.test" },
    ipLookupUrl: "https://api.ipify.org?format=json",
    appHost: "secure.northdesk.com",
  };
  const hashes = ["'sha256-aaaa+/bb='", "'sha256-cccc='"];
  const configured = hostHeaderRules(contentSecurityPolicy(policySources(settings), hashes), ["/app-1234.js"]);
  const csp = (rules: typeof configured) => rules.flatMap((r) => r.headers).find((h) => h.key === CSP_HEADER)!.value;

  it("are the build's own, with the policy rebuilt from the same hashes and no third-party host", () => {
    const bench = withoutThirdPartyHosts(configured, settings);
    expect(csp(configured)).toContain("https://td.doubleclick.net");
    expect(csp(bench)).toBe(contentSecurityPolicy(policySources({ ...settings, scriptIds: {}, personalization: undefined }), hashes));
    expect(csp(bench)).not.toMatch(/third-party\.test|googletagmanager|doubleclick/);
    expect(csp(bench)).toContain("'sha256-aaaa+/bb='");
    // every other header and rule is kept as it is
    const withoutCsp = (rules: typeof configured) => rules.map((r) => ({ ...r, headers: r.headers.filter((h) => h.key !== CSP_HEADER) }));
    expect(withoutCsp(bench)).toEqual(withoutCsp(configured));
  });
});

describe("the count, through the local server", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "first-window-"));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  const put = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, "public", rel)), { recursive: true });
    fs.writeFileSync(path.join(root, "public", rel), text);
  };
  const page = (body: string, script = "") =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>t</title>${script}</head><body>${body}</body></html>`;
  const small = page(`<h1>Small</h1><p>${"Plain words. ".repeat(200)}</p>`, `<script>window.x=1</script>`);
  // about 11 KB of brotli for the content, about 3 KB more for the scripts
  const over = page(
    `<h1>Over</h1><p>${noise(1, 15_000)}</p><script type="application/ld+json">{"a":"${noise(2, 2000)}"}</script>`,
    `<script>/*${noise(3, 2200)}*/</script>`,
  );
  put("index.html", small);
  put("over/index.html", over);
  writeHeadersManifest(root, hostHeaderRules("default-src 'self'; frame-ancestors 'none'", []));

  /** The answer's status line and headers as written on the wire, from a raw request like Chromium's. */
  async function headBytes(pagePath: string): Promise<{ head: number; wire: number }> {
    const site = await createSiteServer({
      publicDir: path.join(root, "public"),
      headerRules: readHeadersManifest(root),
      functions: [],
      log: () => {},
    });
    try {
      const url = new URL(await site.listen({ port: 0, host: "127.0.0.1" }));
      const answer = await raw(
        Number(url.port),
        `GET ${pagePath} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: gzip, deflate, br, zstd\r\nConnection: keep-alive\r\n\r\n`,
      );
      expect(answer.headers["content-encoding"]).toBe("br");
      const head = Buffer.byteLength(answer.head, "latin1") + 4;
      return { head, wire: head + Buffer.byteLength(answer.body, "latin1") };
    } finally {
      await site.close(0);
    }
  }
  const brotli = (text: string) => zlib.brotliCompressSync(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }).length;

  it("counts each page's headers and brotli body as the server sends them, and its floor with the same headers", async () => {
    const counts = await measureFirstWindow(root, { concurrency: 2 });
    expect(counts.map((c) => c.path)).toEqual(["/", "/over/"]);
    for (const [count, html] of [
      [counts[0], small],
      [counts[1], over],
    ] as const) {
      const { head, wire } = await headBytes(count.path);
      expect(Math.abs(count.headerBytes - head)).toBeLessThanOrEqual(2);
      expect(Math.abs(count.pageBytes - (head + brotli(html)))).toBeLessThanOrEqual(8);
      expect(Math.abs(count.floorBytes - (head + brotli(stripScripts(html))))).toBeLessThanOrEqual(8);
      // what the margin is for: the chunked framing on the wire, not in the body as received
      expect(wire - count.pageBytes).toBeGreaterThanOrEqual(0);
      expect(wire - count.pageBytes).toBeLessThan(FIRST_WINDOW_MARGIN / 4);
    }
  });

  it("passes the small page and fails the one whose scripts push it past the window", async () => {
    const [home, heavy] = await measureFirstWindow(root);
    expect(home.pass).toBe(true);
    expect(heavy.floorBytes).toBeLessThan(FIRST_WINDOW_BYTES);
    expect(heavy.pageBytes).toBeGreaterThan(FIRST_WINDOW_BYTES);
    expect(heavy.pass).toBe(false);
    expect(heavy.message).toMatch(
      /^\/over\/: [\d,]+ bytes \(HTML [\d,]+ \+ headers [\d,]+\) need 2 round trips; its script-free floor needs 1 /,
    );
    expect(heavy.message).toContain(`(first window 14,600, margin ${FIRST_WINDOW_MARGIN})`);
  });

  it("judges the counts under another header table exactly as a second pass through the server would", async () => {
    const from = readHeadersManifest(root);
    const longer = hostHeaderRules(
      `default-src 'self'; img-src 'self' ${"https://pixel.third-party.test ".repeat(40)}; frame-ancestors 'none'`,
      [],
    );
    const derived = withHeaderTable(await measureFirstWindow(root), from, longer);
    const served = await measureFirstWindow(root, { headerRules: longer });
    expect(derived).toEqual(served);
    expect(derived[0].headerBytes).toBeGreaterThan(1_000 + (await measureFirstWindow(root))[0].headerBytes);
  });

  it("says what is missing when the build has no header table", async () => {
    const bare = fs.mkdtempSync(path.join(os.tmpdir(), "first-window-bare-"));
    try {
      fs.mkdirSync(path.join(bare, "public"));
      fs.writeFileSync(path.join(bare, "public", "index.html"), small);
      await expect(measureFirstWindow(bare)).rejects.toThrow(/security-headers\.json is missing/);
    } finally {
      fs.rmSync(bare, { recursive: true, force: true });
    }
  });
});
