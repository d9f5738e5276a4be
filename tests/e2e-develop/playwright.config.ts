import fs from "node:fs";
import { defineConfig } from "@playwright/test";

const executablePath =
  process.env.CHROMIUM_PATH ?? (process.env.CI || fs.existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);

/**
 * e2e of `gatsby develop` (npm run test:develop), apart from the production e2e: each spec starts its own
 * develop server (tests/e2e-develop/develop-server.ts), one at a time, since two develop servers in one
 * checkout would share .cache/ and public/. It rewrites public/, so it runs after everything that reads a build.
 */
export default defineConfig({
  testDir: ".",
  testMatch: "*.spec.ts",
  timeout: 90_000,
  expect: { timeout: 5_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  use: {
    launchOptions: {
      executablePath,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
    },
  },
});
