/**
 * `npm run bench -- --vendors` (docs/page-load.md#vendors-at-their-weight-npm-run-bench------vendors): the site with
 * every vendor script at its real weight, on the phone profile, next to the same site with every vendor answered
 * empty, in one run.
 *
 *   npm run bench -- --vendors [--root <built site>] [--paths /,/pricing/,/help-desk-staffing-calculator/]
 *     [--seed 45] [--taps 20] [--loads 4] [--runs 7] [--port 9400] [--only <control name or path>]
 *     [--no-controls] [--no-pages] [--out vendors] [--strict]
 *
 * The build must be production-like (npm run build:e2e: every vendor configured, tests/e2e/third-party.env);
 * `--root` is a directory with its public/ and .cache/security-headers.json. The site is served as the
 * marketing host (www.northdesk.com, resolved to loopback), where analytics are live (src/browser/hosts.ts),
 * with the visitor's consent stored (the `nd_consent` cookie, as tests/e2e/fixtures.ts sets it). Every vendor
 * address is answered by a stand-in (stand-ins.ts) burning its HTTP Archive weight (weights.ts), or by an
 * empty one; every other address off the site is refused.
 *
 * Per page (median of --runs loads per mode): total blocking time from FCP until every vendor is ready, each
 * vendor's start and page view (ms after the load event), the largest paint against the page's script-free
 * floor (scripts/bench/floor.ts) under the same throttling. Per control: interaction latency (Event Timing,
 * input delay included) for real input at --taps seeded moments 0–15 s after the load event, over --loads
 * loads. Writes bench-results/<out>.{json,md}; prints PASS/FAIL per budget; exits non-zero on a FAIL only with
 * --strict.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from "@playwright/test";
import { startBenchServer, type BenchServer } from "../server";
import { BENCH_CHROMIUM_FLAGS, benchChromiumPath } from "../chrome";
import { CONSENT_COOKIE, CONSENT_TEXT_VERSION, serializeRecord } from "../../../src/lib/consent-model";
import { readPublicHosts } from "../../../src/config/hosts";
import { readThirdPartySettings } from "../../../src/config/third-party";
import { thirdPartyScripts } from "../../../src/browser/vendor-loader";
import { onIntent, type ScriptIds, type VendorId } from "../../../src/vendors/catalog";
import { lookUpWeights, readThirdPartyWeb, type VendorWeight } from "./weights";
import { CLICK_BURN_MS, PAGE_VIEW_VENDORS, standInScript, vendorForUrl } from "./stand-ins";
import { probeScript, READ_PROBE, type Probe } from "./probe";
import { CONTROLS, VIEWPORTS, dispatchInput, emulateTouch, moveAway, type Control, type Point, type Viewport } from "./input";
import {
  busyWith,
  interactions,
  matchInputs,
  median,
  quantile,
  seededMoments,
  splitIntoLoads,
  totalBlockingTime,
  type Interaction,
} from "./metrics";
import { PHONE_CPU_SLOWDOWN, PHONE_NETWORK, applyPhoneThrottling } from "../phone";

const REPO = path.resolve(__dirname, "../../..");
const ENV_FILE = path.join(REPO, "tests/e2e/third-party.env");

/** A vendor request waits this long before its stand-in answers (the emulated round trip, which an intercepted request does not get). */
const VENDOR_RTT_MS = 150;

/** Budgets (docs/page-load.md#vendors-at-their-weight-npm-run-bench------vendors). */
const BUDGET = { p75: 200, max: 500, empty: 200, vendorMs: 8000, floorRatio: 1.15 };
/** The moments are drawn from [0, MOMENTS_TO_MS) after the load event. */
const MOMENTS_TO_MS = 15_000;
/** How long after the last input a control's load waits for its Event Timing entries (once more if the last has none yet). */
const SETTLE_MS = 1000;
/** A page load waits at most this long after its load event for every vendor to be ready. */
const READY_TIMEOUT_MS = 30_000;

type Mode = "empty" | "weight";
const MODES: readonly Mode[] = ["empty", "weight"];

const epochNow = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const round = (n: number | undefined | null) => (n === undefined || n === null || Number.isNaN(n) ? undefined : Math.round(n));

