import { expect, test } from "./fixtures";
import AxeBuilder from "@axe-core/playwright";
import { builtPaths } from "./site-paths";
import { routeExperienceApi } from "./experience-api-route";
import { trapCspViolations } from "./csp";
import { e2eScriptIds } from "./third-party-env";
import { noticeRows } from "../../src/vendors/notice";
import { COOKIE_NOTICE_PATH, NOTICE_AT_COLLECTION_ID, PRIVACY_ALIASES, PRIVACY_PATH } from "../../src/lib/paths";

const paths = builtPaths();

test("the build has every page type", () => {
  for (const expected of [
    "/",
    "/blog/",
    "/resources/",
    "/pricing/",
    "/product-tour/",
    "/lp/personalized-customer-experience/",
    "/interview-builder/",
    "/interview-builder/library/",
    "/help-desk-staffing-calculator/",
    "/legal/baa/covered-entity/",
    "/legal/baa/subcontractor/",
    "/members/register/",
    "/members/login/",
    "/ask/",
    "/answers/",
    "/500/",
  ]) {
    expect(paths, `missing ${expected}`).toContain(expected);
  }
  for (const prefix of [
    "/blog/category/",
    "/authors/",
    "/books/",
    "/integrations/",
    "/customers/",
    "/jobs/",
    "/interview-builder/job-descriptions/",
  ]) {
    expect(
      paths.some((p) => p.startsWith(prefix) && p !== prefix),
      `no page under ${prefix}`,
    ).toBe(true);
  }
  expect(
    paths.some((p) => /\/blog\/category\/[^/]+\/page\/2\/$/.test(p)),
    "no paginated category page",
  ).toBe(true);
});

for (const path of paths) {
  test(`${path} renders with a main heading, no errors, no CSP violation and no accessibility violations`, async ({ page, baseURL }) => {
    // The e2e build has personalization configured: its API answers from the local emulator; the
    // third-party scripts of the e2e build get empty stand-ins (their hosts do not resolve).
    await routeExperienceApi(page, baseURL!, { stubOthers: true });
    const cspViolations = await trapCspViolations(page);
    const errors: string[] = [];
    const failed: string[] = [];
    page.on("console", (msg) => msg.type() === "error" && errors.push(msg.text()));
    page.on("pageerror", (err) => errors.push(err.message));
    page.on("requestfailed", (req) => req.url().startsWith(baseURL!) && failed.push(`${req.url()} ${req.failure()?.errorText}`));
    page.on("response", (res) => res.url().startsWith(baseURL!) && res.status() >= 400 && failed.push(`${res.url()} ${res.status()}`));

    const response = await page.goto(path, { waitUntil: "load" });
    expect(response?.status()).toBe(200);
    // the policy is enforced (scripts/serve.ts applies the build's headers), so a violation would show below
    expect(response?.headers()["content-security-policy"]).toMatch(/script-src 'strict-dynamic' 'sha256-/);
    await expect(page.locator("h1").first()).toBeVisible();
    expect(await page.locator("h1").count()).toBe(1);
    // one theme colour (the manifest plugin's, docs/product-rules.md#design-tokens), not a second copy from the page's own head tags
    await expect(page.locator('meta[name="theme-color"]')).toHaveCount(1);
    await page.waitForLoadState("networkidle");
    // styled-components runs on the server's style element (src/hydration/server-styles.ts): one element, no copy.
    const styledElements = page.locator("style[data-styled]");
    expect(await styledElements.evaluateAll((els) => els.map((el) => el.hasAttribute("data-styled-ssr")))).toEqual([true]);
    // No broken image: every image the browser has fetched decoded (a lazy one below the fold is not fetched yet).
    const broken = await page
      .locator("img")
      .evaluateAll((imgs) =>
        (imgs as HTMLImageElement[]).filter((img) => img.complete && img.currentSrc && img.naturalWidth === 0).map((img) => img.currentSrc),
      );
    expect(broken).toEqual([]);

    const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"]).analyze();
    const violations = axe.violations.map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")})`,
    );
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
    expect(failed).toEqual([]);
    expect(cspViolations).toEqual([]);
  });
}

test("robots.txt: the production build (SITE_URL on www) is open to crawlers, names its sitemap, and its pages are indexed", async ({
  page,
  request,
}) => {
  const robots = await request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toBe("User-agent: *\nAllow: /\n\nSitemap: https://www.northdesk.com/sitemap-index.xml\n");
  expect((await request.get("/sitemap-index.xml")).status()).toBe(200);
  await page.goto("/");
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
});

test("an unknown path shows the 404 page", async ({ page }) => {
  const response = await page.goto("/no-such-page/");
  expect(response?.status()).toBe(404);
  await expect(page.locator("h1")).toHaveText("We couldn't find that page");
});

test("list pages link every company, integration and job, also after a client-side navigation; other landing pages do not fetch the lists", async ({
  page,
}) => {
  // distinct files: the offline cache fetches what the page loaded once more, through the service worker
  const staticQueries = new Set<string>();
  page.on("request", (req) => new URL(req.url()).pathname.startsWith("/page-data/sq/") && staticQueries.add(req.url()));
  await page.goto("/", { waitUntil: "load" });
  await page.waitForLoadState("networkidle");
  // the site data and the personalization experiences; the lists come with their own pages' data
  expect(staticQueries.size).toBe(2);

  for (const list of ["/jobs/", "/integrations/", "/customers/"]) {
    const expected = paths.filter((p) => p.startsWith(list) && p !== list).sort();
    await page.evaluate((to) => (window as unknown as { ___navigate: (to: string) => void }).___navigate(to), list);
    await expect(page).toHaveURL(new RegExp(`${list}$`));
    // The URL changes before the next page has rendered: read its links until they are there.
    const linked = () =>
      page
        .locator(`main a[href^="${list}"]`)
        .evaluateAll((links, from) => [...new Set(links.map((a) => a.getAttribute("href")))].filter((href) => href !== from).sort(), list);
    await expect.poll(linked).toEqual(expected);
  }
  expect(staticQueries.size).toBe(2);
});

