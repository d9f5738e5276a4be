import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { interceptThirdParties } from "./third-party";
import { open } from "./helpers";
import { DOCUMENTED_STORES } from "../fixtures/vendor-documented-stores";

/**
 * The cookie notice cannot drift from what runs (docs/product-rules.md#consent, "The notices"): with every vendor
 * configured and consent given, the stand-ins store what each vendor documents (a fixture kept apart from the
 * catalog), and every cookie and storage key the page then holds, the site's or a vendor's, is listed in the
 * table of /cookie-policy/, which the build generates from the catalog.
 */
test.use({ serviceWorkers: "block" });

type Kind = "cookie" | "local storage" | "session storage";

/** The names the notice's table lists, per kind (a trailing `*` is a prefix). */
async function listed(page: Page): Promise<Record<Kind, string[]>> {
  const html = await (await page.request.get("/cookie-policy/")).text();
  const names: Record<Kind, string[]> = { cookie: [], "local storage": [], "session storage": [] };
  for (const cell of html.match(/<td data-label="What it stores">.*?<\/td>/gs) ?? [])
    for (const [, name, kind] of cell.matchAll(/<code>([^<]+)<\/code> (cookie|local storage|session storage)/g))
      names[kind as Kind].push(name.replace(/&amp;/g, "&"));
  return names;
}

const covered = (patterns: string[], name: string) =>
  patterns.some((p) => (p.endsWith("*") ? name.startsWith(p.slice(0, -1)) : p === name));

test("every cookie and storage key written, by the site or a vendor's stand-in, is in the generated cookie notice", async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const third = await interceptThirdParties(page, baseURL!, { documentedStores: true });
  for (const path of ["/?utm_source=e2e&utm_medium=email", "/pricing/", "/see-it-in-action/", "/members/register/", "/blog/"]) {
    await open(page, path);
    await page.waitForTimeout(1500);
  }
  await expect
    .poll(() => third.hosts(), { timeout: 20_000 })
    .toEqual(expect.arrayContaining(Object.keys(DOCUMENTED_STORES).filter((host) => host !== "ad-pixel.third-party.test")));
  const table = await listed(page);
  expect(table.cookie.length).toBeGreaterThan(10);

  const cookies = (await context.cookies()).map((c) => c.name);
  const storage = await page.evaluate(() => ({ local: Object.keys(localStorage), session: Object.keys(sessionStorage) }));
  // Not vacuous: the stand-ins' documented stores and the site's own are there.
  expect(cookies).toEqual(expect.arrayContaining(["_ga", "_gcl_au", "hubspotutk", "_hp2_id.4242", "nd_ft_src", "nd_consent"]));
  expect(storage.local).toEqual(expect.arrayContaining(["ajs_anonymous_id"]));

  expect(cookies.filter((name) => !covered(table.cookie, name))).toEqual([]);
  expect(storage.local.filter((key) => !covered(table["local storage"], key))).toEqual([]);
  expect(storage.session.filter((key) => !covered(table["session storage"], key))).toEqual([]);
});
