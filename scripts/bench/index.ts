/**
 * `npm run bench` (docs/architecture.md#budgets): builds the site and, in the same run, a blank Gatsby 5 site with
 * the same baseline plugins (styled-components, manifest, offline), serves both on loopback and prints,
 * per template, first-load JS (gzip), HTML size and Lighthouse mobile scores and metrics (median of
 * N runs, Debian Chromium) next to the blank page and as a ratio. The blank page is measured N times
 * first and once after each page, and compared as the median of all of those, so a machine whose load
 * changes during the run moves both sides alike.
 *
 * Each page is also measured against its own floor: the same HTML with every script removed (floor.ts),
 * served from the same files on a second port, its runs alternating with the page's, with the phone profile
 * applied (scripts/bench/phone.ts) rather than simulated. The budget is the page's LCP within FLOOR_BUDGET ×
 * the floor's (docs/page-load.md#how-to-measure). Writes bench-results/bench.{json,md}.
 *   npm run bench [-- --runs 3] [--phone-runs 9] [--no-build] [--paths /,/pricing/] [--root <built site>] [--port 9350] [--out bench]
 * `--root` measures another built site (its public/ and .cache/security-headers.json), e.g. a copy of an
 * earlier build, for before/after tables; it implies --no-build. The servers use ports port…port+2; the
 * results go to bench-results/<out>.{json,md}.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { chromium } from "@playwright/test";
import { measurePage, measureSite } from "../lib/budgets";
import { gatsbyBuild } from "../lib/gatsby-build";
import { startBenchServer } from "./server";
import { BENCH_CHROMIUM_FLAGS, benchChromiumPath, launchBenchChrome } from "./chrome";
import { measurePhonePaints, type PhonePaints } from "./phone-paints";
import { PHONE_CPU_SLOWDOWN, PHONE_NETWORK } from "./phone";

const REPO = path.resolve(__dirname, "../..");

const arg = (name: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? undefined : process.argv[at + 1];
};
const RUNS = Math.max(1, Number(arg("runs") ?? 3));
/**
 * First visits per page and per floor for the floor ratio: a load takes 2–3 s, and a sub-400 ms largest paint
 * moves by a frame or two from one to the next (docs/page-load.md#how-to-measure), so three are not enough.
 */
const PHONE_RUNS = Math.max(1, Number(arg("phone-runs") ?? 9));
const ROOT = path.resolve(arg("root") ?? REPO);
const BUILD = !process.argv.includes("--no-build") && arg("root") === undefined;
const PORT = Number(arg("port") ?? 9350);
const OUT = arg("out") ?? "bench";
/** docs/architecture.md#page-load: a page's LCP at most this many times its script-free floor's. */
const FLOOR_BUDGET = 1.15;
/** Always measured besides one page per template: the pricing page is the landing template's other face. */
const EXTRA_PATHS = ["/pricing/"];

interface Scores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
}
/** Largest and first paint with the phone profile applied (median of PHONE_RUNS first visits). */
interface Paints {
  lcpMs: number;
  fcpMs: number;
  /** The largest paint's elements over the runs. */
  lcpElements: string[];
  /** Whether it was inside the consent banner in any run (never allowed). */
  lcpInBanner: boolean;
}
interface Row extends Scores {
  template: string;
  /** The same page without its scripts, simulated (median of RUNS runs, alternating with the page's). */
  floorLcpMs: number;
  floorFcpMs: number;
  fcpMs: number;
  /** The page and its floor with the phone profile applied, alternating: the budget's figures. */
  phone: Paints;
  floorPhone: Paints;
  /** A noindex page (404, 500, sign-up, design system): Lighthouse's SEO category fails it by design. */
  noindex: boolean;
  path: string;
  firstLoadJsKb: number;
  htmlKb: number;
}

