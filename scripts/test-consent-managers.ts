/**
 * The hosted consent managers end to end (docs/consent-managers.md): for each of Osano, OneTrust and Cookiebot,
 * builds the site with GATSBY_CONSENT_PROVIDER set, in a temporary copy, then runs tests/e2e-consent-managers
 * against it with the manager's stand-in. Cold builds, as scripts/test-opt-out.ts explains. Run after the main
 * build (scripts/test-all.sh), with the same third-party ids in the environment (its manager script URL included).
 *   npx tsx scripts/test-consent-managers.ts [osano|onetrust|cookiebot …]
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { CONSENT_PROVIDERS, type ConsentProvider } from "../src/config/consent";
import { ROOT, copySite, timedBuild } from "./bench/site-build";

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(CONSENT_PROVIDERS as readonly string[]).includes(name));
if (unknown.length) throw new Error(`unknown consent manager ${unknown.join(", ")}: one of ${CONSENT_PROVIDERS.join(", ")}`);
const providers = (asked.length ? asked : CONSENT_PROVIDERS) as readonly ConsentProvider[];

let failed = false;
for (const provider of providers) {
  const site = copySite(`nd-consent-${provider}-`);
  try {
    // Only the manager differs from the main build. Not for Netlify and without type generation: the main build
    // tests those, and each costs seconds here, three times.
    const build = timedBuild(site, { GATSBY_CONSENT_PROVIDER: provider });
    console.log(`${provider} build: ${build.seconds.toFixed(0)} s, ${build.htmlWritten} pages written`);
    const run = spawnSync("npx", ["playwright", "test", "-c", "tests/e2e-consent-managers/playwright.config.ts"], {
      cwd: ROOT,
      env: { ...process.env, CONSENT_MANAGER_ROOT: site, CONSENT_PROVIDER: provider },
      stdio: "inherit",
    });
    if (run.status !== 0) failed = true;
  } finally {
    fs.rmSync(site, { recursive: true, force: true });
  }
}
process.exitCode = failed ? 1 : 0;
