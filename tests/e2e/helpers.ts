import { expect, type Page } from "@playwright/test";

/** Opens a path and waits until React has hydrated (event handlers live); see RootWrapper. */
export async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  return response;
}

/**
 * Answers the lead form's IP lookup (SPEC 7.1) locally with `ip` and refuses every other off-site
 * request. Pair it with `serviceWorkers: "block"`: the offline plugin's worker would otherwise fetch the
 * lookup itself, out of page.route's reach.
 */
export function answerIpLookup(page: Page, baseURL: string, ip: string) {
  return page.route(
    (url) => !url.href.startsWith(baseURL),
    (route) =>
      route.request().url().startsWith("https://api.ipify.org")
        ? route.fulfill({ json: { ip }, headers: { "Access-Control-Allow-Origin": "*" } })
        : route.abort(),
  );
}
