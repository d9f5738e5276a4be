import path from "node:path";
import base from "../../playwright.config";
import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 9126);
const ROOT = process.env.CONSENT_MANAGER_ROOT;
if (!ROOT) throw new Error("CONSENT_MANAGER_ROOT: the build's site folder (scripts/test-consent-builds.ts builds it and sets it)");

/**
 * A hosted consent manager end to end (docs/consent-managers.md), against a production build made with
 * GATSBY_CONSENT_PROVIDER set (scripts/test-consent-builds.ts, once per manager), served as the main e2e serves
 * its build: the files with that build's own security headers and the functions.
 */
export default defineConfig({
  ...base,
  testDir: ".",
  testMatch: "*.spec.ts",
  use: { ...base.use, baseURL: `http://localhost:${PORT}` },
  webServer: {
    command: `npx tsx scripts/serve.ts --port ${PORT} --host localhost --root ${ROOT}`,
    cwd: path.resolve(__dirname, "../.."),
    url: `http://localhost:${PORT}/`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { GATSBY_TELEMETRY_DISABLED: "1" },
  },
});
