/**
 * The first-window budget (docs/page-load.md#the-first-window): the scripts in a page's HTML add at most
 * SCRIPT_ALLOWANCE bytes to the same page without them (its script-free floor, scripts/bench/floor.ts), and the
 * round trips each configuration's headers give page and floor are counted beside it. Counted on the bytes the
 * local server really sends (scripts/lib/site-server.ts: the build's header table, brotli), so what
 * `npm run budgets` counts is what the bench's Lighthouse runs see.
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import {
  CSP_HEADER,
  contentSecurityPolicy,
  policySources,
  readHeadersManifest,
  type HeaderRule,
} from "../../src/node/hosting/security-headers";
import type { ThirdPartySettings } from "../../src/config/third-party";
import { VENDORS, type ScriptIds } from "../../src/vendors/catalog";
import { stripScripts } from "../bench/floor";
import { HEAD_SCRIPTS_BUDGET, builtPages } from "./budgets";
import { createSiteServer, headerMatcher, RESPONSE_COMPRESSION } from "./site-server";

/**
 * Lighthouse's simulated throttling (lantern, in the `@paulirish/trace_engine` package Lighthouse uses:
 * models/trace/lantern/simulation/TCPConnection.js) starts every connection with a congestion window of
 * INITIAL_CONGESTION_WINDOW = 10 segments of TCP_SEGMENT_SIZE = 1,460 bytes, sent with the first byte. It
 * counts the response's transfer size as Chromium records it (status line, headers and encoded body);
 * the TLS handshake and the request cost it round trips, not bytes of this window.
 */
export const TCP_SEGMENT_BYTES = 1460;
export const INITIAL_WINDOW_SEGMENTS = 10;
export const FIRST_WINDOW_BYTES = INITIAL_WINDOW_SEGMENTS * TCP_SEGMENT_BYTES;

/**
 * After the first window lantern doubles the window each round trip, up to the bandwidth-delay product in
 * whole segments (TCPConnection's computeMaximumCongestionWindowInSegments). On Lighthouse's mobile profile
 * (simulation/Constants.js, mobileSlow4G: 150 ms, 1.6 × 1024 Kbit/s, as bits/s × 1024) that is
 * ⌊1,677,721.6 / 8 × 0.15 / 1,460⌋ = 21 segments, reached on the third round trip.
 */
export const MAX_WINDOW_SEGMENTS = 21;

/**
 * Slack between this count and the transfer size Chromium records for the same page: the chunked-encoding
 * framing of the compressed stream (a size line per chunk and the last chunk, not in the body as received:
 * 13 bytes for a one-chunk page, measured on the socket), the floor's own validators (its ETag carries its
 * size in hex), and brotli's streaming output differing from a one-shot encoding by a few bytes. Together
 * under 30 bytes; the margin is about three times that. It is not room for the next edit: the check runs on
 * every build, so an edit that crosses the edge fails there.
 */
export const FIRST_WINDOW_MARGIN = 100;

/**
 * What the scripts in a page's HTML may add to its floor, in bytes as sent (docs/page-load.md#the-first-window):
 * the head's inline scripts, which HEAD_SCRIPTS_BUDGET already caps (gzip; brotli in the page's context is
 * smaller), and NON_INLINE_SCRIPT_BYTES for the rest: the deferred scripts' `<template>` with its tags and
 * chunk map, the page-path script (about 170 bytes as sent) and a hosted consent manager's tag. Counted with the
 * margin, on every page and every configuration: the same bytes cost a round trip wherever the floor sits
 * within them of a window's edge, and nothing elsewhere, so the bytes are what is budgeted.
 */
export const NON_INLINE_SCRIPT_BYTES = 256;
export const SCRIPT_ALLOWANCE = HEAD_SCRIPTS_BUDGET + NON_INLINE_SCRIPT_BYTES;