interface Options {
  root: string;
  paths: string[];
  seed: number;
  taps: number;
  loads: number;
  runs: number;
  port: number;
  out: string;
  only?: string;
  controls: boolean;
  pages: boolean;
  strict: boolean;
}

function parseOptions(argv: readonly string[]): Options {
  const arg = (name: string) => {
    const at = argv.indexOf(`--${name}`);
    return at < 0 ? undefined : argv[at + 1];
  };
  return {
    root: path.resolve(arg("root") ?? REPO),
    paths: (arg("paths") ?? "/,/pricing/,/help-desk-staffing-calculator/").split(",").filter(Boolean),
    seed: Number(arg("seed") ?? 45),
    taps: Math.max(1, Number(arg("taps") ?? 20)),
    loads: Math.max(1, Number(arg("loads") ?? 4)),
    // Seven: with three, the medians of page and floor moved by ±40 ms between runs of the same build, and the
    // ratio with them (docs/page-load.md, "Per page").
    runs: Math.max(1, Number(arg("runs") ?? 7)),
    port: Number(arg("port") ?? 9400),
    out: arg("out") ?? "vendors",
    only: arg("only"),
    controls: !argv.includes("--no-controls"),
    pages: !argv.includes("--no-pages"),
    strict: argv.includes("--strict"),
  };
}

/** The e2e build's GATSBY_* values (the build measured was made with them). */
function loadBuildEnv(): void {
  for (const line of fs.readFileSync(ENV_FILE, "utf8").split("\n")) {
    const match = /^\s*(GATSBY_[A-Z0-9_]+)=(.*)$/.exec(line);
    if (match && process.env[match[1]] === undefined) process.env[match[1]] = match[2].trim();
  }
}

/** The stored choice, everything granted (tests/e2e/fixtures.ts consentCookie). */
function consentCookie(origin: string) {
  const record = {
    id: "0f0e0d0c-0b0a-4908-8706-050403020100",
    at: Date.now(),
    policy: "opt-in" as const,
    version: CONSENT_TEXT_VERSION,
    choices: { preferences: true, analytics: true, marketing: true },
    method: "accept-all" as const,
  };
  return { name: CONSENT_COOKIE, value: serializeRecord(record), url: origin, sameSite: "Strict" as const };
}

interface Setup {
  browser: Browser;
  siteOrigin: string;
  floorOrigin: string;
  weights: Map<VendorId, number>;
  /** The build's vendor ids (its environment): which stand-in answers an address. */
  ids: ScriptIds;
}

interface Session {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  /** Vendor ids requested, in order. */
  requested: VendorId[];
}

/** A fresh context (a first visit) with the phone profile's throttling, the consent cookie and the vendors answered. */
async function openSession(
  setup: Setup,
  { viewport, mode, origin, init }: { viewport: Viewport; mode: Mode | "none"; origin: string; init: string },
): Promise<Session> {
  const { width, height, hasTouch, isMobile } = VIEWPORTS[viewport];
  const context = await setup.browser.newContext({ viewport: { width, height }, hasTouch, isMobile });
  await context.addCookies([consentCookie(origin)]);
  const requested: VendorId[] = [];
  // Every address off the site (a RegExp, matched by Playwright itself: tests/e2e/fixtures.ts offOrigin).
  await context.route(new RegExp(`^(?!${escapeRegExp(origin)}(?:[/?#]|$))`), async (route) => {
    const request = route.request();
    const id = vendorForUrl(request.url(), setup.ids);
    if (!id || mode === "none" || request.resourceType() !== "script") return route.abort().catch(() => {});
    requested.push(id);
    const burnMs = mode === "weight" ? (setup.weights.get(id) ?? 0) : 0;
    const clickBurnMs = mode === "weight" ? (CLICK_BURN_MS[id] ?? 0) : 0;
    await sleep(VENDOR_RTT_MS);
    await route.fulfill({ status: 200, contentType: "text/javascript", body: standInScript(id, { burnMs, clickBurnMs }) }).catch(() => {});
  });
  await context.addInitScript({ content: init });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await applyPhoneThrottling(cdp);
  if (hasTouch) await emulateTouch(cdp);
  return { context, page, cdp, requested };
}

