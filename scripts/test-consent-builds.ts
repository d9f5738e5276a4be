/**
 * The configurations other than the main build's (docs/product-rules.md#consent, docs/consent-managers.md,
 * docs/page-load.md#every-configuration). In one temporary copy of the site:
 * - a cold build with GATSBY_CONSENT_POLICY=opt-out, then tests/e2e-opt-out against it;
 * - then, for each hosted consent manager (Osano, OneTrust, Cookiebot), a warm rebuild of the same copy with
 *   GATSBY_CONSENT_PROVIDER set (the opt-in policy), then tests/e2e-consent-managers against it;
 * - then the two builds the first-window budget holds on besides the main one, with no suite of their own: the
 *   default build (`npm run build`: no vendor, no Netlify) and the production-like build without personalization.
 * Each build's first window (scripts/check-budgets.ts --first-window-only) is checked before its suite.
 * The copy's first build is cold: started from a copy of the main build's .cache, Gatsby failed ("The result of
 * this StaticQuery could not be fetched"). The rebuilds reuse the copy's own cache (about 19 s each, against 55 s
 * cold); a bundle that kept the previous manager would fail the next manager's tests, which check its own API.
 * Run after the main build (scripts/test-all.sh), with the same third-party ids in the environment (the manager's
 * script URL included).
 *   npx tsx scripts/test-consent-builds.ts [opt-out|osano|onetrust|cookiebot|default|no-personalization …]   (all by default)
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { CONSENT_PROVIDERS } from "../src/config/consent";
import { ROOT, copySite, timedBuild } from "./bench/site-build";

const VARIANTS = ["opt-out", ...CONSENT_PROVIDERS, "default", "no-personalization"] as const;
type Variant = (typeof VARIANTS)[number];
const isManager = (variant: Variant) => (CONSENT_PROVIDERS as readonly string[]).includes(variant);

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(VARIANTS as readonly string[]).includes(name));
if (unknown.length) throw new Error(`unknown build ${unknown.join(", ")}: one of ${VARIANTS.join(", ")}`);
const variants = VARIANTS.filter((variant) => !asked.length || asked.includes(variant));

/** Every public setting emptied: the default build's environment (the vendors' ids and personalization unset). */
const withoutPublicSettings = (): NodeJS.ProcessEnv =>
  Object.fromEntries(Object.keys(process.env).flatMap((key) => (key.startsWith("GATSBY_") ? [[key, ""]] : [])));

/** The variant's settings: the main build's own (scripts/test-all.sh), with only the variant's settings changed. */
const buildEnv = (variant: Variant): NodeJS.ProcessEnv => {
  if (variant === "default") return { ...withoutPublicSettings(), NETLIFY: "", TYPEGEN: "1" };
  const consent = {
    GATSBY_CONSENT_POLICY: variant === "opt-out" ? "opt-out" : "opt-in",
    GATSBY_CONSENT_PROVIDER: isManager(variant) ? variant : "",
  };
  const personalization = variant === "no-personalization" ? { GATSBY_NINETAILED_CLIENT_ID: "", GATSBY_NINETAILED_URL: "" } : {};
  return { NETLIFY: "true", TYPEGEN: "1", ...consent, ...personalization };
};

/** The variant's suite (its config reads the build from CONSENT_BUILD_ROOT: tests/e2e/second-build-config.ts), if it has one. */
const tests = (variant: Variant): [string, NodeJS.ProcessEnv] | undefined =>
  variant === "opt-out"
    ? ["tests/e2e-opt-out/playwright.config.ts", {}]
    : isManager(variant)
      ? ["tests/e2e-consent-managers/playwright.config.ts", { CONSENT_PROVIDER: variant }]
      : undefined;

void (async () => {
  const site = copySite("nd-consent-");
  let failed = false;
  try {
    for (const variant of variants) {
      const build = await timedBuild(site, buildEnv(variant));
      console.log(`${variant} build: ${build.seconds.toFixed(0)} s, ${build.htmlWritten} pages written`);
      // Its first window too (a few seconds): the allowance and the round trips with production's headers, judged on
      // every configuration (docs/page-load.md#every-configuration).
      const budgets = spawnSync("npx", ["tsx", "scripts/check-budgets.ts", `${site}/public`, "--first-window-only"], {
        cwd: ROOT,
        stdio: "inherit",
        env: { ...process.env, ...buildEnv(variant) },
      });
      if (budgets.status !== 0) failed = true;
      const suite = tests(variant);
      if (!suite) continue;
      const [config, env] = suite;
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
})();
