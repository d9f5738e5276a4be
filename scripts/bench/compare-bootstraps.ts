/**
 * Built sites side by side on the phone profile (./phone.ts): loads one path from each root and from the first
 * root's script-free floor, alternating, as first visits, and prints per root the median FCP, LCP, the ratio to
 * the floor, and when the early script (/static/early-*.js) was requested and finished, relative to the first
 * contentful paint. For variants of one build (a copy with a changed bootstrap or style, its CSP hash updated):
 * docs/measurements/2026-12-06-first-window-and-home.md.
 *   npx tsx scripts/bench/compare-bootstraps.ts <path> <root> [<root> …] [--runs 11] [--port 9450]
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium, type Browser } from "@playwright/test";
import { startBenchServer, type BenchServer } from "./server";
import { benchChromiumPath } from "./chrome";
import { PHONE_VIEWPORT, applyPhoneThrottling } from "./phone";

interface Load {
  fcp: number;
  lcp: number;
  earlyStart?: number;
  earlyEnd?: number;
}

const READ = `(function () {
  var paints = (window.__ndPaints = {});
  new PerformanceObserver(function (l) { l.getEntries().forEach(function (e) { if (e.name === "first-contentful-paint") paints.fcp = e.startTime; }); }).observe({ type: "paint", buffered: true });
  new PerformanceObserver(function (l) { l.getEntries().forEach(function (e) { paints.lcp = e.startTime; }); }).observe({ type: "largest-contentful-paint", buffered: true });
})();`;

async function load(browser: Browser, url: string): Promise<Load> {
  const context = await browser.newContext({ viewport: PHONE_VIEWPORT, hasTouch: true, isMobile: true, serviceWorkers: "block" });
  try {
    const { origin } = new URL(url);
    await context.route(
      (t) => t.origin !== origin,
      (r) => r.abort(),
    );
    await context.addInitScript({ content: READ });
    const page = await context.newPage();
    await applyPhoneThrottling(await context.newCDPSession(page));
    await page.goto(url, { waitUntil: "load", timeout: 90_000 });
    await page.waitForTimeout(1000);
    return await page.evaluate(() => {
      const paints = (window as unknown as { __ndPaints: { fcp: number; lcp: number } }).__ndPaints;
      const early = performance.getEntriesByType("resource").find((e) => /\/static\/early-/.test(e.name)) as
        PerformanceResourceTiming | undefined;
      return { fcp: paints.fcp, lcp: paints.lcp, earlyStart: early?.startTime, earlyEnd: early?.responseEnd };
    });
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? Math.round(s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : NaN;
};

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { runs: { type: "string", default: "11" }, port: { type: "string", default: "9450" } },
  });
  const [target, ...roots] = positionals;
  if (!target?.startsWith("/") || !roots.length) throw new Error("usage: compare-bootstraps.ts <path> <root> [<root> …] [--runs 11]");
  const port = Number(values.port);
  const servers: [string, BenchServer][] = [["floor", await startBenchServer({ root: path.resolve(roots[0]), port, floor: true })]];
  for (const [i, root] of roots.entries()) servers.push([root, await startBenchServer({ root: path.resolve(root), port: port + 1 + i })]);
  const browser = await chromium.launch({ executablePath: benchChromiumPath() });
  const loads = new Map<string, Load[]>(servers.map(([name]) => [name, []]));
  try {
    for (let run = 0; run < Number(values.runs); run++)
      for (const [name, server] of servers) loads.get(name)!.push(await load(browser, `${server.url}${target}`));
  } finally {
    await browser.close();
    await Promise.all(servers.map(([, s]) => s.close()));
  }
  const floorLcp = median(loads.get("floor")!.map((l) => l.lcp));
  for (const [name, xs] of loads) {
    const lcp = median(xs.map((l) => l.lcp));
    const early = xs.filter((l) => l.earlyStart !== undefined);
    console.log(
      `${name}: LCP ${lcp} (÷ floor ${(lcp / floorLcp).toFixed(2)}), FCP ${median(xs.map((l) => l.fcp))}` +
        (early.length
          ? `, early script requested ${median(early.map((l) => l.earlyStart! - l.fcp))} ms after FCP, loaded ${median(early.map((l) => l.earlyEnd! - l.fcp))}`
          : ""),
    );
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