/** A blank Gatsby 5 site with this project's baseline plugins and one page. */
function blankSite(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nd-blank-"));
  fs.symlinkSync(path.join(REPO, "node_modules"), path.join(dir, "node_modules"));
  fs.mkdirSync(path.join(dir, "src/pages"), { recursive: true });
  fs.copyFileSync(path.join(REPO, "src/images/icon.png"), path.join(dir, "src/icon.png"));
  fs.writeFileSync(
    path.join(dir, "package.json"),
    JSON.stringify({ name: "blank", private: true, dependencies: { gatsby: "*", react: "*", "react-dom": "*" } }),
  );
  fs.writeFileSync(
    path.join(dir, "gatsby-config.js"),
    `module.exports = { siteMetadata: { siteUrl: "https://example.com" }, plugins: [
  "gatsby-plugin-styled-components",
  { resolve: "gatsby-plugin-manifest", options: { name: "Blank", short_name: "Blank", start_url: "/", background_color: "#ffffff", theme_color: "#4176fa", display: "minimal-ui", icon: "src/icon.png" } },
  "gatsby-plugin-offline",
] };\n`,
  );
  fs.writeFileSync(
    path.join(dir, "src/pages/index.js"),
    `import * as React from "react";
import styled from "styled-components";
const Main = styled.main\`max-width: 40rem; margin: 2rem auto; font-family: system-ui, sans-serif;\`;
export default function Index() { return <Main><h1>Blank Gatsby page</h1><p>A reference page with the same baseline plugins.</p></Main>; }
export const Head = () => <><html lang="en" /><title>Blank</title><meta name="description" content="Blank reference page" /></>;\n`,
  );
  return dir;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** One Lighthouse mobile run (default config: simulated throttling); `performanceOnly` for a floor. */
async function lighthouseRun(url: string, port: number, { performanceOnly = false } = {}): Promise<Scores> {
  const { default: lighthouse } = await import("lighthouse");
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: performanceOnly ? ["performance"] : ["performance", "accessibility", "best-practices", "seo"],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits } = result.lhr;
  const score = (id: string) => (categories[id] ? Math.round((categories[id].score ?? 0) * 100) : NaN);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcpMs: Math.round(audits["largest-contentful-paint"]?.numericValue ?? NaN),
    fcpMs: Math.round(audits["first-contentful-paint"]?.numericValue ?? NaN),
    tbtMs: Math.round(audits["total-blocking-time"]?.numericValue ?? NaN),
    cls: +(audits["cumulative-layout-shift"]?.numericValue ?? NaN).toFixed(3),
  };
}

/** Each metric's median over the runs (metrics separately, as Lighthouse CI does); a category over the runs that audited it. */
function medianScores(runs: Scores[]): Scores {
  const pick = (key: keyof Scores) => median(runs.map((r) => r[key]).filter((v) => !Number.isNaN(v)));
  return {
    performance: pick("performance"),
    accessibility: pick("accessibility"),
    bestPractices: pick("bestPractices"),
    seo: pick("seo"),
    lcpMs: pick("lcpMs"),
    fcpMs: pick("fcpMs"),
    tbtMs: pick("tbtMs"),
    cls: pick("cls"),
  };
}

/** RUNS Lighthouse runs of url, one after another. */
async function lighthouseRuns(url: string, port: number): Promise<Scores[]> {
  const runs: Scores[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await lighthouseRun(url, port));
  return runs;
}

const kb = (bytes: number) => +(bytes / 1024).toFixed(1);
const htmlGzipKb = (publicDir: string, pagePath: string) =>
  kb(zlib.gzipSync(fs.readFileSync(path.join(publicDir, pagePath, "index.html"))).length);

const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : "–");
/** Over the floor budget, with the phone profile applied. */
const overFloor = (r: Row) => r.phone.lcpMs > FLOOR_BUDGET * r.floorPhone.lcpMs || r.phone.lcpInBanner;

