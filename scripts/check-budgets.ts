/**
 * Fails when a built page breaks a budget of docs/architecture.md#first-load-javascript (run after `gatsby build`):
 * first-load JS above 110 KB gzip, a render-blocking third-party script or stylesheet, a script the
 * browser fetches before the page's largest paint (docs/page-load.md), or (a Netlify
 * build) a `_headers` file above HOST_RULES_BUDGET (Netlify builds fail on very large ones), head inline
 * scripts above HEAD_SCRIPTS_BUDGET or an early script above EARLY_SCRIPT_BUDGET (docs/page-load.md#the-first-second),
 * or a page whose scripts add more than SCRIPT_ALLOWANCE bytes to its script-free floor or cost it a round trip with
 * production's headers, on any build (docs/page-load.md#the-first-window;
 * counted through the local server, so it needs the build's header table beside public/).
 * Prints the heaviest page per template. Usage: tsx scripts/check-budgets.ts [publicDir] [--first-window-only]
 */
import fs from "node:fs";
import path from "node:path";
import {
  EARLY_SCRIPT_BUDGET,
  FIRST_LOAD_JS_BUDGET,
  HEAD_SCRIPTS_BUDGET,
  HOST_RULES_BUDGET,
  earlyScriptSize,
  measureSite,
} from "./lib/budgets";
import {
  FIRST_WINDOW_MARGIN,
  SCRIPT_ALLOWANCE,
  edgeBytes,
  headerConfigurations,
  measureFirstWindow,
  overFloorTrips,
  tightest,
  withHeaderTable,
  type WindowCount,
} from "./lib/first-window";
import { readThirdPartySettings } from "../src/config/third-party";
import { HEADERS_MANIFEST, readHeadersManifest } from "../src/node/hosting/security-headers";

const args = process.argv.slice(2);
/** `--first-window-only`: the consent builds (scripts/test-consent-builds.ts), whose other budgets CI's main build checks. */
const firstWindowOnly = args.includes("--first-window-only");
const publicDir = path.resolve(args.find((a) => !a.startsWith("--")) ?? "public");
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

function otherBudgets(): string[] {
  const pages = measureSite(publicDir);
  const worstPerTemplate = new Map<string, (typeof pages)[number]>();
  for (const page of pages) {
    const current = worstPerTemplate.get(page.template);
    if (!current || page.firstLoadJs > current.firstLoadJs) worstPerTemplate.set(page.template, page);
  }
  for (const page of [...worstPerTemplate.values()].sort((a, b) => b.firstLoadJs - a.firstLoadJs))
    console.log(`${kb(page.firstLoadJs).padStart(9)}  ${page.path}  (${page.template.replace(/^component---/, "")})`);

  const failures = [
    ...pages
      .filter((p) => p.firstLoadJs > FIRST_LOAD_JS_BUDGET)
      .map((p) => `${p.path}: first-load JS ${kb(p.firstLoadJs)} > ${kb(FIRST_LOAD_JS_BUDGET)}`),
    ...pages.filter((p) => p.blocking.length).map((p) => `${p.path}: render-blocking third-party ${p.blocking.join(", ")}`),
    // Gatsby's app scripts wait in a template until the largest paint is on screen (src/ssr/deferred-app-scripts.tsx)
    ...pages
      .filter((p) => p.earlyScripts.length)
      .map((p) => `${p.path}: fetches ${p.earlyScripts.join(", ")} before its largest paint (outside the deferred scripts template)`),
    ...pages
      .filter((p) => p.headScripts > HEAD_SCRIPTS_BUDGET)
      .map((p) => `${p.path}: inline head scripts ${kb(p.headScripts)} > ${kb(HEAD_SCRIPTS_BUDGET)}`),
  ];
  const heaviestHead = pages.reduce((a, b) => (b.headScripts > a.headScripts ? b : a), pages[0]);
  if (heaviestHead)
    console.log(`inline head scripts: at most ${kb(heaviestHead.headScripts)} (${heaviestHead.path}; budget ${kb(HEAD_SCRIPTS_BUDGET)})`);
  const early = earlyScriptSize(publicDir);
  if (early) {
    console.log(`early script: ${kb(early.gzip)} (${early.src}; budget ${kb(EARLY_SCRIPT_BUDGET)})`);
    if (early.gzip > EARLY_SCRIPT_BUDGET) failures.push(`${early.src} is ${kb(early.gzip)} > ${kb(EARLY_SCRIPT_BUDGET)}`);
  } else failures.push("no early script in public/static: the first second has no attribution nor early controls");
  const headersFile = path.join(publicDir, "_headers");
  if (fs.existsSync(headersFile)) {
    const size = fs.statSync(headersFile).size;
    console.log(`_headers: ${kb(size)} (budget ${kb(HOST_RULES_BUDGET)})`);
    if (size > HOST_RULES_BUDGET) failures.push(`_headers is ${kb(size)} > ${kb(HOST_RULES_BUDGET)}: a rule per file is back`);
  }
  console.log(`${pages.length} pages, budget ${kb(FIRST_LOAD_JS_BUDGET)} first-load JS`);
  return failures;
}