test.describe("privacy notices (docs/product-rules.md#consent, The notices)", () => {
  test("privacy: the privacy notice, its notice at collection, and its old addresses as aliases", async ({ page }) => {
    await page.goto(PRIVACY_PATH);
    await expect(page.locator("h1")).toHaveText("Privacy notice");
    await expect(page.locator("main")).toContainText("Placeholder for counsel");
    const notice = page.locator(`#${NOTICE_AT_COLLECTION_ID}`);
    await expect(notice).toHaveText("Notice at collection");
    await expect(page.locator("main")).toContainText("Global Privacy Control");
    for (const alias of PRIVACY_ALIASES) {
      const response = await page.goto(alias);
      expect(response?.status(), alias).toBe(200);
      await expect(page.locator("h1")).toHaveText("Privacy notice");
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/privacy\/$/);
    }
  });

  test("privacy: the cookie notice's table is the catalog's, for every vendor this build configures", async ({ page }) => {
    await page.goto(COOKIE_NOTICE_PATH);
    const table = page.locator("table.cookie-table");
    await expect(table.locator("caption")).toHaveText(/Cookies and storage/);
    await expect(table.locator('thead th[scope="col"]')).toHaveCount(7);
    const rows = await table.locator('tbody th[scope="row"]').allTextContents();
    expect(rows).toEqual(noticeRows(e2eScriptIds()).map((r) => r.name));
    const google = table.locator("tbody tr", { has: page.locator('th:text-is("Google tag")') });
    await expect(google.locator('td[data-label="What it stores"]')).toContainText("_gcl_* cookie (advertising (sale or sharing))");
    await expect(google.locator('td[data-label="Privacy policy"] a')).toHaveAttribute("href", "https://policies.google.com/privacy");
  });

  for (const [width, name] of [
    [375, "phone"],
    [1280, "desktop"],
  ] as const)
    test(`privacy: the cookie notice reads at ${width} px (${name}), nothing wider than the page`, async ({ page }, info) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(COOKIE_NOTICE_PATH);
      const table = page.locator("table.cookie-table");
      await expect(table).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // Every cell of the first row is within the viewport and has room to read (no column squeezed to a sliver).
      const boxes = await table
        .locator("tbody tr")
        .first()
        .locator("td")
        .evaluateAll((tds) => tds.map((td) => td.getBoundingClientRect().width));
      for (const w of boxes) expect(w).toBeGreaterThan(width < 1024 ? 250 : 60);
      await page.screenshot({ path: info.outputPath(`cookie-notice-${width}.png`), fullPage: true });
    });

  for (const path of [
    "/",
    "/product-tour/",
    "/interview-builder/",
    "/webinars/foundations-of-great-service/",
    "/fundraising-with-purpose/",
    "/lp/personalized-customer-experience/",
  ])
    test(`privacy: ${path} links the notices, Cookie preferences and Do Not Sell, once each`, async ({ page }) => {
      await page.goto(path);
      const strip = page.getByRole("navigation", { name: "Privacy" });
      await expect(strip.getByRole("link", { name: "Privacy notice" })).toHaveAttribute("href", PRIVACY_PATH);
      // The notice at collection is linked under the opt-out policy (tests/e2e-opt-out); this build is opt-in.
      await expect(strip.getByRole("link", { name: "Notice at collection" })).toHaveCount(0);
      await expect(strip.getByRole("link", { name: "Cookie notice" })).toHaveAttribute("href", COOKIE_NOTICE_PATH);
      await expect(page.getByRole("button", { name: "Cookie preferences" })).toHaveCount(1);
      await expect(page.getByRole("button", { name: "Do Not Sell or Share My Personal Information" })).toHaveCount(1);
    });

  test("privacy: Do Not Sell works from the legal strip of a page without a footer", async ({ page, context }) => {
    await page.goto("/product-tour/");
    // As the large footer's (tests/e2e/runtime.spec.ts): the island's action answers once the page is hydrated.
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1, { timeout: 30_000 });
    await page.getByRole("button", { name: "Do Not Sell or Share My Personal Information" }).click();
    await expect.poll(async () => (await context.cookies()).find((c) => c.name === "nd_consent")?.value ?? "").toMatch(/do-not-sell/);
  });
});

test.describe("privacy: the banner, before a choice", () => {
  test.use({ consent: "pending" });

  test("privacy: the banner names the purposes and links both notices", async ({ page }) => {
    await page.goto("/");
    const banner = page.getByRole("region", { name: "Cookie consent" });
    await expect(banner).toContainText("analytics, personalization and advertising");
    await expect(banner.getByRole("link", { name: "Cookie notice" })).toHaveAttribute("href", COOKIE_NOTICE_PATH);
    await expect(banner.getByRole("link", { name: "Privacy notice" })).toHaveAttribute("href", PRIVACY_PATH);
    const { violations } = await new AxeBuilder({ page })
      .include("[data-consent-banner]")
      .withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"])
      .analyze();
    expect(violations.map((v) => v.id)).toEqual([]);
  });
});
