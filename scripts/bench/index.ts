/**
 * `npm run bench` (ARCHITECTURE.md 7): builds the site and, in the same run, a blank Gatsby 5 site with
 * the same baseline plugins (styled-components, manifest, offline), serves both on loopback and prints,
 * per template, first-load JS (gzip), HTML size and Lighthouse mobile scores and metrics (median of
 * N runs, Debian Chromium) next to the blank page and as a ratio. The blank page is measured N times
 * first and once after each page, and compared as the median of all of those, so a machine whose load
 * changes during the run moves both sides alike. Writes bench-results/bench.{json,md}.
 *   npm run bench [-- --runs 3] [--no-build] [--paths /,/pricing/]
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { measurePage, measureSite } from "../lib/budgets";

const ROOT = path.resolve(__dirname, "../..");
const GATSBY = path.join(ROOT, "node_modules/.bin/gatsby");
const CHROME = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const ENV = { ...process.env, GATSBY_TELEMETRY_DISABLED: "1" };

const arg = (name: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? undefined : process.argv[at + 1];
};
const RUNS = Math.max(1, Number(arg("runs") ?? 3));
const BUILD = !process.argv.includes("--no-build");

interface Scores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}
interface Row extends Scores {
  template: string;
  /** A noindex page (404, 500, sign-up, design system): Lighthouse's SEO category fails it by design. */
  noindex: boolean;
  path: string;
  firstLoadJsKb: number;
  htmlKb: number;
}

function build(cwd: string) {
  const run = spawnSync(GATSBY, ["build"], { cwd, env: ENV, encoding: "utf8" });
  if (run.status !== 0) throw new Error(`gatsby build failed in ${cwd}:\n${(run.stdout + run.stderr).slice(-3000)}`);
}

/** A blank Gatsby 5 site with this project's baseline plugins and one page. */
function blankSite(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nd-blank-"));
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"));
  fs.mkdirSync(path.join(dir, "src/pages"), { recursive: true });
  fs.copyFileSync(path.join(ROOT, "src/images/icon.png"), path.join(dir, "src/icon.png"));
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

async function serve(cwd: string, port: number): Promise<ChildProcess> {
  const child = spawn(GATSBY, ["serve", "--port", String(port), "--host", "localhost"], { cwd, env: ENV, stdio: "ignore" });
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`http://localhost:${port}/`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill();
  throw new Error(`gatsby serve did not start on ${port}`);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

async function lighthouseRun(url: string, port: number): Promise<Scores> {
  const { default: lighthouse } = await import("lighthouse");
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcpMs: Math.round(audits["largest-contentful-paint"]?.numericValue ?? NaN),
    tbtMs: Math.round(audits["total-blocking-time"]?.numericValue ?? NaN),
    cls: +(audits["cumulative-layout-shift"]?.numericValue ?? NaN).toFixed(3),
  };
}

/** Each metric's median over the runs (metrics separately, as Lighthouse CI does). */
function medianScores(runs: Scores[]): Scores {
  const pick = (key: keyof Scores) => median(runs.map((r) => r[key]));
  return {
    performance: pick("performance"),
    accessibility: pick("accessibility"),
    bestPractices: pick("bestPractices"),
    seo: pick("seo"),
    lcpMs: pick("lcpMs"),
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

async function main() {
  const publicDir = path.join(ROOT, "public");
  if (BUILD) {
    console.log("building the site…");
    build(ROOT);
  }
  console.log("building the blank reference site…");
  const blankDir = blankSite();
  build(blankDir);

  // One page per template (the first path using it), or the paths asked for.
  const requested = arg("paths")?.split(",");
  const pages = measureSite(publicDir).filter((p) => !p.path.startsWith("/offline-plugin"));
  const perTemplate = new Map<string, string>();
  for (const page of pages) if (!perTemplate.has(page.template)) perTemplate.set(page.template, page.path);
  const targets = requested ?? [...perTemplate.values()];

  const { launch } = await import("chrome-launcher");
  const chrome = await launch({
    chromePath: CHROME,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  const site = await serve(ROOT, 9401);
  const blankServer = await serve(blankDir, 9402);
  try {
    // The blank page is measured throughout the run, not only before it: N runs first, then one after each
    // page, so a machine that gets busier or quieter during the run moves the reference with the pages.
    const blankUrl = "http://localhost:9402/";
    console.log(`lighthouse blank reference (${RUNS} runs, then one after each page)…`);
    const blankRuns = await lighthouseRuns(blankUrl, chrome.port);
    const rows: Row[] = [];
    for (const target of targets) {
      const measured = measurePage(publicDir, target);
      console.log(`lighthouse ${target} (${RUNS} runs)…`);
      rows.push({
        template: measured.template.replace(/^component---src-/, "").replace(/-tsx$/, ""),
        path: target,
        noindex: /<meta[^>]+name="robots"[^>]+noindex/i.test(fs.readFileSync(path.join(publicDir, target, "index.html"), "utf8")),
        firstLoadJsKb: kb(measured.firstLoadJs),
        htmlKb: htmlGzipKb(publicDir, target),
        ...medianScores(await lighthouseRuns(`http://localhost:9401${target}`, chrome.port)),
      });
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
    };
    const blankPerf = blankRuns.map((r) => r.performance);

    const header =
      "| template | path | first-load JS KB (×blank) | HTML gz KB (×blank) | perf (Δ blank) | a11y | best pr. | SEO | LCP ms (×blank) | TBT ms | CLS |";
    const lines = [header, "|---|---|---|---|---|---|---|---|---|---|---|"];
    const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : "–");
    for (const r of [blank, ...rows])
      lines.push(
        `| ${r.template} | ${r.path} | ${r.firstLoadJsKb} (${ratio(r.firstLoadJsKb, blank.firstLoadJsKb)}) | ${r.htmlKb} (${ratio(r.htmlKb, blank.htmlKb)}) | ${r.performance} (${r.performance - blank.performance >= 0 ? "+" : ""}${r.performance - blank.performance}) | ${r.accessibility} | ${r.bestPractices} | ${r.seo}${r.noindex ? " (noindex)" : ""} | ${r.lcpMs} (${ratio(r.lcpMs, blank.lcpMs)}) | ${r.tbtMs} | ${r.cls} |`,
      );
    const markdown = `# Benchmark ${new Date().toISOString()}\n\nLighthouse mobile, median of ${RUNS} run(s) per page, ${os.cpus().length} CPUs. The blank reference is the median of ${blankRuns.length} runs spread through the run (performance ${Math.min(...blankPerf)}–${Math.max(...blankPerf)}).\n\n${lines.join("\n")}\n`;
    console.log(`\n${markdown}`);
    fs.mkdirSync(path.join(ROOT, "bench-results"), { recursive: true });
    fs.writeFileSync(path.join(ROOT, "bench-results/bench.json"), JSON.stringify({ runs: RUNS, blank, blankRuns, rows }, null, 2));
    fs.writeFileSync(path.join(ROOT, "bench-results/bench.md"), markdown);

    const failures = rows.filter(
      (r) =>
        r.performance < blank.performance - 3 || r.accessibility < 100 || r.bestPractices < 100 || (!r.noindex && r.seo < 100) || r.cls > 0,
    );
    if (failures.length) {
      console.log(`\nOutside the ARCHITECTURE.md 7 budgets: ${failures.map((r) => r.path).join(", ")}`);
      process.exitCode = 1;
    }
  } finally {
    site.kill();
    blankServer.kill();
    await chrome.kill();
    fs.rmSync(blankDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
