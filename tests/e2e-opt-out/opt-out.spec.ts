import { expect, test } from "../e2e/fixtures";
import { open } from "../e2e/helpers";
import { interceptThirdParties, type ThirdParty } from "../e2e/third-party";

/**
 * The opt-out policy (docs/product-rules.md#consent), on a build made with GATSBY_CONSENT_POLICY=opt-out and every
 * vendor configured (tests/e2e/third-party.env), each answered locally. No choice is stored when a test starts.
 * Vendors load as without consent rules until the visitor refuses: the do-not-sell link or Global Privacy
 * Control refuse `marketing`, and from then on no marketing vendor loads, on the next pages too.
 */
test.use({ consent: "pending" });

const MARKETING = [
  "js.hs-scripts.com",
  "partner-referral.third-party.test",
  "visitor-intelligence.third-party.test",
  "sales-intelligence.third-party.test",
];
const marketing = (thirdParty: ThirdParty) => thirdParty.hosts().filter((host) => MARKETING.includes(host));

let thirdParty: ThirdParty;
test.beforeEach(async ({ page, baseURL }) => {
  thirdParty = await interceptThirdParties(page, baseURL!);
});

test("with no choice stored, no banner asks and the vendors load, marketing ones included", async ({ page, context }) => {
  await open(page, "/");
  await expect(page.locator("html[data-consent]")).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Cookie consent" })).toBeHidden();
  await expect
    .poll(() => thirdParty.hosts(), { timeout: 15_000 })
    .toEqual(
      expect.arrayContaining([
        "www.googletagmanager.com",
        "cdn.heapanalytics.com",
        "js.hs-scripts.com",
        "partner-referral.third-party.test",
        "visitor-intelligence.third-party.test",
      ]),
    );
  // Nothing was chosen, so nothing is stored as a choice.
  expect((await context.cookies()).find((c) => c.name === "nd_consent")).toBeUndefined();
});

test("the do-not-sell link refuses marketing: no marketing vendor on this page after its reload, nor on the next ones", async ({
  page,
  context,
}) => {
  await open(page, "/");
  // The partner-referral script has no off switch: once it has loaded, refusing reloads the page to stop it.
  await expect.poll(() => thirdParty.hosts(), { timeout: 15_000 }).toContain("partner-referral.third-party.test");
  const reloaded = page.waitForEvent("load");
  await page.getByRole("button", { name: "Do Not Sell or Share My Personal Information" }).click();
  await reloaded;
  await expect(page.getByRole("status").filter({ hasText: /will not sell or share/ })).toBeVisible();
  const record = JSON.parse(decodeURIComponent((await context.cookies()).find((c) => c.name === "nd_consent")!.value)) as {
    categories: string[];
    data: { method: string; policy: string };
  };
  expect(record.categories).toEqual(["necessary", "preferences", "analytics"]);
  expect(record.data).toMatchObject({ method: "do-not-sell", policy: "opt-out" });

  thirdParty.requested.length = 0;
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  // A client-side navigation to a page with its own marketing tag (sales intelligence on pricing), then a full load.
  await page.evaluate(() => window.___navigate?.("/pricing/"));
  await expect(page).toHaveURL(/\/pricing\/$/);
  await open(page, "/blog/");
  // Analytics still load (the refusal was marketing only). Speed insights is the last vendor before the marketing
  // ones in the scheduler's order (src/browser/vendor-scheduler.ts): had marketing been allowed, it would follow.
  await expect.poll(() => thirdParty.hosts(), { timeout: 15_000 }).toContain("speed-insights.third-party.test");
  await page.waitForTimeout(1500);
  expect(marketing(thirdParty)).toEqual([]);
});

test.describe("Global Privacy Control", () => {
  test.use({ extraHTTPHeaders: { "Sec-GPC": "1" } });

  test("refuses marketing under opt-out too: analytics load, no marketing vendor ever does", async ({ page }) => {
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true }));
    await open(page, "/pricing/");
    // Applied with a visible, announced confirmation, not silently.
    await expect(page.getByRole("status").filter({ hasText: "Global Privacy Control" })).toBeInViewport({ timeout: 15_000 });
    await expect.poll(() => thirdParty.hosts(), { timeout: 15_000 }).toContain("speed-insights.third-party.test");
    await page.waitForTimeout(1500);
    expect(marketing(thirdParty)).toEqual([]);
  });
});

test("privacy: every page links the notice at collection and Do Not Sell; the lead form says it shares", async ({ page }) => {
  for (const path of ["/", "/product-tour/", "/interview-builder/", "/lp/personalized-customer-experience/"]) {
    await open(page, path);
    const strip = page.getByRole("navigation", { name: "Privacy" });
    await expect(strip.getByRole("link", { name: "Notice at collection" }), path).toHaveAttribute("href", "/privacy/#notice-at-collection");
    await expect(page.getByRole("button", { name: "Do Not Sell or Share My Personal Information" }), path).toHaveCount(1);
  }
  await open(page, "/lp/get-a-demo/");
  await expect(page.locator('[data-privacy-sentence="opt-out"]').first()).toContainText("shares browsing data with advertising partners");
});
