import fs from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { offOrigin } from "./fixtures";

/** Opens a path and waits until React has hydrated (event handlers live); see RootWrapper. */
export async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  return response;
}

/**
 * Answers the lead form's IP lookup (docs/product-rules.md#lead-form-calls) locally with `ip` and refuses every other off-site
 * request. Pair it with `serviceWorkers: "block"`: the offline plugin's worker would otherwise fetch the
 * lookup itself, out of page.route's reach.
 */
export function answerIpLookup(page: Page, baseURL: string, ip: string) {
  return page.route(offOrigin(baseURL), (route) =>
    route.request().url().startsWith("https://api.ipify.org")
      ? route.fulfill({ json: { ip }, headers: { "Access-Control-Allow-Origin": "*" } })
      : route.abort(),
  );
}

/** Where `gatsby serve` keeps accepted leads (LEADS_DIR default, relative to the site root). */
const OUTBOX = path.resolve(process.env.LEADS_DIR ?? ".data/leads", "outbox.jsonl");

/** The submission the local outbox holds for `email`, if any (the e2e server has no HubSpot). */
export function outboxLead(email: string): Record<string, string> | undefined {
  if (!fs.existsSync(OUTBOX)) return undefined;
  return fs
    .readFileSync(OUTBOX, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { submission: Record<string, string> })
    .find((r) => r.submission.email === email)?.submission;
}