async function readProbe(cdp: CDPSession): Promise<Probe> {
  const { result } = (await cdp.send("Runtime.evaluate", { expression: READ_PROBE, returnByValue: true })) as { result: { value: Probe } };
  return result.value;
}

interface VendorTimes {
  start?: number;
  ready?: number;
  pageView?: number;
}

interface LoadRun {
  mode: Mode;
  fcp?: number;
  lcp?: number;
  /** ms after navigation start */
  loadEvent?: number;
  /** ms after navigation start, when the last expected vendor was ready */
  allReady?: number;
  tbt?: number;
  /** Per vendor, ms after the load event. */
  vendors: Partial<Record<VendorId, VendorTimes>>;
  missing: VendorId[];
}

/** One load of a page: TBT from FCP until every expected vendor is ready, LCP, the vendors' times. */
async function measureLoad(setup: Setup, pagePath: string, mode: Mode, expected: readonly VendorId[]): Promise<LoadRun> {
  const session = await openSession(setup, { viewport: "phone", mode, origin: setup.siteOrigin, init: probeScript() });
  try {
    await session.page.goto(`${setup.siteOrigin}${pagePath}`, { waitUntil: "load", timeout: 90_000 });
    const loadedAt = epochNow();
    let probe = await readProbe(session.cdp);
    const ready = (p: Probe) => expected.every((id) => p.vendors[id]?.ready !== undefined);
    while (!ready(probe) && epochNow() - loadedAt < READY_TIMEOUT_MS) {
      await sleep(250);
      probe = await readProbe(session.cdp);
    }
    await sleep(300);
    probe = await readProbe(session.cdp);
    const load = probe.loadEventStart ?? undefined;
    const readyTimes = expected.map((id) => probe.vendors[id]?.ready).filter((t): t is number => t !== undefined);
    const missing = expected.filter((id) => probe.vendors[id]?.ready === undefined);
    const allReady = missing.length === 0 ? Math.max(load ?? 0, ...readyTimes) : undefined;
    const after = (t: number | undefined) => (t === undefined || load === undefined ? undefined : round(t - load));
    const vendors: LoadRun["vendors"] = {};
    for (const [id, times] of Object.entries(probe.vendors))
      vendors[id as VendorId] = { start: after(times.start), ready: after(times.ready), pageView: after(times.pageView) };
    return {
      mode,
      fcp: round(probe.fcp),
      lcp: round(probe.lcp),
      loadEvent: round(load),
      allReady: round(allReady),
      tbt: probe.fcp !== undefined ? round(totalBlockingTime(probe.longTasks, probe.fcp, allReady ?? probe.now)) : undefined,
      vendors,
      missing,
    };
  } finally {
    await session.context.close();
  }
}

/** One load of the page's floor (its HTML without scripts), same profile: the largest paint. */
async function measureFloor(setup: Setup, pagePath: string): Promise<number | undefined> {
  const session = await openSession(setup, { viewport: "phone", mode: "none", origin: setup.floorOrigin, init: probeScript() });
  try {
    await session.page.goto(`${setup.floorOrigin}${pagePath}`, { waitUntil: "load", timeout: 90_000 });
    await sleep(500);
    return round((await readProbe(session.cdp)).lcp);
  } finally {
    await session.context.close();
  }
}

/** The control's centre in CSS pixels, from an unthrottled load (its place does not depend on timing). */
async function locate(setup: Setup, control: Control): Promise<Point | undefined> {
  if (control.kind === "type") return undefined;
  const { width, height, hasTouch, isMobile } = VIEWPORTS[control.viewport];
  const context = await setup.browser.newContext({ viewport: { width, height }, hasTouch, isMobile });
  try {
    await context.addCookies([consentCookie(setup.siteOrigin)]);
    await context.route(new RegExp(`^(?!${escapeRegExp(setup.siteOrigin)}(?:[/?#]|$))`), (route) => route.abort().catch(() => {}));
    const page = await context.newPage();
    await page.goto(`${setup.siteOrigin}${control.path}`, { waitUntil: "load" });
    const box = await page.locator(control.selector).first().boundingBox();
    return box ? { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) } : undefined;
  } finally {
    await context.close();
  }
}

