import fs from "node:fs";
import path from "node:path";
import { expect, test } from "./fixtures";
import { builtPaths } from "./site-paths";
import { routeExperienceApi } from "./experience-api-route";

/**
 * ARCHITECTURE.md 7 (Lighthouse mobile): on a phone-sized screen the largest paint of every template is
 * never an image the browser was told to load lazily; that image is found only after layout and loads
 * last, the Lighthouse "lcp-lazy-loaded" failure. A hero or a list's first card loads eagerly instead.
 */
const publicDir = path.resolve(__dirname, "../../public");

function onePagePerTemplate(): string[] {
  const byTemplate = new Map<string, string>();
  for (const sitePath of builtPaths(publicDir)) {
    const dir = sitePath === "/" ? "index" : sitePath.replace(/^\/|\/$/g, "");
    const { componentChunkName } = JSON.parse(fs.readFileSync(path.join(publicDir, "page-data", dir, "page-data.json"), "utf8"));
    if (!byTemplate.has(componentChunkName)) byTemplate.set(componentChunkName, sitePath);
  }
  return [...byTemplate.values()];
}

test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });

for (const sitePath of onePagePerTemplate()) {
  test(`${sitePath}: the largest paint on a phone is not a lazily loaded image`, async ({ page, baseURL }) => {
    await routeExperienceApi(page, baseURL!, { stubOthers: true });
    await page.addInitScript(() => {
      const w = window as unknown as { __largestPaint?: { tag: string; loading: string | null; src: string } };
      new PerformanceObserver((list) => {
        const entry = list.getEntries().at(-1) as (PerformanceEntry & { element?: Element | null; url?: string }) | undefined;
        if (entry)
          w.__largestPaint = {
            tag: entry.element?.tagName ?? "",
            loading: entry.element?.getAttribute("loading") ?? null,
            src: entry.url ?? "",
          };
      }).observe({ type: "largest-contentful-paint", buffered: true });
    });
    await page.goto(sitePath, { waitUntil: "load" });
    await expect.poll(() => page.evaluate(() => (window as unknown as { __largestPaint?: unknown }).__largestPaint)).toBeTruthy();
    const largest = await page.evaluate(
      () => (window as unknown as { __largestPaint: { tag: string; loading: string | null; src: string } }).__largestPaint,
    );
    if (largest.tag === "IMG") expect(largest.loading, `largest paint ${largest.src}`).not.toBe("lazy");
  });
}