/** The bytes slow start has delivered by the end of round trip `trips` (lantern's model below). */
export function edgeBytes(trips: number): number {
  if (!Number.isInteger(trips) || trips < 1) throw new RangeError(`edgeBytes: ${trips} is not a round-trip count`);
  let window = INITIAL_WINDOW_SEGMENTS;
  let delivered = window * TCP_SEGMENT_BYTES;
  for (let trip = 2; trip <= trips; trip++) {
    window = Math.min(window * 2, MAX_WINDOW_SEGMENTS);
    delivered += window * TCP_SEGMENT_BYTES;
  }
  return delivered;
}

/** The round trips, from the first byte on, that slow start needs to deliver `bytes` (lantern's model above). */
export function roundTrips(bytes: number): number {
  if (!Number.isFinite(bytes) || bytes < 0) throw new RangeError(`roundTrips: ${bytes} is not a byte count`);
  let trips = 1;
  while (edgeBytes(trips) < bytes) trips++;
  return trips;
}

export interface WindowCount {
  path: string;
  /** The page as sent: status line, headers and encoded body. */
  pageBytes: number;
  /** The same headers and the encoded body of the page without its scripts. */
  floorBytes: number;
  /** Status line and headers, with their line ends and the blank line. */
  headerBytes: number;
  /** pageBytes − floorBytes: what the page's scripts add, whatever the header block. */
  scriptBytes: number;
  /** SCRIPT_ALLOWANCE − margin − scriptBytes (negative: over the allowance). */
  room: number;
  /** Round trips of the page (with the margin) and of its floor, with these headers: the allowance's consequence. */
  pageTrips: number;
  floorTrips: number;
  pass: boolean;
  /** Why it fails; absent when it passes. */
  message?: string;
}

const count = (n: number) => n.toLocaleString("en-US");

/**
 * The rule on counted bytes: scriptBytes + margin ≤ allowance. It reads neither the header block nor where the
 * floor sits against a window's edge, so no configuration's headers can flip it; the round trips are counted
 * beside it (a page whose floor sits within its scripts' bytes of an edge needs one more than its floor).
 */
export function judge(
  pagePath: string,
  sizes: { headerBytes: number; bodyBytes: number; floorBodyBytes: number },
  margin = FIRST_WINDOW_MARGIN,
  allowance = SCRIPT_ALLOWANCE,
): WindowCount {
  const { headerBytes, bodyBytes, floorBodyBytes } = sizes;
  for (const [name, value] of Object.entries(sizes))
    if (!Number.isInteger(value) || value < 0) throw new RangeError(`first window: ${pagePath}'s ${name} ${value} is not a byte count`);
  const pageBytes = headerBytes + bodyBytes;
  const floorBytes = headerBytes + floorBodyBytes;
  const scriptBytes = bodyBytes - floorBodyBytes;
  const result: WindowCount = {
    path: pagePath,
    pageBytes,
    floorBytes,
    headerBytes,
    scriptBytes,
    room: allowance - margin - scriptBytes,
    pageTrips: roundTrips(pageBytes + margin),
    floorTrips: roundTrips(floorBytes),
    pass: scriptBytes + margin <= allowance,
  };
  if (!result.pass)
    result.message =
      `${pagePath}: its scripts add ${count(scriptBytes)} bytes to its script-free floor (HTML ${count(bodyBytes)} against ` +
      `${count(floorBodyBytes)}, as sent); the allowance is ${count(allowance)} with a margin of ${margin}`;
  return result;
}

/** A body encoded as the server encodes its answers (RESPONSE_COMPRESSION), for the `Content-Encoding` it chose. */
export function encodeAs(encoding: string | undefined, body: string): Buffer {
  const raw = Buffer.from(body);
  switch (encoding ?? "identity") {
    case "br":
      return zlib.brotliCompressSync(raw, RESPONSE_COMPRESSION.brotliOptions);
    case "gzip":
      return zlib.gzipSync(raw, RESPONSE_COMPRESSION.zlibOptions);
    case "identity":
      return raw;
    default:
      throw new Error(`first window: the server answered with Content-Encoding ${encoding}, which this count cannot reproduce`);
  }
}