interface Sample {
  /** The moment scheduled, ms after the load event. */
  scheduled: number;
  /** When the input reached the page, ms after its load event (page clock). */
  at?: number;
  /** Interaction latency, ms (Event Timing: the longest entry of the interaction, input delay included). */
  latency?: number;
  inputDelay?: number;
  /** The input arrived but its interaction took under 16 ms: no Event Timing entry. */
  under16?: boolean;
  /** The first input of its load (the first open of a menu can cost more than the next). */
  first?: boolean;
  /** What held the interaction up (from its input to its paint): a vendor's burn, "site" (another long task). */
  busyWith?: string;
  /** The input never reached the page, or reached it off the control (a tap beside it, a key outside the field). */
  lost?: boolean;
  load: number;
}

/** One load of a control's page with inputs at `moments` (ms after the load event). */
async function measureControlLoad(
  setup: Setup,
  control: Control,
  point: Point | undefined,
  mode: Mode,
  moments: readonly number[],
  load: number,
): Promise<{ samples: Sample[]; value: string | null; toggles: number }> {
  const init = probeScript({ controlSelector: control.selector, focusSelector: control.kind === "type" ? control.selector : undefined });
  const session = await openSession(setup, { viewport: control.viewport, mode, origin: setup.siteOrigin, init });
  try {
    await session.page.goto(`${setup.siteOrigin}${control.path}`, { waitUntil: "load", timeout: 90_000 });
    const loadedAt = epochNow();
    const dispatched: number[] = [];
    const pending: Promise<void>[] = [];
    let previous = -Infinity;
    for (const moment of moments) {
      if (control.kind === "click" && moment - previous > 700) {
        await sleep(loadedAt + moment - 300 - epochNow());
        pending.push(moveAway(session.cdp, epochNow()));
      }
      await sleep(loadedAt + moment - epochNow());
      const at = epochNow();
      dispatched.push(at);
      pending.push(dispatchInput(session.cdp, control, point, at));
      previous = moment;
    }
    await sleep(SETTLE_MS);
    await Promise.all(pending);
    let probe = await readProbe(session.cdp);
    const onPage = dispatched.map((epoch) => epoch - probe.timeOrigin);
    let matched = matchInputs(onPage, interactions(probe.events));
    if (matched.at(-1) === undefined) {
      // a slow last interaction reports its entry only after its paint
      await sleep(SETTLE_MS);
      probe = await readProbe(session.cdp);
      matched = matchInputs(onPage, interactions(probe.events));
    }
    const load0 = probe.loadEventStart ?? 0;
    const arrived = probe.inputs.filter((input) => input.type === (control.kind === "type" ? "keydown" : "pointerdown"));
    const value = (await session.cdp.send("Runtime.evaluate", {
      expression: `(function () { var el = document.querySelector(${JSON.stringify(control.selector)}); return el && "value" in el ? el.value : null; })()`,
      returnByValue: true,
    })) as { result: { value: string | null } };
    const vendorTasks = Object.fromEntries(Object.entries(probe.vendors).map(([id, v]) => [id, v.tasks]));
    const samples = moments.map((scheduled, i): Sample => {
      const interaction: Interaction | undefined = matched[i];
      // the input as the page's capture listener saw it: did it reach the control (the focused field)?
      const seen = arrived
        .filter((input) => Math.abs(input.at - (interaction?.startTime ?? onPage[i])) < 1000)
        .sort((a, b) => Math.abs(a.at - onPage[i]) - Math.abs(b.at - onPage[i]))[0];
      const start = interaction?.startTime ?? onPage[i];
      const at = round(start - load0);
      const busy = busyWith(start, start + (interaction?.latency ?? 0), vendorTasks, probe.longTasks);
      const context = { load, ...(i === 0 ? { first: true } : {}), ...(busy ? { busyWith: busy } : {}) };
      if (!seen || !seen.onControl)
        return { scheduled, at, lost: true, ...context, ...(interaction ? { latency: round(interaction.latency) } : {}) };
      if (interaction) return { scheduled, at, latency: round(interaction.latency), inputDelay: round(interaction.inputDelay), ...context };
      return { scheduled, at, latency: 16, under16: true, ...context };
    });
    return { samples, value: value.result.value, toggles: probe.toggles ?? 0 };
  } finally {
    await session.context.close();
  }
}

