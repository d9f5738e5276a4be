/**
 * `npm run test:contentful`: the site built through gatsby-source-contentful and the local Delivery API
 * emulator (tests/emulators/contentful) must equal the embedded build, and a second, incremental build
 * after one entry changes must pick up the change through the sync API.
 *
 * It compares against the embedded build already in public/ (scripts/test-all.sh builds it once for
 * e2e); with no public/, it builds the embedded site first. public/, .cache/ and the generated GraphQL
 * types are moved aside for the Contentful builds and put back afterwards; the Contentful build stays in
 * .parity/contentful-public for inspection. The Contentful builds get a minimal environment: the e2e build's
 * third-party ids (tests/e2e/third-party.env, as public/ was built: the cookie notice's table lists the configured
 * vendors, so both builds need the same), and NETLIFY=true, so the adapter's function bundles come from the
 * Contentful build too.
 *
 * The change in the CMS also adds a lead form modelled only in Contentful and puts it on a page: the
 * rebuilt page renders it, and the adapter's submitForm bundle (run alone, as a deploy ships it:
 * tests/e2e/netlify-host.ts) accepts a lead for it, where it used to answer 404 "Unknown form".
 */
import { COOKIE_NOTICE_PATH, PRIVACY_ALIASES, PRIVACY_PATH } from "../../src/lib/paths";
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import os from "node:os";
import { startContentfulEmulator } from "../emulators/contentful/server";
import { copyFunctionBundles } from "../e2e/netlify-host";
import { entryLink } from "../../src/node/contentful/convert";
import { LEAD_FORM_CONTENT_TYPE } from "../../src/node/contentful/forms";
import { freePort } from "../../scripts/lib/net";
import { gatsbyBuild } from "../../scripts/lib/gatsby-build";
import { compareBuilds, formatReport, htmlFile, pageSnapshot } from "./parity";
import { CMS_ONLY_FORM } from "../fixtures/cms-only-form";
import { readEnvFile } from "../e2e/third-party-env";

const root = path.resolve(__dirname, "../..");
const at = (...p: string[]) => path.join(root, ...p);
const work = at(".parity");
const typesFile = at("src", "gatsby-types.d.ts");
/** The third-party ids the embedded build in public/ was made with (scripts/test-all.sh). */
const thirdPartyEnv = readEnvFile(at("tests", "e2e", "third-party.env"));

/** A build of the checkout with `env` and only the few system variables (no setting leaks in), in seconds. */
async function build(env: Record<string, string>): Promise<number> {
  const base: Record<string, string> = {};
  for (const key of ["PATH", "HOME", "TMPDIR", "LANG", "NODE_OPTIONS"]) if (process.env[key]) base[key] = process.env[key] as string;
  const { seconds } = await gatsbyBuild({ cwd: root, env: { ...base, ...env }, inheritEnv: false, echo: true });
  return Math.round(seconds);
}

const CMS_ONLY_FORM_PAGE = "/customer-champions/";

/**
 * The build's submitForm function as a deploy ships it (its bundle alone in an empty folder, the Lambda
 * stand-in of tests/e2e/netlify-host.ts), with the file outbox: status and message for a lead to `formId`.
 */
