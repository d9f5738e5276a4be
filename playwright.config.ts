import fs from "node:fs";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { serveCommand } from "./scripts/lib/serve-command";
import { CSP_REPORTS_FILE } from "./tests/e2e/csp-reports";

const PORT = Number(process.env.E2E_PORT ?? 9123);
const executablePath =
  process.env.CHROMIUM_PATH ?? (process.env.CI || fs.existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);

/**
 * e2e against the production build (build first: npm run build:e2e), served by scripts/serve.ts, the
 * server `npm start` runs: the files with the security headers the build computed (CSP enforced in every
 * test) and the functions.
 */
export default defineConfig({
  testDir: "tests/e2e",
  timeout: 60_000,
  fullyParallel: true,
  // 0 CSP violation reports across the run, the self-check's aside (tests/e2e/csp-reports.ts)
  globalSetup: path.join(__dirname, "tests/e2e/csp-reports.ts"),
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: {
      executablePath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-quic",
        "--no-first-run",
      ],
    },
  },
  webServer: {
    command: serveCommand(`--port ${PORT} --host localhost`),
    url: `http://localhost:${PORT}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    // the server appends every CSP violation report here (tests/e2e/csp-reports.ts)
    env: { GATSBY_TELEMETRY_DISABLED: "1", CSP_REPORTS_FILE },
  },
});