/**
 * Checks the method by hand, once per run: a tap about 100 ms into a 300 ms burn on an idle page must show what
 * was left of the burn in its latency (Event Timing rounds durations to 8 ms).
 */
async function selfCheck(setup: Setup): Promise<SelfCheck> {
  const control = CONTROLS[0];
  const point = await locate(setup, control);
  const session = await openSession(setup, {
    viewport: "phone",
    mode: "empty",
    origin: setup.siteOrigin,
    init: probeScript({ controlSelector: control.selector }),
  });
  try {
    await session.cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    await session.page.goto(`${setup.siteOrigin}${control.path}`, { waitUntil: "load" });
    await sleep(2500);
    await session.cdp.send("Runtime.evaluate", {
      expression:
        "window.__ndBurn = {}; setTimeout(function () { var b = window.__ndBurn; b.start = performance.now(); while (performance.now() < b.start + 300) {} b.end = performance.now(); }, 0)",
    });
    await sleep(100);
    const at = epochNow();
    await dispatchInput(session.cdp, control, point, at);
    await sleep(800);
    const probe = await readProbe(session.cdp);
    const burn = (await session.cdp.send("Runtime.evaluate", { expression: "window.__ndBurn", returnByValue: true })) as {
      result: { value: { start: number; end: number } };
    };
    const [found] = matchInputs([at - probe.timeOrigin], interactions(probe.events));
    const into = found ? found.startTime - burn.result.value.start : undefined;
    const left = found ? burn.result.value.end - found.startTime : undefined;
    const ok = found !== undefined && left !== undefined && found.latency >= left - 8 && found.inputDelay >= left - 8;
    return { latency: round(found?.latency), inputDelay: round(found?.inputDelay), into: round(into), left: round(left), ok };
  } finally {
    await session.context.close();
  }
}

interface SelfCheck {
  latency?: number;
  inputDelay?: number;
  /** How far into the burn the tap came, and how much of it was left. */
  into?: number;
  left?: number;
  ok: boolean;
}

interface PageResult {
  path: string;
  expected: VendorId[];
  runs: LoadRun[];
  floorLcp: number[];
}

interface ControlResult {
  control: Control;
  point?: Point;
  samples: Record<Mode, Sample[]>;
  /** A typing control's field at the end of each load (the keys typed landed in it). */
  values: Record<Mode, (string | null)[]>;
  /** A disclosure's aria-expanded changes per load (each input should open or close it). */
  toggles: Record<Mode, number[]>;
}

const selfCheckText = (c: SelfCheck) =>
  `a tap ${fmt(c.into)} ms into a 300 ms burn (${fmt(c.left)} ms of it left) measured ${fmt(c.latency)} ms, input delay ${fmt(c.inputDelay)} ms: ${c.ok ? "the burn shows in full" : "NOT the burn: the method is wrong"}`;
/** A load that fails (a navigation timing out on the busy machine) is tried once more before the run gives up. */
async function twice<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    console.warn(`${what}: ${(error as Error).message.split("\n")[0]}; once more`);
    return run();
  }
}

const fmt = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? "–" : String(Math.round(n)));
const med = (values: (number | undefined)[]) => median(values.filter((v): v is number => v !== undefined));
const worst = (values: (number | undefined)[]) => (values.some((v) => v === undefined) ? undefined : Math.max(...(values as number[])));
const latencies = (samples: Sample[]) => samples.map((s) => (s.lost ? Infinity : (s.latency ?? Infinity)));
const sampleText = (s: Sample) =>
  `${s.first ? "*" : ""}${fmt(s.at ?? s.scheduled)}:${s.lost ? `lost${s.latency ? `(${s.latency})` : ""}` : s.under16 ? "<16" : fmt(s.latency)}${s.busyWith ? `[${s.busyWith}]` : ""}`;

