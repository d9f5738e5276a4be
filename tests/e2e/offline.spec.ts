/**
 * Offline and deploys (docs/product-rules.md#page-resources, #site-runtime-requests) in Chromium against the e2e build, served by
 * a static host of our own (tests/e2e/static-host.ts) so a test can go offline and deploy a new release.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test as base } from "./fixtures";
import { trapCspViolations } from "./csp";
import { open } from "./helpers";
import { makeRelease } from "./release";
import { startStaticHost, type StaticHost } from "./static-host";

const PUBLIC = path.resolve(__dirname, "../../public");

const test = base.extend<{ host: StaticHost }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures destructure their dependencies
  host: async ({}, provide) => {
    const host = await startStaticHost([PUBLIC]);
    await provide(host);
    await host.close();
  },
  baseURL: async ({ host }, provide) => provide(host.url),
});

/** Waits until gatsby-plugin-offline's service worker is active and controls the page (it claims clients). */
async function controlledByServiceWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), { timeout: 20_000 }).toBe("activated");
}

/** A client-side navigation, as a click on a Gatsby <Link> does. */
async function navigate(page: Page, to: string) {
  await page.evaluate((target) => (window as unknown as { ___navigate: (to: string) => void }).___navigate(target), to);
  await expect(page).toHaveURL(new RegExp(`${to.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
  await expect(page.locator("h1")).toBeVisible();
}

/** The compilation hash of the document in the tab (null while a navigation replaces it). */
const compilationHash = (page: Page) =>
  page.evaluate(() => (window as unknown as { ___webpackCompilationHash: string }).___webpackCompilationHash).catch(() => null);
const h1 = (page: Page) => page.locator("h1").innerText();

test.describe("service worker (gatsby-plugin-offline)", () => {
  test("visited pages keep working offline: client-side navigation and reloads, the app shell within the site's policy", async ({
    page,
    context,
  }) => {
    // the app shell the worker answers a reload with is a page of its own: the one site-wide policy allows its scripts too
    const violations = await trapCspViolations(page);
    await open(page, "/");
    const home = await h1(page);
    await controlledByServiceWorker(page);
    await navigate(page, "/pricing/");
    const pricing = await h1(page);
    await navigate(page, "/blog/");

    await context.setOffline(true);
    // Offline for the service worker too: something never fetched is not there.
    expect(
      await page.evaluate(() =>
        fetch("/page-data/dei/page-data.json").then(
          (r) => r.status,
          () => "failed",
        ),
      ),
    ).toBe("failed");

    await navigate(page, "/pricing/");
    expect(await h1(page)).toBe(pricing);
    // /pricing/ was only ever reached client-side: the service worker serves it from the app shell.
    await page.reload();
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    expect(await h1(page)).toBe(pricing);
    await page.goto("/");
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    expect(await h1(page)).toBe(home);
    await navigate(page, "/blog/");

    await context.setOffline(false);
    await navigate(page, "/dei/");
    expect(violations).toEqual([]);
  });

  test("after a deploy, an open tab and a returning visitor get the new release, not a stale site", async ({ page, context, host }) => {
    const post = "/blog/support-staffing-model/";
    await open(page, "/");
    await controlledByServiceWorker(page);
    await navigate(page, post);
    await page.reload(); // the post's HTML is now in the service worker's cache too
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    const title = await h1(page);
    const oldHash = await compilationHash(page);

    const release = makeRelease(PUBLIC, fs.mkdtempSync(path.join(os.tmpdir(), "nd-release-")), {
      path: post,
      from: title,
      to: `${title}, revised`,
    });
    try {
      const deployedAt = host.requests.length;
      host.deploy([release.dir, PUBLIC]);

      // The open tab: its next navigation sees the new compilation hash and loads the new release in full.
      await page.evaluate(() => ((window as unknown as { beforeDeploy: boolean }).beforeDeploy = true));
      await navigate(page, "/");
      await expect.poll(() => compilationHash(page)).toBe(release.hash);
      await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
      expect(await page.evaluate(() => (window as unknown as { beforeDeploy?: boolean }).beforeDeploy)).toBeUndefined();
      await navigate(page, post);
      expect(await h1(page)).toBe(`${title}, revised`);

      // A returning visitor (a new tab of the same browser, service worker and caches in place).
      await page.close();
      const again = await context.newPage();
      await open(again, post);
      expect(await h1(again)).toBe(`${title}, revised`);
      expect(await compilationHash(again)).toBe(release.hash);
      expect(oldHash).not.toBe(release.hash);

      // Browsers check sw.js on navigations: the new one was fetched and installed: the new app shell is precached.
      await expect.poll(() => host.requests.slice(deployedAt).includes("/sw.js"), { timeout: 20_000 }).toBe(true);
      await expect
        .poll(
          () =>
            again.evaluate(async (revision) => {
              for (const name of await caches.keys())
                for (const request of await (await caches.open(name)).keys())
                  if (request.url.includes("offline-plugin-app-shell-fallback") && request.url.includes(revision)) return true;
              return false;
            }, release.shellRevision),
          { timeout: 20_000 },
        )
        .toBe(true);

      // The new release's worker is installed (its app shell is precached) and is asked to take over at once
      // (workbox's skipWaiting, and again by open pages: src/browser/service-worker.ts). When it does is the
      // browser's call: Chromium activates it once the old worker is idle, and in about one run in fifteen it
      // stayed waiting for more than 20 s with no event of the old worker open (docs/browser-runtime.md#offline-and-deploys).
      // Either way pages go to the network first, so a reload shows the new release.
      await again.reload();
      await expect(again.locator("html[data-hydrated]")).toHaveCount(1);
      expect(await h1(again)).toBe(`${title}, revised`);
      // Installed: waiting behind the old worker, or active already.
      await expect
        .poll(
          () =>
            again
              .evaluate(async () => {
                const registration = await navigator.serviceWorker.getRegistration();
                return !!registration?.active && !registration.installing;
              })
              .catch(() => false),
          { timeout: 20_000 },
        )
        .toBe(true);
    } finally {
      fs.rmSync(release.dir, { recursive: true, force: true });
    }
  });
});

test.describe("chunk-load failure (docs/product-rules.md#page-resources)", () => {
  // Without a service worker, so the failing chunk is the browser's own request.
  test.use({ serviceWorkers: "block" });

  test("a page whose code chunk cannot load sends the visitor back to the last visited path", async ({ page }) => {
    // Gatsby's chunk map (the pages load it as a file: src/node/bundling/app-scripts-slice.ts)
    const chunkMap = fs.readFileSync(path.join(PUBLIC, "chunk-map.json"), "utf8");
    const chunk = chunkMap.match(/\/(component---src-templates-landing-page-tsx-[0-9a-f]+\.js)/)?.[1];
    expect(chunk, "the pricing page's template chunk").toBeTruthy();
    await open(page, "/blog/");
    const blog = await h1(page);

    let failures = 0;
    await page.route(`**/${chunk}`, (route) => {
      failures++;
      return route.abort("failed");
    });
    const documents: string[] = [];
    page.on("domcontentloaded", () => documents.push(new URL(page.url()).pathname));

    // Gatsby's loader gives up on the chunk and loads /pricing/ in full; its chunk fails again, and the
    // recovery (src/browser/chunk-recovery.ts) returns to /blog/, once, without a loop.
    await page.evaluate(() => (window as unknown as { ___navigate: (to: string) => void }).___navigate("/pricing/"));
    await expect.poll(() => documents).toEqual(["/pricing/", "/blog/"]);
    await expect(page).toHaveURL(/\/blog\/$/);
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    expect(await h1(page)).toBe(blog);
    expect(failures).toBeGreaterThanOrEqual(2);
    // Back on a working page the recovery flag is cleared, so a later failure recovers again.
    expect(await page.evaluate(() => sessionStorage.getItem("nd_chunk_recovery"))).toBeNull();

    // Once the chunk loads again, the page works.
    await page.unroute(`**/${chunk}`);
    await navigate(page, "/pricing/");
  });
});
