/**
 * The opt-out policy end to end (docs/product-rules.md#consent): builds the site a second time with
 * GATSBY_CONSENT_POLICY=opt-out, in a temporary copy, then runs tests/e2e-opt-out against it. A cold build: started
 * from a copy of the first build's .cache, Gatsby failed ("The result of this StaticQuery could not be fetched").
 * Run after the main build (scripts/test-all.sh), with the same third-party ids in the environment.
 *   npx tsx scripts/test-opt-out.ts
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { ROOT, copySite, timedBuild } from "./bench/site-build";

const site = copySite("nd-opt-out-");
try {
  // The main build's own settings (scripts/test-all.sh); only the policy differs.
  const build = timedBuild(site, { GATSBY_CONSENT_POLICY: "opt-out", NETLIFY: "true", TYPEGEN: "1" });
  console.log(`opt-out build: ${build.seconds.toFixed(0)} s, ${build.htmlWritten} pages written`);
  const run = spawnSync("npx", ["playwright", "test", "-c", "tests/e2e-opt-out/playwright.config.ts"], {
    cwd: ROOT,
    env: { ...process.env, OPT_OUT_ROOT: site },
    stdio: "inherit",
  });
  process.exitCode = run.status ?? 1;
} finally {
  fs.rmSync(site, { recursive: true, force: true });
}