/**
 * The first window, counted on what the local server sends (it needs the build root, public/'s parent, and
 * its header table). Two budgets (docs/page-load.md#the-first-window): every page's scripts add at most
 * SCRIPT_ALLOWANCE bytes to its floor, which no header block changes; and no page
 * needs more round trips than its floor with production's headers, on every build. The other blocks' are printed.
 */
async function firstWindow(): Promise<string[]> {
  const root = path.dirname(publicDir);
  if (!fs.existsSync(path.join(root, HEADERS_MANIFEST))) {
    console.log(`first window: not counted, ${path.join(root, HEADERS_MANIFEST)} is missing (the headers are part of the count)`);
    return [];
  }
  const own = readHeadersManifest(root);
  const counts = await measureFirstWindow(root, { headerRules: own });
  const bytes = (n: number) => n.toLocaleString("en-US");
  console.log(
    `first window: the scripts may add ${bytes(SCRIPT_ALLOWANCE)} bytes to a page's floor (margin ${FIRST_WINDOW_MARGIN}); the least room left:`,
  );
  for (const c of tightest(counts))
    console.log(
      `${bytes(c.room).padStart(7)} room  ${c.path}  (scripts ${bytes(c.scriptBytes)} bytes; HTML ${bytes(c.pageBytes - c.headerBytes)} as sent)`,
    );
  const over = counts.filter((c) => !c.pass);
  console.log(`first window: ${counts.length} pages, ${over.length} over the allowance`);
  const extraTrips: string[] = [];
  const notJudged: string[] = [];
  const settings = readThirdPartySettings();
  // The round trip is judged with production's headers on every build: a page of any supported configuration may
  // not need a round trip more than its floor where production serves it (docs/page-load.md#the-first-window).
  for (const { name, rules, production } of headerConfigurations(own, settings)) {
    const judged = withHeaderTable(counts, own, rules);
    const extra = overFloorTrips(judged).sort((a, b) => b.pageBytes - b.floorBytes - (a.pageBytes - a.floorBytes));
    const worst = extra.length ? `; the most bytes over the edge: ${worstOver(extra)}` : `; the least to spare: ${leastSpare(judged)}`;
    console.log(
      `  headers of ${name} (${bytes(judged[0]?.headerBytes ?? 0)} bytes): ${extra.length} ${extra.length === 1 ? "page needs" : "pages need"} ` +
        `one more round trip than their floor${worst}; the floor nearest past an edge: ${nearestPast(judged)}`,
    );
    for (const c of extra)
      (production ? extraTrips : notJudged).push(
        `${c.path}: with the headers of ${name}, ${bytes(c.pageTrips)} round trips against its floor's ${bytes(c.floorTrips)} ` +
          `(page ${bytes(c.pageBytes)} bytes as sent with the margin of ${FIRST_WINDOW_MARGIN}, floor ${bytes(c.floorBytes)})`,
      );
  }
  if (notJudged.length) console.log(`round trips printed, not judged (not production's headers):\n${notJudged.join("\n")}`);
  return [...over.map((c) => c.message!), ...extraTrips];
}

/** The page whose scripts come closest to costing a round trip, with the bytes left before the edge. */
function leastSpare(judged: readonly WindowCount[]): string {
  const spare = (c: WindowCount) => edgeBytes(c.floorTrips) - c.pageBytes - FIRST_WINDOW_MARGIN;
  const least = judged.reduce((a, b) => (spare(b) < spare(a) ? b : a));
  return `${least.path} (${spare(least).toLocaleString("en-US")} bytes)`;
}

/**
 * The page whose floor sits closest past a window's edge, with the bytes past it: the next to fall into the zone
 * when a cut moves its family's floors (docs/page-load.md#the-first-window).
 */
function nearestPast(judged: readonly WindowCount[]): string {
  const past = (c: WindowCount) => c.floorBytes - edgeBytes(c.floorTrips - 1);
  const beyond = judged.filter((c) => c.floorTrips > 1);
  if (!beyond.length) return "none (every floor fits the first window)";
  const nearest = beyond.reduce((a, b) => (past(b) < past(a) ? b : a));
  return `${nearest.path} (${past(nearest).toLocaleString("en-US")} bytes)`;
}

/** The page furthest past the window edge its floor fits in, with the bytes past it. */
function worstOver(extra: readonly WindowCount[]): string {
  const past = (c: WindowCount) => c.pageBytes + FIRST_WINDOW_MARGIN - edgeBytes(c.floorTrips);
  const worst = extra.reduce((a, b) => (past(b) > past(a) ? b : a));
  return `${worst.path} (${past(worst).toLocaleString("en-US")} bytes)`;
}

const failures = firstWindowOnly ? [] : otherBudgets();
void firstWindow().then(
  (more) => {
    failures.push(...more);
    if (failures.length) {
      console.error(failures.join("\n"));
      process.exit(1);
    }
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
