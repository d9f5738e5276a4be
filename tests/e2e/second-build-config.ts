import path from "node:path";
import base from "../../playwright.config";
import { defineConfig, type PlaywrightTestConfig } from "@playwright/test";
import { serveCommand } from "../../scripts/lib/serve-command";
import { CSP_REPORTS_FILE } from "./csp-reports";

/**
 * The Playwright config of a suite that runs against a second production build made with other consent settings
 * (tests/e2e-opt-out, tests/e2e-consent-managers; scripts/test-consent-builds.ts builds it in a temporary copy and
 * sets CONSENT_BUILD_ROOT), served as the main e2e serves its build: the files with that build's own security
 * headers (its bootstrap and head differ, so do its script hashes) and the functions. `port` unless E2E_PORT is set.
 */
export function secondBuildConfig(port: number): PlaywrightTestConfig {
  const PORT = Number(process.env.E2E_PORT ?? port);
  const ROOT = process.env.CONSENT_BUILD_ROOT;
  if (!ROOT) throw new Error("CONSENT_BUILD_ROOT: the second build's site folder (scripts/test-consent-builds.ts builds it and sets it)");
  return defineConfig({
    ...base,
    testDir: ".",
    testMatch: "*.spec.ts",
    use: { ...base.use, baseURL: `http://localhost:${PORT}` },
    webServer: {
      command: serveCommand(`--port ${PORT} --host localhost --root ${ROOT}`),
      cwd: path.resolve(__dirname, "../.."),
      url: `http://localhost:${PORT}/`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { GATSBY_TELEMETRY_DISABLED: "1", CSP_REPORTS_FILE },
    },
  });
}