async function main() {
  // `--vendors`: every vendor script at its real weight, on the phone profile (scripts/bench/vendors).
  if (process.argv.includes("--vendors")) {
    const { benchVendors } = await import("./vendors");
    return benchVendors(process.argv.slice(2));
  }
  const publicDir = path.join(ROOT, "public");
  if (BUILD) {
    console.log("building the site…");
    await gatsbyBuild({ cwd: ROOT });
  }
  console.log("building the blank reference site…");
  const blankDir = blankSite();
  await gatsbyBuild({ cwd: blankDir });

  // One page per template (the first path using it) and EXTRA_PATHS, or the paths asked for.
  const requested = arg("paths")?.split(",");
  const pages = measureSite(publicDir).filter((p) => !p.path.startsWith("/offline-plugin"));
  const perTemplate = new Map<string, string>();
  for (const page of pages) if (!perTemplate.has(page.template)) perTemplate.set(page.template, page.path);
  const targets = requested ?? [...new Set([...perTemplate.values(), ...EXTRA_PATHS.filter((p) => pages.some((page) => page.path === p))])];

  const chrome = await launchBenchChrome();
  const browser = await chromium.launch({ executablePath: benchChromiumPath(), args: [...BENCH_CHROMIUM_FLAGS] });
  const site = await startBenchServer({ root: ROOT, port: PORT });
  const floor = await startBenchServer({ root: ROOT, port: PORT + 1, floor: true });
  const blankServer = await startBenchServer({ root: blankDir, port: PORT + 2 });
  try {
    // The blank page is measured throughout the run, not only before it: N runs first, then one after each
    // page, so a machine that gets busier or quieter during the run moves the reference with the pages.
    const blankUrl = `${blankServer.url}/`;
    console.log(`lighthouse blank reference (${RUNS} runs, then one after each page)…`);
    const blankRuns = await lighthouseRuns(blankUrl, chrome.port);
    const rows: Row[] = [];
    const floorRuns: Record<string, Scores[]> = {};
    const phoneFloorRuns: Record<string, { page: PhonePaints[]; floor: PhonePaints[] }> = {};
    for (const target of targets) {
      const measured = measurePage(publicDir, target);
      console.log(`lighthouse ${target} and its floor (${RUNS} runs each)…`);
      // page and floor alternate, so both see the machine as it is at the time
      const pageRuns: Scores[] = [];
      floorRuns[target] = [];
      for (let i = 0; i < RUNS; i++) {
        // accessibility, best practices and SEO do not vary from run to run: the first run audits them
        pageRuns.push(await lighthouseRun(`${site.url}${target}`, chrome.port, { performanceOnly: i > 0 }));
        floorRuns[target].push(await lighthouseRun(`${floor.url}${target}`, chrome.port, { performanceOnly: true }));
      }
      // The budget's runs: the phone profile applied, page and floor alternating (docs/page-load.md#how-to-measure).
      const phoneRuns: PhonePaints[] = [];
      const floorPhoneRuns: PhonePaints[] = [];
      for (let i = 0; i < PHONE_RUNS; i++) {
        phoneRuns.push(await measurePhonePaints(browser, `${site.url}${target}`));
        floorPhoneRuns.push(await measurePhonePaints(browser, `${floor.url}${target}`));
      }
      phoneFloorRuns[target] = { page: phoneRuns, floor: floorPhoneRuns };
      const paints = (runs: PhonePaints[]): Paints => ({
        lcpMs: median(runs.map((r) => r.lcpMs)),
        fcpMs: median(runs.map((r) => r.fcpMs)),
        lcpElements: [...new Set(runs.map((r) => `${r.lcpElement}${r.lcpInBanner ? " (in the banner)" : ""}`))],
        lcpInBanner: runs.some((r) => r.lcpInBanner),
      });
      const floorScores = medianScores(floorRuns[target]);
      rows.push({
        template: measured.template.replace(/^component---src-/, "").replace(/-tsx$/, ""),
        path: target,
        noindex: /<meta[^>]+name="robots"[^>]+noindex/i.test(fs.readFileSync(path.join(publicDir, target, "index.html"), "utf8")),
        firstLoadJsKb: kb(measured.firstLoadJs),
        htmlKb: htmlGzipKb(publicDir, target),
        ...medianScores(pageRuns),
        floorLcpMs: floorScores.lcpMs,
        floorFcpMs: floorScores.fcpMs,
        phone: paints(phoneRuns),
        floorPhone: paints(floorPhoneRuns),
      });
      const row = rows.at(-1)!;
      console.log(
        `  phone: LCP ${row.phone.lcpMs} ms, floor ${row.floorPhone.lcpMs} ms (×${ratio(row.phone.lcpMs, row.floorPhone.lcpMs)}); ` +
          `simulated: LCP ${row.lcpMs} ms, floor ${row.floorLcpMs} ms (×${ratio(row.lcpMs, row.floorLcpMs)})`,
      );
      blankRuns.push(await lighthouseRun(blankUrl, chrome.port));
    }
    const blankPublic = path.join(blankDir, "public");
    const blank: Row = {
      template: "blank reference",
      path: "/",
      noindex: false,
      firstLoadJsKb: kb(measurePage(blankPublic, "/").firstLoadJs),
      htmlKb: htmlGzipKb(blankPublic, "/"),
      ...medianScores(blankRuns),
      floorLcpMs: NaN,
      floorFcpMs: NaN,
      phone: { lcpMs: NaN, fcpMs: NaN, lcpElements: [], lcpInBanner: false },
      floorPhone: { lcpMs: NaN, fcpMs: NaN, lcpElements: [], lcpInBanner: false },
    };
    const blankPerf = blankRuns.map((r) => r.performance);

    const header =
      "| template | path | first-load JS KB (×blank) | HTML gz KB (×blank) | perf (Δ blank) | a11y | best pr. | SEO | LCP ms (×blank) | TBT ms | CLS |";
    const lines = [header, "|---|---|---|---|---|---|---|---|---|---|---|"];
    for (const r of [blank, ...rows])
      lines.push(
        `| ${r.template} | ${r.path} | ${r.firstLoadJsKb} (${ratio(r.firstLoadJsKb, blank.firstLoadJsKb)}) | ${r.htmlKb} (${ratio(r.htmlKb, blank.htmlKb)}) | ${r.performance} (${r.performance - blank.performance >= 0 ? "+" : ""}${r.performance - blank.performance}) | ${r.accessibility} | ${r.bestPractices} | ${r.seo}${r.noindex ? " (noindex)" : ""} | ${r.lcpMs} (${ratio(r.lcpMs, blank.lcpMs)}) | ${r.tbtMs} | ${r.cls} |`,
      );
    const floorLines = [
      "| template | path | LCP ms | floor LCP ms | LCP ÷ floor | FCP ms | floor FCP ms | LCP element | simulated: LCP ms | floor LCP ms | LCP ÷ floor |",
      "|---|---|---|---|---|---|---|---|---|---|---|",
      ...rows.map(
        (r) =>
          `| ${r.template} | ${r.path} | ${r.phone.lcpMs} | ${r.floorPhone.lcpMs} | ${ratio(r.phone.lcpMs, r.floorPhone.lcpMs)}${overFloor(r) ? " ✗" : ""} | ` +
          `${r.phone.fcpMs} | ${r.floorPhone.fcpMs} | \`${r.phone.lcpElements.join("`, `")}\` | ${r.lcpMs} | ${r.floorLcpMs} | ${ratio(r.lcpMs, r.floorLcpMs)} |`,
      ),
    ];
    const markdown =
      `# Benchmark ${new Date().toISOString()}\n\nLighthouse mobile, median of ${RUNS} run(s) per page, ${os.cpus().length} CPUs. The blank reference is the median of ${blankRuns.length} runs spread through the run (performance ${Math.min(...blankPerf)}–${Math.max(...blankPerf)}).\n\n${lines.join("\n")}\n` +
      `\n## Largest paint against the page's own floor\n\nThe floor is the same HTML with every script removed (scripts/bench/floor.ts), median of ${PHONE_RUNS} run(s) alternating with the page's, ` +
      `each a first visit (no cookie: the consent banner shows) with the phone profile applied (${PHONE_CPU_SLOWDOWN}× CPU, ${PHONE_NETWORK.latency} ms round trip, ${(PHONE_NETWORK.downloadThroughput / 131072).toFixed(1)} Mbit/s). ` +
      `Budget: LCP ≤ ${FLOOR_BUDGET} × floor, and the largest paint never inside the banner. The simulated columns (the Lighthouse runs above) are for reading only: docs/page-load.md#how-to-measure.\n\n${floorLines.join("\n")}\n`;
    console.log(`\n${markdown}`);
    fs.mkdirSync(path.join(REPO, "bench-results"), { recursive: true });
    fs.writeFileSync(
      path.join(REPO, `bench-results/${OUT}.json`),
      JSON.stringify({ runs: RUNS, root: ROOT, blank, blankRuns, rows, floorRuns, phoneFloorRuns }, null, 2),
    );
    fs.writeFileSync(path.join(REPO, `bench-results/${OUT}.md`), markdown);

    const failures = rows.filter(
      (r) =>
        r.performance < blank.performance - 3 ||
        r.accessibility < 100 ||
        r.bestPractices < 100 ||
        (!r.noindex && r.seo < 100) ||
        r.cls > 0 ||
        overFloor(r),
    );
    if (failures.length) {
      console.log(`\nOutside the budgets (docs/architecture.md#budgets): ${failures.map((r) => r.path).join(", ")}`);
      process.exitCode = 1;
    }
  } finally {
    await Promise.all([site.close(), floor.close(), blankServer.close()]);
    await chrome.kill();
    await browser.close();
    fs.rmSync(blankDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
