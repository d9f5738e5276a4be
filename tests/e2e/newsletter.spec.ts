import { expect, test } from "./fixtures";
import type { Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { answerIpLookup, open } from "./helpers";

/**
 * The newsletter prompt after a blog post (docs/product-rules.md#markers newsletter_subscriber / newsletter_nothanks;
 * docs/product-rules.md#browser-storage): asked once, never of a subscriber, no layout shift, not in any page's first-load JS.
 */
const POST = "/blog/support-staffing-model/";
const YEAR_MS = 31_536_000_000;

// The offline plugin's service worker would fetch the IP lookup itself, out of page.route's reach.
test.use({ serviceWorkers: "block", viewport: { width: 1280, height: 800 } });
test.beforeEach(({ page, baseURL }) => answerIpLookup(page, baseURL!, "203.0.113.8"));

const prompt = (page: Page) => page.locator("[data-newsletter-prompt]");
const slot = (page: Page) => page.locator("[data-newsletter-slot]");

async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!entry.hadRecentInput) w.__cls += entry.value;
    }).observe({ type: "layout-shift", buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { __cls: number }).__cls);
}
const stored = (page: Page, key: string) =>
  page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? "null") as { value: unknown; expires: number } | null, key);

test("a reader is asked after the post; accessible; no layout shift; No thanks hides it for the storage helper's year", async ({
  page,
}) => {
  const cls = await recordLayoutShifts(page);
  await open(page, POST);
  await expect(prompt(page)).toBeAttached();
  await prompt(page).scrollIntoViewIfNeeded();
  // after the post's body
  expect(
    await page.evaluate(
      () =>
        !!(
          document.querySelector("article")!.compareDocumentPosition(document.querySelector("[data-newsletter-prompt]")!) &
          Node.DOCUMENT_POSITION_FOLLOWING
        ),
    ),
  ).toBe(true);
  await expect(prompt(page).getByRole("heading", { level: 2 })).toBeVisible();
  await expect(prompt(page).locator("form")).toHaveAttribute("data-layout", "email-catcher");
  await expect(prompt(page).getByLabel("Email address")).toBeVisible();
  await expect(prompt(page).getByRole("button", { name: "Subscribe" })).toBeVisible();
  const axe = await new AxeBuilder({ page })
    .include("[data-newsletter-prompt]")
    .withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"])
    .analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  expect(await cls()).toBe(0);

  const before = Date.now();
  await prompt(page).getByRole("button", { name: "No thanks" }).click();
  await expect(prompt(page)).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "we won’t ask again" })).toBeFocused();
  const marker = await stored(page, "newsletter_nothanks");
  expect(marker?.value).toBe(true);
  expect(marker!.expires - before).toBeGreaterThanOrEqual(YEAR_MS - 1000);
  expect(marker!.expires - Date.now()).toBeLessThanOrEqual(YEAR_MS);

  await open(page, POST);
  await expect(slot(page)).toHaveAttribute("data-newsletter-slot", "off");
  await expect(prompt(page)).toHaveCount(0);

  // an expired marker no longer counts
  await page.evaluate(() => localStorage.setItem("newsletter_nothanks", JSON.stringify({ value: true, expires: Date.now() - 1 })));
  await open(page, POST);
  // the browser restored the reading position, with the prompt's place in view: it waits until that scrolls away
  await expect(slot(page)).toHaveAttribute("data-newsletter-slot", "waiting");
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(prompt(page)).toBeAttached();
});

test("a subscriber is never asked again, and the prompt's code is not even loaded", async ({ page }) => {
  await open(page, POST);
  await prompt(page).scrollIntoViewIfNeeded();
  await prompt(page)
    .getByLabel("Email address")
    .fill(`reader.${Date.now().toString(36)}@example-e2e.com`);
  await prompt(page).getByRole("button", { name: "Subscribe" }).click();
  await expect(prompt(page).getByRole("status")).toContainText("You're in", { timeout: 15_000 });
  expect((await stored(page, "newsletter_subscriber"))?.value).toBe(true);

  const chunks: string[] = [];
  page.on("request", (request) => /newsletter-prompt/.test(request.url()) && chunks.push(request.url()));
  await open(page, "/blog/csat-vs-nps/");
  await expect(slot(page)).toHaveAttribute("data-newsletter-slot", "off");
  await page.waitForLoadState("networkidle");
  expect(chunks).toEqual([]);
});

test("the prompt waits while its place is in view, and appears (moving nothing) once it is out of view", async ({ page }) => {
  const cls = await recordLayoutShifts(page);
  await page.setViewportSize({ width: 1280, height: 12_000 }); // the whole post in view
  await open(page, POST);
  await expect(slot(page)).toHaveAttribute("data-newsletter-slot", "waiting");
  await page.waitForTimeout(300);
  await expect(prompt(page)).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(prompt(page)).toBeAttached();
  expect(await cls()).toBe(0);
});

test("not in the first-load JS of any page: neither where it never shows nor on a post", async ({ page, request }) => {
  for (const path of ["/", "/pricing/", "/blog/", POST]) {
    const html = await (await request.get(path)).text();
    const scripts = [...html.matchAll(/<(?:script|link)\b[^>]*(?:src|href)="([^"]+\.js)"/g)].map((m) => m[1]);
    expect(scripts.length, path).toBeGreaterThan(0);
    expect(
      scripts.filter((s) => /newsletter-prompt/.test(s)),
      path,
    ).toEqual([]);
  }
  const chunks: string[] = [];
  page.on("request", (r) => /newsletter-prompt/.test(r.url()) && chunks.push(r.url()));
  await open(page, "/pricing/");
  await page.waitForLoadState("networkidle");
  expect(chunks).toEqual([]);
});
