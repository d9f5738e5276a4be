/**
 * The consent configurations other than the main build's, end to end (docs/product-rules.md#consent,
 * docs/consent-managers.md). In one temporary copy of the site:
 * - a cold build with GATSBY_CONSENT_POLICY=opt-out, then tests/e2e-opt-out against it;
 * - then, for each hosted consent manager (Osano, OneTrust, Cookiebot), a warm rebuild of the same copy with
 *   GATSBY_CONSENT_PROVIDER set (the opt-in policy), then tests/e2e-consent-managers against it.
 * Each build's first window (scripts/check-budgets.ts --first-window-only) is checked before its suite.
 * The copy's first build is cold: started from a copy of the main build's .cache, Gatsby failed ("The result of
 * this StaticQuery could not be fetched"). The rebuilds reuse the copy's own cache (about 19 s each, against 55 s
 * cold); a bundle that kept the previous manager would fail the next manager's tests, which check its own API.
 * Run after the main build (scripts/test-all.sh), with the same third-party ids in the environment (the manager's
 * script URL included).
 *   npx tsx scripts/test-consent-builds.ts [opt-out] [osano|onetrust|cookiebot …]   (all by default)
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { CONSENT_PROVIDERS } from "../src/config/consent";
import { ROOT, copySite, timedBuild } from "./bench/site-build";

const VARIANTS = ["opt-out", ...CONSENT_PROVIDERS] as const;
type Variant = (typeof VARIANTS)[number];

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(VARIANTS as readonly string[]).includes(name));
if (unknown.length) throw new Error(`unknown consent build ${unknown.join(", ")}: one of ${VARIANTS.join(", ")}`);
const variants = VARIANTS.filter((variant) => !asked.length || asked.includes(variant));

/** The variant's settings: the main build's own (scripts/test-all.sh), with only the consent settings changed. */
const buildEnv = (variant: Variant): NodeJS.ProcessEnv => ({
  NETLIFY: "true",
  TYPEGEN: "1",
  GATSBY_CONSENT_POLICY: variant === "opt-out" ? "opt-out" : "opt-in",
  GATSBY_CONSENT_PROVIDER: variant === "opt-out" ? "" : variant,
});

/** The variant's suite (its config reads the build from CONSENT_BUILD_ROOT: tests/e2e/second-build-config.ts). */
const tests = (variant: Variant): [string, NodeJS.ProcessEnv] =>
  variant === "opt-out"
    ? ["tests/e2e-opt-out/playwright.config.ts", {}]
    : ["tests/e2e-consent-managers/playwright.config.ts", { CONSENT_PROVIDER: variant }];

const site = copySite("nd-consent-");
let failed = false;
try {
  for (const variant of variants) {
    const build = timedBuild(site, buildEnv(variant));
    console.log(`${variant} build: ${build.seconds.toFixed(0)} s, ${build.htmlWritten} pages written`);
    // Its first window too (a few seconds): the consent settings change the head's scripts, which the allowance
    // counts on every configuration; the round trips are printed (docs/page-load.md#the-first-window).
    const budgets = spawnSync(
      "npx",
      ["tsx", "scripts/check-budgets.ts", `${site}/public`, "--first-window-only", "--round-trips-printed"],
      {
        cwd: ROOT,
        stdio: "inherit",
      },
    );
    if (budgets.status !== 0) failed = true;
    const [config, env] = tests(variant);
    const run = spawnSync("npx", ["playwright", "test", "-c", config], {
      cwd: ROOT,
      env: { ...process.env, ...env, CONSENT_BUILD_ROOT: site },
      stdio: "inherit",
    });
    if (run.status !== 0) failed = true;
  }
} finally {
  fs.rmSync(site, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
