import { expect, test } from "./fixtures";
import AxeBuilder from "@axe-core/playwright";
import { builtPaths } from "./site-paths";
import { routeExperienceApi } from "./experience-api-route";
import { trapCspViolations } from "./csp";

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
    expect(response?.headers()["content-security-policy"]).toMatch(/script-src 'self' 'sha256-/);
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
