import type { BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { interceptThirdParties } from "./third-party";
import { open } from "./helpers";

/**
 * Consent over time (docs/product-rules.md#consent-over-time) on the production-like build (opt-in, every vendor
 * configured): a campaign accepted, then the choice gone, by its cookie's removal or by the page clock moved past
 * its 183 days. Before the new choice nothing of the old visit is read or kept; after Reject all nothing optional
 * remains; after Accept all attribution starts from this visit.
 */
test.use({ consent: "pending", serviceWorkers: "block" });

const DAY = 86_400_000;
const LANDING = "/lp/get-a-demo/?utm_source=partnerblog&utm_medium=referral&utm_campaign=spring";
const ATTRIBUTION = /^nd_(ft|lt)_(src|url)$/;
/** What opt-in allows before a choice (docs/product-rules.md#consent "Allowed before a choice"). */
const LOCAL_ALLOWED = ["nd_demo_bar_dismissed", "nd_trial_bar_dismissed", "newsletter_subscriber", "newsletter_nothanks"];

const banner = (page: Page) => page.locator("[data-consent-banner]");
const cookieNames = async (context: BrowserContext) => (await context.cookies()).map((c) => c.name).sort();
const signupHrefs = (page: Page) =>
  page.locator('a[href*="/members/register"]').evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));

async function acceptOnCampaign(page: Page, context: BrowserContext) {
  await open(page, LANDING);
  await banner(page).getByRole("button", { name: "Accept all" }).click();
  await expect.poll(async () => (await context.cookies()).find((c) => c.name === "nd_ft_src")?.value).toContain("partnerblog");
}

/** Before the new choice: no attribution cookie exists, and no sign-up link carries the old campaign. */
async function nothingOfTheOldVisit(page: Page, context: BrowserContext) {
  await expect(banner(page)).toBeVisible();
  // The sweep took the site's cookies and each vendor's documented ones (their stand-ins wrote them on the landing).
  await expect.poll(async () => (await cookieNames(context)).filter((n) => n !== "nd_consent")).toEqual([]);
  const hrefs = await signupHrefs(page);
  expect(hrefs.length).toBeGreaterThan(0);
  for (const href of hrefs) expect(href).not.toContain("partnerblog");
  // The personalization profile and marketing keys are gone from local storage too.
  const keys = await page.evaluate(() => Object.keys(localStorage));
  expect(keys.filter((k) => !LOCAL_ALLOWED.includes(k))).toEqual([]);
}

for (const lapse of ["removed", "expired"] as const) {
  test(`a choice ${lapse === "removed" ? "whose cookie was removed" : "older than 183 days"}: asked again, the old campaign neither kept nor read`, async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await interceptThirdParties(page, baseURL!, { documentedStores: true });
    await acceptOnCampaign(page, context);
    await expect.poll(() => cookieNames(context), { timeout: 20_000 }).toEqual(expect.arrayContaining(["_ga", "hubspotutk"]));

    if (lapse === "removed") await context.clearCookies({ name: "nd_consent" });
    else {
      // Off the landing first: a page still open would keep running its vendors under the moved clock.
      await page.goto("about:blank");
      await page.clock.install({ time: new Date(Date.now() + 184 * DAY) });
    }
    await open(page, "/");
    await nothingOfTheOldVisit(page, context);

    // Reject all: nothing optional on this page nor the next two.
    await banner(page).getByRole("button", { name: "Reject all" }).click();
    for (const path of ["/pricing/", "/blog/"]) {
      await open(page, path);
      const names = await cookieNames(context);
      expect(names.filter((n) => n !== "nd_consent")).toEqual([]);
      const keys = await page.evaluate(() => Object.keys(localStorage));
      expect(keys.filter((k) => !LOCAL_ALLOWED.includes(k))).toEqual([]);
      for (const href of await signupHrefs(page)) expect(href).not.toContain("partnerblog");
    }
  });
}

test("after the lapse, Accept all starts attribution from this visit, not the old campaign", async ({ page, context, baseURL }) => {
  test.setTimeout(90_000);
  await interceptThirdParties(page, baseURL!);
  await acceptOnCampaign(page, context);
  await context.clearCookies({ name: "nd_consent" });
  await open(page, "/pricing/");
  await banner(page).getByRole("button", { name: "Accept all" }).click();
  await expect.poll(async () => (await context.cookies()).find((c) => c.name === "nd_ft_src")?.value).toBeTruthy();
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === "nd_ft_src")?.value).not.toContain("partnerblog");
  expect(cookies.find((c) => c.name === "nd_ft_url")?.value).toContain("pricing");
  // No consented cookie outlives the consent: each expires no later than nd_consent.
  const consent = cookies.find((c) => c.name === "nd_consent")!;
  for (const cookie of cookies.filter((c) => ATTRIBUTION.test(c.name))) expect(cookie.expires).toBeLessThanOrEqual(consent.expires + 1);
});
