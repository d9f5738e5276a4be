/**
 * Fails when a built page breaks a budget of docs/architecture.md#first-load-javascript (run after `gatsby build`):
 * first-load JS above 110 KB gzip, a render-blocking third-party script or stylesheet, a script the
 * browser fetches before the page's largest paint (docs/page-load.md), or (a Netlify
 * build) a `_headers` file above HOST_RULES_BUDGET (Netlify builds fail on very large ones), head inline
 * scripts above HEAD_SCRIPTS_BUDGET or an early script above EARLY_SCRIPT_BUDGET (docs/page-load.md#the-first-second),
 * or a page whose HTML needs more round trips than its script-free floor (docs/page-load.md#the-first-window;
 * counted through the local server, so it needs the build's header table beside public/).
 * Prints the heaviest page per template. Usage: tsx scripts/check-budgets.ts [publicDir]
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
  FIRST_WINDOW_BYTES,
  FIRST_WINDOW_MARGIN,
  measureFirstWindow,
  tightest,
  withHeaderTable,
  withoutThirdPartyHosts,
} from "./lib/first-window";
import { readThirdPartySettings } from "../src/config/third-party";
import { HEADERS_MANIFEST, readHeadersManifest } from "../src/node/hosting/security-headers";

const publicDir = path.resolve(process.argv[2] ?? "public");
const pages = measureSite(publicDir);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
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

/**
 * The first window, counted on what the local server sends (it needs the build root, public/'s parent, and
 * its header table), with the headers of the configuration `npm run bench` measures: no third-party hosts
 * in the policy. With this build's own headers (on the test build, every third-party script configured) the
 * count is printed too, with the bytes the pages past the window are missing: not a budget yet, as no header
 * block the policy can shrink to without weakening it fits the tightest pages (docs/page-load.md#the-first-window).
 */
async function firstWindow(): Promise<string[]> {
  const root = path.dirname(publicDir);
  if (!fs.existsSync(path.join(root, HEADERS_MANIFEST))) {
    console.log(`first window: not counted, ${path.join(root, HEADERS_MANIFEST)} is missing (the headers are part of the count)`);
    return [];
  }
  const own = readHeadersManifest(root);
  const bench = withoutThirdPartyHosts(own, readThirdPartySettings());
  const counts = await measureFirstWindow(root, { headerRules: bench });
  const bytes = (n: number) => n.toLocaleString("en-US");
  console.log(`first window (${bytes(FIRST_WINDOW_BYTES)} bytes, margin ${FIRST_WINDOW_MARGIN}), tightest pages whose floor fits it:`);
  for (const c of tightest(counts))
    console.log(
      `${bytes(c.spare).padStart(7)} spare  ${c.path}  (${bytes(c.pageBytes)} bytes, headers ${bytes(c.headerBytes)}; floor ${bytes(c.floorBytes)})`,
    );
  const over = counts.filter((c) => !c.pass);
  console.log(`first window: ${counts.length} pages, ${over.length} need more round trips than their floor`);
  const configured = withHeaderTable(counts, bench, own);
  const headers = configured[0]?.headerBytes ?? 0;
  if (headers !== counts[0]?.headerBytes) {
    const short = configured.filter((c) => !c.pass).sort((x, y) => x.spare - y.spare);
    console.log(
      `first window with this build's own headers (${bytes(headers)} bytes, its third-party hosts in the policy): ` +
        `${short.length} pages need more round trips than their floor (not a budget yet: see docs/page-load.md#the-first-window)`,
    );
    // what each is missing: the bytes past the first window, with the margin
    for (const c of short.slice(-5).reverse())
      console.log(
        `${bytes(FIRST_WINDOW_MARGIN - c.spare).padStart(7)} missing  ${c.path}  (${bytes(c.pageBytes)} bytes; floor ${bytes(c.floorBytes)})`,
      );
    if (short.length > 5)
      console.log(`  … and ${short.length - 5} more, up to ${bytes(FIRST_WINDOW_MARGIN - short[0].spare)} bytes missing`);
  }
  return over.map((c) => c.message!);
}

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