function report(
  options: Options,
  weights: VendorWeight[],
  version: string,
  pages: PageResult[],
  controls: ControlResult[],
  check: SelfCheck,
  elapsedS: number,
) {
  const lines: string[] = [];
  const verdicts: { ok: boolean; text: string }[] = [];
  const verdict = (ok: boolean, text: string) => verdicts.push({ ok, text });

  lines.push(`# Vendors at their weight ${new Date().toISOString()}`, "");
  lines.push(
    `Phone profile by CDP: ${PHONE_CPU_SLOWDOWN}× CPU, ${PHONE_NETWORK.latency} ms latency, ${PHONE_NETWORK.downloadThroughput} B/s down, ${PHONE_NETWORK.uploadThroughput} B/s up; 375×812 touch (desktop controls 1440×900). ` +
      `Root ${options.root}; ${os.cpus().length} CPUs, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")} at the end; ${Math.round(elapsedS)} s. ` +
      `Weights from third-party-web ${version}. Seed ${options.seed}, ${options.taps} moments over ${options.loads} loads per control and mode.`,
    "",
  );
  lines.push(`Self-check: ${selfCheckText(check)}.`, "");

  lines.push("## Weights", "", "| vendor | wall-clock ms | source | issue 45 figure | note |", "|---|---|---|---|---|");
  for (const w of weights)
    lines.push(`| ${w.id} | ${w.ms} | ${w.source}${w.entity ? ` (${w.entity})` : ""} | ${w.issueMs ?? "–"} | ${w.note ?? ""} |`);
  lines.push("");

  lines.push(
    "## Pages",
    "",
    `Median of ${options.runs} loads per mode. TBT: long tasks' time over 50 ms from FCP until every vendor is ready. LCP observed under the throttling; floor: the same HTML without scripts, same profile.`,
    "",
    "| path | TBT empty | TBT weight | all ready (ms after load), weight | LCP empty | LCP weight | floor LCP | LCP ÷ floor (weight) |",
    "|---|---|---|---|---|---|---|---|",
  );
  for (const page of pages) {
    const by = (mode: Mode) => page.runs.filter((r) => r.mode === mode);
    const floor = med(page.floorLcp);
    const lcpWeight = med(by("weight").map((r) => r.lcp));
    const ratio = lcpWeight / floor;
    const readyAfterLoad = by("weight").map((r) =>
      r.allReady !== undefined && r.loadEvent !== undefined ? r.allReady - r.loadEvent : undefined,
    );
    lines.push(
      `| ${page.path} | ${fmt(med(by("empty").map((r) => r.tbt)))} | ${fmt(med(by("weight").map((r) => r.tbt)))} | ${fmt(med(readyAfterLoad))} | ${fmt(med(by("empty").map((r) => r.lcp)))} | ${fmt(lcpWeight)} | ${fmt(floor)} | ${Number.isFinite(ratio) ? ratio.toFixed(2) : "–"} |`,
    );
    verdict(
      ratio <= BUDGET.floorRatio,
      `${page.path}: LCP ÷ floor ${Number.isFinite(ratio) ? ratio.toFixed(2) : "–"} (≤ ${BUDGET.floorRatio})`,
    );
  }
  lines.push("");

  lines.push(
    "## Vendors (at weight)",
    "",
    "Times in ms after the load event; median of the loads, worst in brackets. Page view: the site's call (analytics, gtag config, GTM's gtm.js push), or the vendor's own at ready (HubSpot, Heap, the ad pixel).",
    "",
  );
  for (const page of pages) {
    const runs = page.runs.filter((r) => r.mode === "weight");
    lines.push(`### ${page.path}`, "", "| vendor | weight ms | start | page view | ready | within 8 s |", "|---|---|---|---|---|---|");
    for (const id of page.expected) {
      const of = (key: keyof VendorTimes) => runs.map((r) => r.vendors[id]?.[key]);
      const startWorst = worst(of("start"));
      const viewWorst = PAGE_VIEW_VENDORS.includes(id) ? worst(of("pageView")) : 0;
      const ok = startWorst !== undefined && startWorst <= BUDGET.vendorMs && viewWorst !== undefined && viewWorst <= BUDGET.vendorMs;
      const cell = (key: keyof VendorTimes) => `${fmt(med(of(key)))} (${fmt(worst(of(key)))})`;
      lines.push(
        `| ${id} | ${weights.find((w) => w.id === id)?.ms ?? "–"} | ${cell("start")} | ${PAGE_VIEW_VENDORS.includes(id) ? cell("pageView") : "none sent"} | ${cell("ready")} | ${ok ? "yes" : "NO"} |`,
      );
      verdict(
        ok,
        `${page.path} ${id}: started ${fmt(startWorst)} ms${PAGE_VIEW_VENDORS.includes(id) ? `, page view ${fmt(viewWorst)} ms` : ""} after load (≤ ${BUDGET.vendorMs})`,
      );
    }
    const unexpected = [...new Set(runs.flatMap((r) => Object.keys(r.vendors)))].filter((id) => !page.expected.includes(id as VendorId));
    if (unexpected.length)
      lines.push("", `Also ran (not expected on this page, e.g. loaded on intent by an older build): ${unexpected.join(", ")}.`);
    lines.push("");
  }

  if (controls.length) {
    lines.push(
      "## Interactions",
      "",
      `Interaction latency (Event Timing: the longest entry of the interaction, input delay included), ms, for input at ${options.taps} seeded moments 0–15 s after the load event. Samples: ms after load:latency ("<16": under the observer's threshold, counted as 16); * the first input of its load; [what ran between the input and its paint: the vendor whose burn overlapped most, or "site" for another long task].`,
      "",
      "| control | path | mode | p75 | max | samples |",
      "|---|---|---|---|---|---|",
    );
    for (const result of controls) {
      for (const mode of MODES) {
        const samples = result.samples[mode];
        const values = latencies(samples);
        const p75 = quantile(values, 0.75);
        const max = Math.max(...values);
        lines.push(
          `| ${result.control.name} | ${result.control.path} | ${mode} | ${fmt(p75)} | ${Number.isFinite(max) ? fmt(max) : "lost input"} | ${samples.map(sampleText).join(" ")} |`,
        );
        const label = `${result.control.name} ${result.control.path}`;
        if (mode === "weight")
          verdict(
            p75 <= BUDGET.p75 && max <= BUDGET.max,
            `${label} with vendors: p75 ${fmt(p75)} ms (≤ ${BUDGET.p75}), max ${fmt(max)} ms (≤ ${BUDGET.max})`,
          );
        else verdict(max <= BUDGET.empty, `${label} with no vendor: max ${fmt(max)} ms (≤ ${BUDGET.empty} at every moment)`);
      }
    }
    lines.push("");
  }

  lines.push("## Budget", "", ...verdicts.map((v) => `- ${v.ok ? "PASS" : "FAIL"} ${v.text}`), "");
  return { markdown: lines.join("\n"), failed: verdicts.filter((v) => !v.ok).length };
}

