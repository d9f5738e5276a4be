import { expect, test } from "./fixtures";
import type { Page } from "@playwright/test";
import { open } from "./helpers";
import type { Control, ExperienceApi } from "../emulators/experience-api";
import { routeExperienceApi } from "./experience-api-route";

/**
 * Personalization (docs/product-rules.md#personalization, #personalization-service) against the e2e build, which is configured with
 * GATSBY_NINETAILED_CLIENT_ID=e2e-org and GATSBY_NINETAILED_URL=https://experience.third-party.test
 * (tests/e2e/third-party.env). That host is answered by an in-process Experience API emulator; every
 * other host off localhost is aborted.
 */
const BASELINE_HERO = "Customer support that feels personal, at any scale";
const CAMPAIGN_HERO = "Start your free trial and answer your first customer today";
const COMPARISON_HERO = "See why 12,000 teams switched to a calmer help desk";

const withExperienceApi = (page: Page, baseURL: string, control: Control = { mode: "normal" }): Promise<ExperienceApi> =>
  routeExperienceApi(page, baseURL, { control, abortOthers: true });

/** Records layout shifts from the start of the page (docs/architecture.md#lighthouse-and-main-thread: CLS 0). */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!entry.hadRecentInput) w.__cls += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { __cls: number }).__cls);
}

const heroHeading = (page: Page) => page.locator("main h1").first();
const navItem = (page: Page, name: string) =>
  page
    .locator("header nav")
    .getByRole("button", { name, exact: true })
    .or(page.locator("header nav").getByRole("link", { name, exact: true }));
const profileLoaded = (page: Page) =>
  page.waitForFunction(() => !!(window as unknown as { ninetailed?: { profile?: unknown } }).ninetailed?.profile);

test.describe("personalization", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("a visitor from a campaign sees the campaign navigation and hero", async ({ page, baseURL }) => {
    await withExperienceApi(page, baseURL!);
    const cls = await recordLayoutShifts(page);
    await open(page, "/?utm_campaign=spring-launch&utm_source=newsletter");
    await expect(heroHeading(page)).toHaveText(CAMPAIGN_HERO);
    await expect(navItem(page, "Get started").first()).toBeVisible();
    await expect(navItem(page, "Product")).toHaveCount(0);
    expect(await cls()).toBe(0);
  });

  test("a visitor from a review site sees the comparison hero with the baseline navigation", async ({ page, baseURL }) => {
    await withExperienceApi(page, baseURL!);
    const cls = await recordLayoutShifts(page);
    await page.goto("/", { referer: "https://www.g2.com/products/northdesk/reviews" });
    await expect(heroHeading(page)).toHaveText(COMPARISON_HERO);
    await expect(navItem(page, "Product").first()).toBeVisible();
    expect(await cls()).toBe(0);
  });

  test("another visitor sees the baseline", async ({ page, baseURL }) => {
    const api = await withExperienceApi(page, baseURL!);
    await open(page, "/");
    await profileLoaded(page);
    await expect(heroHeading(page)).toHaveText(BASELINE_HERO);
    await expect(navItem(page, "Product").first()).toBeVisible();
    expect(api.events().some((e) => e.type === "page")).toBe(true);
  });

  test("a held-out visitor sees the baseline even in the audience", async ({ page, baseURL }) => {
    await withExperienceApi(page, baseURL!, { mode: "normal", holdoutBelow: 1 });
    await open(page, "/?utm_campaign=spring-launch");
    await profileLoaded(page);
    await expect(heroHeading(page)).toHaveText(BASELINE_HERO);
  });

  for (const [variantIndex, tvar] of [
    [0, "51-A"],
    [1, "51-B"],
  ] as const) {
    test(`sign-up experiment variant ${variantIndex} tags every sign-up link with hs_tvar=${tvar}`, async ({ page, baseURL }) => {
      await withExperienceApi(page, baseURL!, { mode: "normal", forceVariants: { "signup-test-51": variantIndex } });
      await open(page, "/pricing/");
      await profileLoaded(page);
      const hrefs = () => page.locator('a[href*="/members/register"]').evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
      await expect.poll(async () => (await hrefs()).length).toBeGreaterThan(0);
      await expect
        .poll(async () => (await hrefs()).every((href) => new URL(href, "http://x").searchParams.getAll("hs_tvar").join() === tvar))
        .toBe(true);
    });
  }

  test("a 503 is retried and the visitor is still personalized", async ({ page, baseURL }) => {
    await withExperienceApi(page, baseURL!, { mode: "503-once" });
    await open(page, "/?utm_campaign=spring-launch");
    await expect(heroHeading(page)).toHaveText(CAMPAIGN_HERO);
  });

  test("a hung Experience API leaves the baseline after the timeout, without layout shift", async ({ page, baseURL }) => {
    await withExperienceApi(page, baseURL!, { mode: "slow", delayMs: 30_000 });
    const cls = await recordLayoutShifts(page);
    await open(page, "/?utm_campaign=spring-launch");
    await expect(heroHeading(page)).toHaveText(BASELINE_HERO);
    await page.waitForTimeout(5_500); // past the 3000 ms request timeout and the 5000 ms experience fallback
    await expect(heroHeading(page)).toHaveText(BASELINE_HERO);
    await expect(heroHeading(page)).toBeVisible();
    await expect(navItem(page, "Product").first()).toBeVisible();
    expect(await cls()).toBe(0);
  });

  test("a failing Experience API shows the baseline", async ({ page, baseURL }) => {
    await withExperienceApi(page, baseURL!, { mode: "fail" });
    await open(page, "/?utm_campaign=spring-launch");
    await page.waitForTimeout(1_000);
    await expect(heroHeading(page)).toHaveText(BASELINE_HERO);
  });

  test("when the API fails later, the last stored profile keeps the visitor personalized", async ({ page, baseURL }) => {
    const api = await withExperienceApi(page, baseURL!);
    await open(page, "/?utm_campaign=spring-launch");
    await expect(heroHeading(page)).toHaveText(CAMPAIGN_HERO);
    api.control({ mode: "fail" });
    await open(page, "/");
    await page.waitForTimeout(1_000);
    await expect(heroHeading(page)).toHaveText(CAMPAIGN_HERO);
    await expect(navItem(page, "Get started").first()).toBeVisible();
  });

  test("every route change sends a page event", async ({ page, baseURL }) => {
    const api = await withExperienceApi(page, baseURL!);
    await open(page, "/");
    await profileLoaded(page);
    await page.evaluate(() => (window as unknown as { ___navigate: (to: string) => void }).___navigate("/pricing/"));
    await expect
      .poll(() =>
        api
          .events()
          .filter((e) => e.type === "page")
          .map((e) => new URL(e.context?.page?.url ?? "http://x/").pathname),
      )
      .toEqual(expect.arrayContaining(["/", "/pricing/"]));
  });
});
