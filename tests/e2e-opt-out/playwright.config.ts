import path from "node:path";
import base from "../../playwright.config";
import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 9125);
const ROOT = process.env.OPT_OUT_ROOT;
if (!ROOT) throw new Error("OPT_OUT_ROOT: the opt-out build's site folder (scripts/test-consent-builds.ts builds it and sets it)");

/**
 * The consent rules under the opt-out policy (docs/product-rules.md#consent), against a second production build made
 * with GATSBY_CONSENT_POLICY=opt-out (scripts/test-consent-builds.ts), served as the main e2e serves its build: the files
 * with that build's own security headers (its bootstrap differs, so does its script hash) and the functions.
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
