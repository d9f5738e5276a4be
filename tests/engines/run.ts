/**
 * The cross-engine suite (docs/engines.md): the critical paths of tests/engines/scenarios.ts in Chromium,
 * Firefox ESR and WebKitGTK against the built site (build first: the e2e build, as scripts/test-all.sh does).
 * A scenario fails on its own checks, on any JavaScript error and on any CSP violation seen meanwhile. Each
 * engine first runs the self-check: a copy of one page with an inline script the policy refuses and a script
 * that throws must fail, or the suite fails (a check that cannot fail checks nothing).
 *
 *   npx tsx tests/engines/run.ts [--engine chromium|firefox|webkit ...] [--only <scenario name part>] [--out <dir>]
 *
 * Ports: ENGINES_PORT (default 9430) is the front server; +1 WebKitWebDriver; +9 the local server.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { serveArgs } from "../../scripts/lib/serve-command";
import { CONSENT_COOKIE } from "../../src/lib/consent-model";
import { grantedConsentValue } from "../fixtures/consent-records";
import { DESKTOP, type Engine, type EngineName, type Session } from "./driver";
import { SELF_CHECK_PARAM, startFront, type Front, type PageReport } from "./front";
import { launchPuppeteer } from "./puppeteer-engine";
import { SCENARIOS, type Context, type Scenario } from "./scenarios";
import { launchWebKit } from "./webkit-engine";

const ROOT = path.resolve(__dirname, "../..");
const ENGINES: EngineName[] = ["chromium", "firefox", "webkit"];

const args = process.argv.slice(2);
const values = (name: string) => args.flatMap((a, i) => (a === `--${name}` && args[i + 1] ? [args[i + 1]] : []));
const engines = (values("engine").length ? values("engine") : ENGINES) as EngineName[];
for (const e of engines) if (!ENGINES.includes(e)) throw new Error(`unknown --engine ${e} (one of ${ENGINES.join(", ")})`);
const only = values("only")[0];
const out = path.resolve(values("out")[0] ?? path.join(os.tmpdir(), `engines-${Date.now()}`));
const port = Number(process.env.ENGINES_PORT ?? 9430);
if (!Number.isInteger(port) || port < 1024 || port > 65_000) throw new Error(`invalid ENGINES_PORT ${process.env.ENGINES_PORT}`);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The local server (scripts/serve.ts, as `npm run serve`), with its CSP reports and leads in our folder. */
async function startSite(sitePort: number, cspReports: string, leadsDir: string): Promise<ChildProcess> {
  if (!fs.existsSync(path.join(ROOT, "public/index.html")))
    throw new Error("no build in public/: run the e2e build first (npm run build:e2e)");
  if (
    await fetch(`http://localhost:${sitePort}/`).then(
      () => true,
      () => false,
    )
  )
    throw new Error(`port ${sitePort} is taken: set ENGINES_PORT`);
  const site = spawn(process.execPath, serveArgs(["--port", String(sitePort), "--host", "localhost"]), {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1", CSP_REPORTS_FILE: cspReports, LEADS_DIR: leadsDir },
  });
  for (let i = 0; i < 150; i++) {
    if (site.exitCode !== null) throw new Error(`the local server exited (${site.exitCode})`);
    if (
      await fetch(`http://localhost:${sitePort}/robots.txt`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return site;
    await sleep(100);
  }
  throw new Error("the local server did not start");
}

/** The failures in what pages reported (and the protocol saw) during one scenario; console lines are only shown. */
function failures(reports: PageReport[], protocolErrors: string[]): { errors: string[]; csp: string[]; console: string[] } {
  const of = (kind: PageReport["kind"]) => reports.filter((r) => r.kind === kind).map((r) => `${r.page}: ${r.text}`);
  return { errors: [...of("error"), ...protocolErrors.map((e) => `(protocol) ${e}`)], csp: of("csp"), console: of("console") };
}

/** Distinct lines with their counts, at most 8 of them. */
function summary(label: string, lines: string[]): string[] {
  const counts = new Map<string, number>();
  for (const line of lines) counts.set(line.slice(0, 300), (counts.get(line.slice(0, 300)) ?? 0) + 1);
  const distinct = [...counts].map(([line, n]) => `${label}: ${line}${n > 1 ? ` (×${n})` : ""}`);
  return distinct.length > 8 ? [...distinct.slice(0, 8), `${label}: … ${distinct.length - 8} more`] : distinct;
}

interface Result {
  engine: EngineName;
  scenario: string;
  status: "pass" | "fail" | "skip";
  ms: number;
  detail: string[];
}

async function openSession(engine: Engine, front: Front, scenario: Pick<Scenario, "viewport" | "consent">): Promise<Session> {
  const session = await engine.session(scenario.viewport);
  // a page of the origin, so the consent cookie can be written as the site writes it
  await session.goto(`${front.origin}/robots.txt`);
  if (scenario.consent === "granted") {
    const value = grantedConsentValue();
    await session.evaluate(`document.cookie = ${JSON.stringify(`${CONSENT_COOKIE}=${value}; path=/; SameSite=Strict`)}; return true`);
  }
  return session;
}

async function runScenario(engine: Engine, front: Front, scenario: Scenario, leadsDir: string): Promise<Result> {
  const started = Date.now();
  const detail: string[] = [];
  const session = await openSession(engine, front, scenario);
  const from = front.reports.length;
  const shots = path.join(out, engine.name);
  fs.mkdirSync(shots, { recursive: true });
  const slug = (name: string) => name.replace(/[^a-z0-9]+/gi, "-").toLowerCase();
  const ctx: Context = {
    engine,
    session,
    front,
    leadsDir,
    url: (pathname) => `${front.origin}${pathname}`,
    async visit(pathname) {
      await session.goto(`${front.origin}${pathname}`);
      await ctx.waitFor(`${pathname} hydrates`, `return document.documentElement.hasAttribute("data-hydrated")`, 30_000);
    },
    async waitFor<T>(what: string, body: string, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      let last: unknown;
      for (;;) {
        try {
          const value = await session.evaluate<T>(body);
          if (value) return value;
          last = value;
        } catch (error) {
          last = error instanceof Error ? error.message.split("\n")[0] : error;
        }
        if (Date.now() > deadline) throw new Error(`timed out (${timeoutMs} ms): ${what} (last: ${String(last)})`);
        await sleep(100);
      }
    },
    shot: (name) => session.screenshot(path.join(shots, `${slug(scenario.name).slice(0, 40)}-${slug(name)}.png`)),
    note: (text) => detail.push(text),
  };
  let status: Result["status"] = "pass";
  try {
    const skip = scenario.skip ? await scenario.skip(ctx) : null;
    if (skip) {
      status = "skip";
      detail.push(skip);
    } else await scenario.run(ctx);
  } catch (error) {
    status = "fail";
    detail.push(error instanceof Error ? error.message.split("\n")[0] : String(error));
    await ctx.shot("failure").catch(() => undefined);
  }
  await sleep(300); // the last beacons
  const seen = failures(front.reports.slice(from), session.protocolErrors());
  await session.close().catch(() => undefined);
  if (seen.errors.length || seen.csp.length) status = "fail";
  detail.push(
    ...summary("JavaScript error", seen.errors),
    ...summary("CSP violation", seen.csp),
    ...summary("console.error (not failing)", seen.console),
  );
  return { engine: engine.name, scenario: scenario.name, status, ms: Date.now() - started, detail };
}

/**
 * The self-check's page per engine: a page no scenario visits, one per engine, because WebKit's reports leave
 * out the query (the self-check parameter) and name only the page; a path tells the engines' reports apart.
 */
const SELF_CHECK_PAGES: Record<EngineName, string> = { chromium: "/legal/baa/subcontractor/", firefox: "/dei/", webkit: "/classes/" };
const pathOf = (url: string) => new URL(url, "http://x").pathname;

/** The self-check: a copy of a page with a refused inline script and a throw must show both as failures. */
async function selfCheck(engine: Engine, front: Front): Promise<Result> {
  const started = Date.now();
  const session = await openSession(engine, front, { viewport: DESKTOP, consent: "granted" });
  const from = front.reports.length;
  await session.goto(`${front.origin}${SELF_CHECK_PAGES[engine.name]}?${SELF_CHECK_PARAM}=${engine.name}`);
  const deadline = Date.now() + 10_000;
  let seen = failures([], []);
  while (Date.now() < deadline) {
    seen = failures(front.reports.slice(from), session.protocolErrors());
    if (seen.errors.length && seen.csp.length) break;
    await sleep(200);
  }
  const ran = await session.evaluate<boolean>(`return window.__enginesUnhashedRan === true`);
  await session.close().catch(() => undefined);
  const detail = [
    `errors seen: ${seen.errors.length}`,
    `CSP violations seen: ${seen.csp.length}`,
    ...(ran ? ["the refused inline script ran"] : []),
  ];
  const ok = seen.errors.length > 0 && seen.csp.length > 0 && !ran;
  return {
    engine: engine.name,
    scenario: "self-check: an injected violation and error are caught",
    status: ok ? "pass" : "fail",
    ms: Date.now() - started,
    detail,
  };
}

async function launch(name: EngineName): Promise<Engine> {
  if (name === "webkit") return launchWebKit({ driverPort: port + 1, proxyPort: port, screen: DESKTOP });
  return launchPuppeteer(name, port);
}

/** The browsers' own CSP reports (report-uri / report-to), as the local server writes them when CSP_REPORTS_FILE is set. */
function browserReports(file: string): { documentURL: string; blockedURL?: string; effectiveDirective?: string }[] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { documentURL: string });
}

