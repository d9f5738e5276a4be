import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { expect, test } from "./fixtures";
import { builtPaths } from "./site-paths";
import { routeExperienceApi } from "./experience-api-route";
import { EARLY_FILE } from "../../src/node/bundling/early-script";
import { IMAGE_DEFAULTS } from "../../src/lib/image-url";

/**
 * docs/architecture.md#page-load (Lighthouse mobile): on a phone-sized screen the largest paint of every template is
 * never an image the browser was told to load lazily; that image is found only after layout and loads
 * last, the Lighthouse "lcp-lazy-loaded" failure. A hero or a list's first card loads eagerly instead.
 *
 * Page load (LCP within 1.15× of the page without scripts, docs/page-load.md): no script is fetched
 * until the largest paint is on screen, so none competes with it for bandwidth or main thread, and the
 * page still hydrates after it. This also fails when Gatsby's app scripts escape the deferred template
 * (src/ssr/deferred-app-scripts.tsx leans on Gatsby's scripts slice).
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

/** The early script, the one script meant to arrive before the paint: `/static/` + the build's early file name. */
const isEarlyScript = (pathname: string) => path.posix.dirname(pathname) === "/static" && EARLY_FILE.test(path.posix.basename(pathname));

for (const sitePath of onePagePerTemplate()) {
  // Lighthouse counts a script against the largest paint when it had arrived (and ran) before that paint:
  // a script requested while the paint is being presented is not one of them.
  test(`${sitePath}: no script arrives before the largest paint, and the page hydrates after it`, async ({ page, baseURL }) => {
    await routeExperienceApi(page, baseURL!, { stubOthers: true });
    await page.addInitScript(() => {
      const w = window as unknown as { __paints: number[] };
      w.__paints = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__paints.push(entry.startTime);
      }).observe({ type: "largest-contentful-paint", buffered: true });
    });
    await page.goto(sitePath);
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    const { paints, scripts } = await page.evaluate(() => ({
      paints: (window as unknown as { __paints: number[] }).__paints,
      scripts: (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
        .filter((e) => /\.m?js$/.test(new URL(e.name).pathname) || e.initiatorType === "script")
        .map((e) => ({ url: e.name, start: Math.round(e.startTime), end: Math.round(e.responseEnd) })),
    }));
    expect(paints.length, "a largest paint was reported").toBeGreaterThan(0);
    expect(scripts.length, "the page loaded its scripts").toBeGreaterThan(0);
    const largestPaint = Math.round(paints.at(-1)!);
    // The early script is the one script meant to run this soon (attribution and the first tap,
    // docs/page-load.md#the-first-second): inserted after the first frame, small, and held to the same LCP
    // budget by npm run bench. Every other script, Gatsby's app bundles first of all, waits for the paint.
    const early = scripts.filter((s) => s.end <= largestPaint && !isEarlyScript(new URL(s.url).pathname));
    expect(early, `scripts that arrived before the largest paint at ${largestPaint} ms`).toEqual([]);
  });
}

// The blurred placeholders inlined in the HTML are the site's size and format (IMAGE_DEFAULTS, applied through
// gatsby-plugin-sharp's defaults: src/node/plugin-options.ts), a third of the bytes of the plugin's 20 px PNG
// (docs/techniques/small-html.md#placeholders). Fails if a plugin upgrade stops reading those defaults.
test("every inline image placeholder of the built site is the site's placeholder size and format", async () => {
  const found = new Map<string, string>();
  for (const sitePath of builtPaths(publicDir)) {
    const html = fs.readFileSync(path.join(publicDir, ...sitePath.split("/").filter(Boolean), "index.html"), "utf8");
    for (const [, type, data] of html.matchAll(/url\(&quot;data:image\/([a-z+]+);base64,([A-Za-z0-9+/=]+)&quot;\)/g))
      found.set(data, `${sitePath} ${type}`);
  }
  expect(found.size, "the built site has blurred placeholders").toBeGreaterThan(0);
  for (const [data, where] of found) {
    const { format, width } = await sharp(Buffer.from(data, "base64")).metadata();
    expect({ format, width }, where).toEqual({ format: IMAGE_DEFAULTS.placeholderFormat, width: IMAGE_DEFAULTS.placeholderWidth });
  }
});
