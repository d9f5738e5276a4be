/**
 * The HubSpot delivery path end to end: the same build served by a second `gatsby serve` whose
 * functions are configured (at run time) for HubSpot, pointed at the HubSpot emulator in this process.
 * A lead goes to HubSpot at once; during an outage it is kept, and `leads:flush` delivers it exactly once.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "./fixtures";
import type { Page } from "@playwright/test";
import { open } from "./helpers";
import { startHubSpotEmulator, type HubSpotEmulator } from "../emulators/hubspot";
import { readServerConfig } from "../../src/config";
import { main as leadsFlush } from "../../scripts/leads-flush";
import { pendingRecords } from "../../src/server/outbox";
import { freePort, waitForUrl } from "../../scripts/lib/net";

const HUBSPOT = { portalId: "12345", accessToken: "pat-e2e" };
/** The second server's origin, on a free port found in beforeAll. */
let BASE = "";

test.describe.configure({ mode: "serial" });
// Playwright needs an object pattern for a fixture's dependencies; this one has none.
// eslint-disable-next-line no-empty-pattern
test.use({ baseURL: async ({}, provide) => provide(BASE), serviceWorkers: "block" });

let emulator: HubSpotEmulator;
let server: ChildProcess;
let leadsDir: string;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  emulator = await startHubSpotEmulator();
  leadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "nd-e2e-hubspot-"));
  const port = await freePort("localhost");
  BASE = `http://localhost:${port}`;
  server = spawn(path.resolve("node_modules/.bin/gatsby"), ["serve", "--port", String(port), "--host", "localhost"], {
    detached: true,
    stdio: "ignore",
    env: {
      ...process.env,
      GATSBY_TELEMETRY_DISABLED: "1",
      LEADS_DIR: leadsDir,
      HUBSPOT_PORTAL_ID: HUBSPOT.portalId,
      HUBSPOT_ACCESS_TOKEN: HUBSPOT.accessToken,
      HUBSPOT_API_URL: emulator.url,
      HUBSPOT_TIMEOUT_MS: "3000",
    },
  });
  await waitForUrl(`${BASE}/`, { timeoutMs: 80_000, intervalMs: 300, gaveUp: () => server.exitCode !== null });
});

test.afterAll(async () => {
  if (server?.pid) process.kill(-server.pid, "SIGTERM");
  await emulator?.close();
  fs.rmSync(leadsDir, { recursive: true, force: true });
});

test.beforeEach(async ({ page }) => {
  emulator.mode = "ok";
  await page.route("https://api.ipify.org/**", (route) =>
    route.fulfill({ json: { ip: "203.0.113.8" }, headers: { "Access-Control-Allow-Origin": "*" } }),
  );
});

async function subscribe(page: Page, email: string) {
  await open(page, "/customer-support/");
  const form = page.locator('form[data-form-id="newsletter"]');
  await expect(form).toHaveAttribute("data-ready", "true");
  await form.getByLabel("Email address").fill(email);
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(form.getByRole("status")).toContainText("Watch your inbox on Tuesdays");
}

const emailsAtHubSpot = () =>
  emulator.submissions.map((s) => (s.body.fields as { name: string; value: string }[]).find((f) => f.name === "email")?.value);

test("a lead reaches HubSpot at once, authenticated, with its page context", async ({ page }) => {
  const email = `hs.${Date.now()}@acme-e2e.com`;
  await subscribe(page, email);
  await expect.poll(emailsAtHubSpot).toContain(email);
  const sent = emulator.submissions.find((s) => JSON.stringify(s.body).includes(email))!;
  expect(sent).toMatchObject({ portalId: "12345", formGuid: "newsletter", authorization: "Bearer pat-e2e" });
  // HubSpot gets the request's client address (loopback here), not the one the page looked up (203.0.113.8)
  expect(sent.body.context).toMatchObject({
    pageUri: `${BASE}/customer-support/`,
    ipAddress: expect.stringMatching(/^(127\.0\.0\.1|::1)$/),
  });
  expect(pendingRecords(leadsDir)).toEqual([]);
});

test("during a HubSpot outage the visitor still succeeds; leads:flush later delivers the lead exactly once", async ({ page }) => {
  emulator.mode = "error";
  const email = `outage.${Date.now()}@acme-e2e.com`;
  await subscribe(page, email);
  expect(emailsAtHubSpot()).not.toContain(email);
  expect(pendingRecords(leadsDir).map((r) => r.submission.email)).toEqual([email]);

  emulator.mode = "ok";
  const config = { ...readServerConfig(), leadsDir, hubspot: { ...HUBSPOT, apiUrl: emulator.url, timeoutMs: 5000 } };
  expect(await leadsFlush(config)).toBe(0);
  expect(await leadsFlush(config)).toBe(0);
  expect(emailsAtHubSpot().filter((e) => e === email)).toHaveLength(1);
  expect(pendingRecords(leadsDir)).toEqual([]);
});