export async function benchVendors(argv: readonly string[]): Promise<void> {
  const started = epochNow();
  const options = parseOptions(argv);
  loadBuildEnv();
  const hosts = readPublicHosts();
  const ids = readThirdPartySettings().scriptIds;
  const { version, entities } = readThirdPartyWeb(REPO);
  const weights = lookUpWeights(entities, version);
  console.log(`vendor weights from third-party-web ${version} (wall-clock ms, the 4× slowdown included):`);
  for (const w of weights)
    console.log(
      `  ${w.id.padEnd(20)} ${String(w.ms).padStart(5)}  ${w.source}${w.entity ? ` (${w.entity})` : ""}${w.issueMs ? `, issue 45: ${w.issueMs}` : ""}${w.note ? `; ${w.note}` : ""}`,
    );
  console.log(
    `seed ${options.seed}: ${options.taps} moments 0–${MOMENTS_TO_MS} ms after load, ${options.loads} loads per control and mode`,
  );

  const publicDir = path.join(options.root, "public");
  if (!fs.existsSync(publicDir)) throw new Error(`no built site in ${options.root} (public/ missing): npm run build:e2e, or --root`);
  const marketing = hosts.marketing;
  const siteOrigin = `http://${marketing}:${options.port}`;
  const servers: BenchServer[] = [];
  servers.push(await startBenchServer({ root: options.root, port: options.port }));
  servers.push(await startBenchServer({ root: options.root, port: options.port + 1, floor: true }));
  const floorOrigin = `http://localhost:${options.port + 1}`;
  const browser = await chromium.launch({
    executablePath: benchChromiumPath(),
    args: [
      ...BENCH_CHROMIUM_FLAGS,
      // The marketing host, where analytics are live (src/browser/hosts.ts isProductionHost), on loopback; a
      // secure context as on https (service worker, crypto).
      `--host-resolver-rules=MAP ${marketing} 127.0.0.1`,
      `--unsafely-treat-insecure-origin-as-secure=${siteOrigin}`,
    ],
  });
  const setup: Setup = { browser, siteOrigin, floorOrigin, weights: new Map(weights.map((w) => [w.id, w.ms])), ids };
  try {
    const check = await selfCheck(setup);
    console.log(`self-check: ${selfCheckText(check)}`);

    const pages: PageResult[] = [];
    for (const pagePath of options.pages ? options.paths : []) {
      const html = fs.readFileSync(path.join(publicDir, pagePath, "index.html"), "utf8");
      // Every vendor the page loads by itself; one loaded on the visitor's intent only (the support widget) is not expected.
      const expected = thirdPartyScripts({ pathname: pagePath, hostname: marketing, config: { ids }, hosts })
        .map((s) => s.id)
        .filter((id) => !onIntent(id));
      const consentUrl = ids["consent-manager"];
      if (consentUrl && html.includes(consentUrl)) expected.unshift("consent-manager");
      const page: PageResult = { path: pagePath, expected, runs: [], floorLcp: [] };
      for (let i = 0; i < options.runs; i++) {
        for (const mode of MODES) {
          const run = await twice(`${pagePath} ${mode}`, () => measureLoad(setup, pagePath, mode, expected));
          page.runs.push(run);
          console.log(
            `${pagePath} ${mode} #${i + 1}: LCP ${fmt(run.lcp)}, TBT ${fmt(run.tbt)}, all ready ${run.allReady !== undefined && run.loadEvent !== undefined ? `${run.allReady - run.loadEvent} ms after load` : `never (missing ${run.missing.join(", ")})`}`,
          );
        }
        const floor = await twice(`${pagePath} floor`, () => measureFloor(setup, pagePath));
        page.floorLcp.push(floor ?? NaN);
        console.log(`${pagePath} floor #${i + 1}: LCP ${fmt(floor)}`);
      }
      if (!expected.includes("consent-manager"))
        console.log(`${pagePath}: no consent-manager script in this build (it is in the head only with GATSBY_CONSENT_PROVIDER)`);
      pages.push(page);
    }

    const controls: ControlResult[] = [];
    if (options.controls) {
      const moments = seededMoments(options.seed, options.taps, 0, MOMENTS_TO_MS);
      const groups = splitIntoLoads(moments, options.loads);
      const wanted = CONTROLS.filter((c) => !options.only || c.name.includes(options.only) || c.path === options.only);
      for (const control of wanted) {
        const point = await locate(setup, control);
        const result: ControlResult = {
          control,
          point,
          samples: { empty: [], weight: [] },
          values: { empty: [], weight: [] },
          toggles: { empty: [], weight: [] },
        };
        for (const [load, group] of groups.entries()) {
          for (const mode of MODES) {
            const { samples, value, toggles } = await twice(`${control.name} ${control.path} ${mode}`, () =>
              measureControlLoad(setup, control, point, mode, group, load),
            );
            result.samples[mode].push(...samples);
            result.values[mode].push(value);
            result.toggles[mode].push(toggles);
            console.log(
              `${control.name} ${control.path} ${mode} load ${load + 1}: ${samples.map(sampleText).join(" ")}${control.kind === "type" ? ` (field: ${JSON.stringify(value)})` : ` (${toggles} opened or closed)`}`,
            );
          }
        }
        controls.push(result);
      }
    }

    const elapsedS = (epochNow() - started) / 1000;
    const { markdown, failed } = report(options, weights, version, pages, controls, check, elapsedS);
    console.log(`\n${markdown}`);
    fs.mkdirSync(path.join(REPO, "bench-results"), { recursive: true });
    fs.writeFileSync(path.join(REPO, `bench-results/${options.out}.md`), markdown);
    fs.writeFileSync(
      path.join(REPO, `bench-results/${options.out}.json`),
      JSON.stringify({ options, thirdPartyWeb: version, weights, selfCheck: check, pages, controls, elapsedS }, null, 2),
    );
    console.log(`${failed ? `${failed} FAIL` : "all PASS"}; bench-results/${options.out}.{json,md}`);
    if (failed && options.strict) process.exitCode = 1;
  } finally {
    await browser.close();
    await Promise.all(servers.map((s) => s.close()));
  }
}