async function submitThroughBundle(formId: string): Promise<{ status: number; message?: string }[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nd-parity-bundles-"));
  const functions = copyFunctionBundles(root, dir);
  fs.writeFileSync(path.join(dir, "functions.json"), JSON.stringify(functions));
  const port = await freePort();
  const tsx = at("node_modules", "tsx", "dist", "loader.mjs");
  const child = spawn(process.execPath, ["--import", `file://${tsx}`, at("tests", "e2e", "netlify-host.ts"), dir, String(port)], {
    cwd: dir,
    env: { PATH: process.env.PATH, HOME: os.tmpdir(), SITE_URL: "https://www.northdesk.com", LEADS_DIR: path.join(dir, "leads") },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout.on("data", (d) => (log += d));
  child.stderr.on("data", (d) => (log += d));
  try {
    for (let i = 0; i < 300 && !log.includes("listening"); i++) {
      if (child.exitCode !== null) throw new Error(`contentful parity: the function host exited: ${log}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const answers = [];
    for (const id of [formId, "no-such-form"]) {
      const response = await fetch(`http://127.0.0.1:${port}/api/hubspot/submitForm`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: "https://www.northdesk.com" },
        body: JSON.stringify({
          formId: id,
          email: "partner@acme.com",
          company: "Acme",
          pageUri: `https://www.northdesk.com${CMS_ONLY_FORM_PAGE}`,
        }),
      });
      answers.push({ status: response.status, ...((await response.json()) as { message?: string }) });
    }
    return answers;
  } finally {
    child.kill("SIGKILL");
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const move = (from: string, to: string) => {
  if (!fs.existsSync(from)) return;
  fs.rmSync(to, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(to), { recursive: true });
  fs.renameSync(from, to);
};

async function main() {
  const started = Date.now();
  const timings: string[] = [];
  fs.mkdirSync(work, { recursive: true });
  if (!fs.existsSync(at("public", "index.html"))) {
    console.log("contentful parity: no embedded build in public/, building it");
    timings.push(`embedded build ${await build(thirdPartyEnv)} s`);
  }
  const savedTypes = fs.readFileSync(typesFile, "utf8");
  const embedded = path.join(work, "embedded-public");
  move(at("public"), embedded);
  move(at(".cache"), path.join(work, "embedded-cache"));
  const functionsDir = at(".netlify", "functions-internal");
  move(functionsDir, path.join(work, "embedded-functions"));

  const emulator = await startContentfulEmulator({ contentDir: at("content") });
  let failed = false;
  try {
    const buildEnv = { ...emulator.buildEnv(), ...thirdPartyEnv, NETLIFY: "true" };
    const first = await build(buildEnv);
    timings.push(`Contentful build (initial sync) ${first} s`);
    const report = compareBuilds(embedded, at("public"));
    if (report.onlyIn.expected.length || report.onlyIn.actual.length || report.differences.length || report.queryDifferences.length) {
      console.error(`contentful parity: the Contentful build differs from the embedded build:\n${formatReport(report)}`);
      failed = true;
      return; // `finally` restores the embedded build and sets the exit code
    }
    // The legal pages come from both sources alike, and the cookie notice's table from the catalog in both.
    for (const page of [PRIVACY_PATH, ...PRIVACY_ALIASES, COOKIE_NOTICE_PATH]) {
      const html = fs.readFileSync(path.join(at("public"), page, "index.html"), "utf8");
      if (page === COOKIE_NOTICE_PATH && !html.includes('class="cookie-table"'))
        throw new Error(`contentful parity: ${page} has no generated cookie table`);
    }
    console.log(
      `contentful parity: ${report.pages} pages equal (title, headings, main text, navigation, footer), and the data of every static query (experiences and variants included)`,
    );

    // One change in the CMS, then a rebuild that must reuse .cache and sync only the change.
    const post = emulator.space.entries.find((e) => e.contentType === "blogPost" && e.fields.slug === "csat-vs-nps");
    if (!post) throw new Error("contentful parity: blog post csat-vs-nps not in the emulator");
    const title = `${String(post.fields.title)} (edited in Contentful)`;
    emulator.updateEntry(post.id, { title });
    // ...and a lead form that exists only in Contentful, on a page's form section
    const landing = emulator.space.entries.find((e) => e.contentType === "landingPage" && e.fields.slug === CMS_ONLY_FORM_PAGE);
    const sectionIds = new Set(((landing?.fields.sections ?? []) as { sys: { id: string } }[]).map((link) => link.sys.id));
    const formSection = emulator.space.entries.find((e) => sectionIds.has(e.id) && e.contentType === "formSection");
    if (!formSection) throw new Error(`contentful parity: no form section on ${CMS_ONLY_FORM_PAGE} in the emulator`);
    emulator.createEntry(`leadForm-${CMS_ONLY_FORM.alternative_id}`, LEAD_FORM_CONTENT_TYPE, CMS_ONLY_FORM);
    emulator.updateEntry(formSection.id, { form: entryLink(`leadForm-${CMS_ONLY_FORM.alternative_id}`) });
    const syncsBefore = emulator.requests.filter((r) => r.includes("/sync?")).length;
    const second = await build(buildEnv);
    timings.push(`Contentful rebuild after one change (incremental sync) ${second} s`);
    const syncs = emulator.requests.filter((r) => r.includes("/sync?")).slice(syncsBefore);
    if (syncs.some((r) => r.includes("initial=true")) || syncs.length === 0)
      throw new Error(`contentful parity: the second build did not sync incrementally: ${syncs.join(", ")}`);
    const page = pageSnapshot(fs.readFileSync(htmlFile(at("public"), "/blog/csat-vs-nps/"), "utf8"));
    if (!page.headings.includes(`h1 ${title}`) || !page.title.startsWith(title))
      throw new Error(`contentful parity: the change did not reach /blog/csat-vs-nps/ (title "${page.title}")`);
    // The post's category listing shows it too (a page built from another query).
    const categoryId = (post.fields.category as { sys: { id: string } }).sys.id;
    const category = emulator.space.entries.find((e) => e.id === categoryId)?.fields.slug;
    const listing = fs.readFileSync(htmlFile(at("public"), `/blog/category/${String(category)}/`), "utf8");
    if (!pageSnapshot(listing).main.includes(title))
      throw new Error(`contentful parity: the change did not reach /blog/category/${String(category)}/`);
    console.log("contentful parity: one changed entry synced incrementally and rebuilt");
    const formPage = fs.readFileSync(htmlFile(at("public"), CMS_ONLY_FORM_PAGE), "utf8");
    if (!formPage.includes(`data-form-id="${CMS_ONLY_FORM.alternative_id}"`))
      throw new Error(`contentful parity: ${CMS_ONLY_FORM_PAGE} does not render the form modelled only in Contentful`);
    const [known, unknown] = await submitThroughBundle(CMS_ONLY_FORM.alternative_id);
    if (known.status !== 200 || unknown.status !== 404)
      throw new Error(
        `contentful parity: the adapter's submitForm answered ${known.status} (${known.message}) to the Contentful-only form and ${unknown.status} to an unknown one`,
      );
    console.log(
      `contentful parity: a form modelled only in Contentful renders on ${CMS_ONLY_FORM_PAGE} and the adapter's submitForm accepts its leads`,
    );
  } catch (error) {
    failed = true;
    console.error((error as Error).message);
  } finally {
    await emulator.close();
    move(at("public"), path.join(work, "contentful-public"));
    fs.rmSync(at(".cache"), { recursive: true, force: true });
    move(embedded, at("public"));
    move(path.join(work, "embedded-cache"), at(".cache"));
    fs.rmSync(functionsDir, { recursive: true, force: true });
    move(path.join(work, "embedded-functions"), functionsDir);
    fs.writeFileSync(typesFile, savedTypes);
    timings.push(`total ${(Date.now() - started) / 1000} s`);
    console.log(`contentful parity timings:\n  ${timings.join("\n  ")}`);
    // Here, not after the try: the early return above would skip it (it once did, and a failed parity exited 0).
    if (failed) process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