async function main() {
  fs.mkdirSync(out, { recursive: true });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "engines-"));
  const cspFile = path.join(work, "csp-reports.jsonl");
  const leadsDir = path.join(work, "leads");
  const site = await startSite(port + 9, cspFile, leadsDir);
  const front = await startFront({ port, backend: `http://localhost:${port + 9}` });
  const policy = (await fetch(`${front.origin}/`).then((r) => r.headers.get("content-security-policy"))) ?? "";
  const reporting = /report-(uri|to)\b/.test(policy);
  const results: Result[] = [];
  const started = Date.now();
  try {
    for (const name of engines) {
      const launchedAt = Date.now();
      const engine = await launch(name);
      console.log(`\n${name}: ${engine.version} (started in ${Date.now() - launchedAt} ms${engine.touch ? "" : ", taps are clicks"})`);
      // an engine whose requests cannot reach the stand-ins is fenced to the origin (Front.setFenced)
      front.setFenced(!engine.thirdPartyStandIns);
      try {
        const check = await selfCheck(engine, front);
        results.push(check);
        print(check);
        for (const scenario of SCENARIOS.filter((s) => !only || s.name.includes(only))) {
          const result = await runScenario(engine, front, scenario, leadsDir);
          results.push(result);
          print(result);
        }
      } finally {
        await engine.close();
      }
    }
    if (reporting) {
      // Browsers send CSP reports on their own schedule (Chromium batches report-to): wait for each engine's self-check one.
      const deadline = Date.now() + 70_000;
      const reported = (engine: EngineName) => browserReports(cspFile).some((r) => pathOf(r.documentURL) === SELF_CHECK_PAGES[engine]);
      while (Date.now() < deadline && !engines.every(reported)) await sleep(500);
      const reports = browserReports(cspFile);
      for (const engine of engines)
        results.push({
          engine,
          scenario: "the browser reported the self-check's violation to the CSP endpoint",
          status: reported(engine) ? "pass" : "fail",
          ms: 0,
          detail: [],
        });
      const selfChecks = new Set(Object.values(SELF_CHECK_PAGES));
      const unexpected = reports.filter((r) => !selfChecks.has(pathOf(r.documentURL)));
      results.push({
        engine: engines[0],
        scenario: "no CSP report from any other page (all engines)",
        status: unexpected.length ? "fail" : "pass",
        ms: 0,
        detail: unexpected.map((r) => `${r.documentURL}: ${r.effectiveDirective} blocked ${r.blockedURL}`),
      });
      print(results.at(-1)!);
    } else console.log("\n(the policy has no report-uri/report-to: violations are seen in the page only)");
  } finally {
    await front.close();
    site.kill("SIGTERM");
  }
  const failed = results.filter((r) => r.status === "fail");
  console.log(
    `\n${results.filter((r) => r.status === "pass").length} passed, ${failed.length} failed, ${results.filter((r) => r.status === "skip").length} skipped in ${((Date.now() - started) / 1000).toFixed(1)} s; screenshots in ${out}`,
  );
  if (failed.length) {
    for (const r of failed) console.log(`FAILED ${r.engine}: ${r.scenario}\n  ${r.detail.join("\n  ")}`);
    process.exit(1);
  }
}

function print(r: Result) {
  const mark = r.status === "pass" ? "✓" : r.status === "skip" ? "-" : "✗";
  console.log(
    `  ${mark} ${r.engine} ${r.scenario} (${(r.ms / 1000).toFixed(1)} s)${r.detail.length ? `\n      ${r.detail.join("\n      ")}` : ""}`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
