/**
 * Screenshots of key pages at phone, tablet and desktop widths, for reviewing layout changes:
 *   npm run build && npx gatsby serve --port 9124 &  then  npx tsx scripts/screenshots.ts [baseUrl] [outDir]
 * Writes PNGs to outDir (default test-results/screenshots). Uses CHROMIUM_PATH or /usr/bin/chromium.
 */
import fs from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";

const base = process.argv[2] ?? "http://localhost:9124";
const out = process.argv[3] ?? "test-results/screenshots";
const pages = (process.env.SHOT_PAGES ?? "/,/shared-inbox/,/blog/support-staffing-model/").split(",");
const widths = [375, 768, 1440];

async function main() {
  fs.mkdirSync(out, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  for (const width of widths) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, hasTouch: width < 1024, isMobile: width < 768 });
    const page = await context.newPage();
    for (const p of pages) {
      await page.goto(base + p, { waitUntil: "networkidle" });
      const name = (p.replace(/\//g, "_").replace(/^_|_$/g, "") || "home") + `-${width}`;
      await page.screenshot({ path: path.join(out, `${name}.png`) });
      if (p === "/") {
        // With a drawer open: the menu toggle first where there is one.
        const toggle = page.getByRole("button", { name: "Menu" });
        if (await toggle.isVisible()) await toggle.click();
        await page.locator("nav[aria-label=Main] button[aria-expanded]").first().click();
        await page.waitForTimeout(400);
        await page.screenshot({ path: path.join(out, `${name}-drawer.png`) });
      }
    }
    await context.close();
  }
  await browser.close();
  console.log(`screenshots in ${out}`);
}
main().catch((error) => {
  console.error(error);
  process.exit(1);
});