/** What Chromium sends on localhost; the server picks brotli from it. */
export const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";

interface Received {
  status: number;
  encoding: string | undefined;
  headerBytes: number;
  bodyBytes: number;
}

/** One GET, counting the status line and headers as sent (rawHeaders) and the body as received, undecoded. */
function fetchCounted(agent: http.Agent, port: number, pagePath: string): Promise<Received> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: "127.0.0.1", port, path: pagePath, agent, headers: { "accept-encoding": BROWSER_ACCEPT_ENCODING, accept: "text/html" } },
      (res) => {
        let headerBytes = `HTTP/${res.httpVersion} ${res.statusCode} ${res.statusMessage}\r\n`.length + 2;
        for (let i = 0; i < res.rawHeaders.length; i += 2)
          headerBytes += Buffer.byteLength(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}\r\n`);
        let bodyBytes = 0;
        res.on("data", (chunk: Buffer) => (bodyBytes += chunk.length));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, encoding: res.headers["content-encoding"], headerBytes, bodyBytes }));
        res.on("error", reject);
      },
    );
    request.on("error", reject);
  });
}

/** Runs `task` over `items`, at most `limit` at a time, keeping their order. */
async function inPool<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await task(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

export interface FirstWindowOptions {
  /** Site paths to count; every built page (each index.html) by default. */
  paths?: string[];
  /** The header table to serve; the build's own (.cache/security-headers.json) by default. */
  headerRules?: HeaderRule[];
  margin?: number;
  allowance?: number;
  concurrency?: number;
}

/**
 * Counts every page of a built site (`root`: public/ and .cache/security-headers.json) through the local
 * server, started in-process on an ephemeral port, and judges each against its floor.
 */
export async function measureFirstWindow(root: string, options: FirstWindowOptions = {}): Promise<WindowCount[]> {
  const publicDir = path.join(root, "public");
  if (!fs.existsSync(publicDir)) throw new Error(`first window: ${publicDir} does not exist: build the site first`);
  const {
    paths = builtPages(publicDir),
    margin = FIRST_WINDOW_MARGIN,
    allowance = SCRIPT_ALLOWANCE,
    concurrency = 6,
    headerRules = readHeadersManifest(root),
  } = options;
  const server = await createSiteServer({ publicDir, headerRules, functions: [], log: () => {} });
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  try {
    const { port } = new URL(await server.listen({ port: 0, host: "127.0.0.1" }));
    return await inPool(paths, concurrency, async (pagePath) => {
      const file = path.join(publicDir, ...pagePath.split("/").filter(Boolean), "index.html");
      const html = fs.readFileSync(file, "utf8");
      const received = await fetchCounted(agent, Number(port), pagePath);
      if (received.status !== 200) throw new Error(`first window: GET ${pagePath} answered ${received.status}, not the page in ${file}`);
      const floorBodyBytes = encodeAs(received.encoding, stripScripts(html)).length;
      return judge(pagePath, { headerBytes: received.headerBytes, bodyBytes: received.bodyBytes, floorBodyBytes }, margin, allowance);
    });
  } finally {
    agent.destroy();
    await server.close(1000);
  }
}

/**
 * Every vendor of the catalog configured, as production runs them: an id for the vendors whose address is built
 * from one, an https address on a host of its own for the rest.
 */
export const everyVendor = (): ScriptIds =>
  Object.fromEntries(VENDORS.map(({ id, src }) => [id, src ? `${id}-id` : `https://${id}.vendor.example/script.js`])) as ScriptIds;

/** A build with every vendor of the catalog configured: its pages are production's (CI's e2e build). */
export const isProductionLike = (settings: ThirdPartySettings): boolean =>
  VENDORS.every(({ id }) => Boolean(settings.scriptIds[id]?.trim()));

/** The build's own table with its policy rebuilt for these vendors, from the same inline-script hashes. */
function withVendors(
  rules: readonly HeaderRule[],
  settings: ThirdPartySettings,
  scriptIds: ScriptIds,
  consent?: Parameters<typeof policySources>[1],
): HeaderRule[] {
  const sources = policySources({ ...settings, scriptIds }, consent);
  return rules.map((rule) => ({
    ...rule,
    headers: rule.headers.map((h) =>
      h.key === CSP_HEADER ? { ...h, value: contentSecurityPolicy(sources, h.value.match(/'sha256-[A-Za-z0-9+/=]+'/g) ?? []) } : h,
    ),
  }));
}

/**
 * The header table the bench serves (`npm run bench` builds the site without third-party scripts): the
 * build's own table with its Content-Security-Policy rebuilt from the same inline-script hashes and no
 * third-party origin.
 */
export function withoutThirdPartyHosts(rules: readonly HeaderRule[], settings: ThirdPartySettings): HeaderRule[] {
  return withVendors(rules, { ...settings, personalization: undefined, analyticsBeacon: undefined }, {}, {});
}

/**
 * The header blocks of the configurations the project supports, computed from one build's table without another
 * build (the policy is the only header that varies): no vendor (the default build, the bench), every vendor of
 * the catalog (production's block), and the build's own. `production`: the block production serves.
 * Personalization adds nothing to the strict policy (`connect-src 'self' https:`). Duplicates are dropped.
 */
export function headerConfigurations(
  rules: readonly HeaderRule[],
  settings: ThirdPartySettings,
): { name: string; rules: HeaderRule[]; production: boolean }[] {
  const configurations = [
    { name: "no vendor (the default build, the bench)", rules: withoutThirdPartyHosts(rules, settings), production: false },
    { name: "every vendor (production-like)", rules: withVendors(rules, settings, everyVendor()), production: true },
    { name: "this build's own", rules: [...rules], production: isProductionLike(settings) },
  ];
  const seen = new Set<string>();
  return configurations.filter(({ rules: table }) => {
    const key = JSON.stringify(table);
    return !seen.has(key) && Boolean(seen.add(key));
  });
}

/**
 * The same counts, judged again as if served with the header table `to` instead of `from` (the table they
 * were counted with): each page's bodies are as counted, its header block longer or shorter by the
 * difference of its header values under the two tables. Spares a second pass through the server.
 */
export function withHeaderTable(
  counts: readonly WindowCount[],
  from: readonly HeaderRule[],
  to: readonly HeaderRule[],
  margin = FIRST_WINDOW_MARGIN,
  allowance = SCRIPT_ALLOWANCE,
): WindowCount[] {
  const size = (headers: Record<string, string>) =>
    Object.entries(headers).reduce((sum, [key, value]) => sum + Buffer.byteLength(`${key}: ${value}\r\n`), 0);
  const [before, after] = [headerMatcher(from), headerMatcher(to)];
  return counts.map((c) => {
    const headerBytes = c.headerBytes + size(after(c.path)) - size(before(c.path));
    return judge(
      c.path,
      { headerBytes, bodyBytes: c.pageBytes - c.headerBytes, floorBodyBytes: c.floorBytes - c.headerBytes },
      margin,
      allowance,
    );
  });
}

/** The `n` pages with the least of the allowance left (least room first). */
export function tightest(counts: readonly WindowCount[], n = 5): WindowCount[] {
  return [...counts].sort((a, b) => a.room - b.room).slice(0, n);
}

/** The pages that need one more round trip than their floor with the headers they were counted with. */
export const overFloorTrips = (counts: readonly WindowCount[]): WindowCount[] => counts.filter((c) => c.pageTrips > c.floorTrips);
