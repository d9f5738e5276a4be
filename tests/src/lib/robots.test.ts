import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { isIndexedSite, robotsTxt } from "../../../src/lib/robots";
import { excludedFromSitemap, SITEMAP_INDEX_PATH, sitemapOptions } from "../../../src/node/plugin-options";

const www = "www.northdesk.com";

describe("robots.txt (docs/product-rules.md#hosts: only the production host is crawled)", () => {
  it("production: allows everything and names the sitemap index on www", () => {
    expect(robotsTxt({ siteUrl: "https://www.northdesk.com", marketingHost: www, sitemapPath: SITEMAP_INDEX_PATH })).toBe(
      "User-agent: *\nAllow: /\n\nSitemap: https://www.northdesk.com/sitemap-index.xml\n",
    );
  });

  it.each(["https://staging.northdesk.com", "https://deploy-preview-42--northdesk.netlify.app", "http://localhost:9000", "not a url"])(
    "%s: disallows everything",
    (siteUrl) => expect(robotsTxt({ siteUrl, marketingHost: www, sitemapPath: SITEMAP_INDEX_PATH })).toBe("User-agent: *\nDisallow: /\n"),
  );

  it("the host comparison ignores case, a trailing dot and the scheme", () => {
    expect(isIndexedSite("https://WWW.Northdesk.com/", "www.northdesk.com.")).toBe(true);
    expect(isIndexedSite("http://www.northdesk.com", www)).toBe(true);
    expect(isIndexedSite("https://northdesk.com", www)).toBe(false);
  });

  it("the sitemap leaves out error pages, the design system, members' pages and the offline shell, and keeps the rest", () => {
    const excluded = (pagePath: string) => sitemapOptions.excludes.some((entry) => sitemapOptions.filterPages({ path: pagePath }, entry));
    for (const pagePath of [
      "/404/",
      "/404.html",
      "/500/",
      "/design-system/",
      "/members/login/",
      "/members/register/",
      "/offline-plugin-app-shell-fallback/",
    ])
      expect(excluded(pagePath), pagePath).toBe(true);
    for (const pagePath of ["/", "/pricing/", "/blog/", "/blog/csat-vs-nps/", "/authors/hannah-cole/page/2/", "/members-area-guide/"])
      expect(excluded(pagePath), pagePath).toBe(false);
    expect(excludedFromSitemap("/members/")).toBe(true);
  });

  it("names the file gatsby-plugin-sitemap writes (its index in the configured output folder)", () => {
    expect(sitemapOptions.output).toBe("/");
    expect(SITEMAP_INDEX_PATH).toBe("/sitemap-index.xml");
  });
});

describe("writeRobotsTxt (the build step)", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "robots-"));
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it.each([
    ["https://www.northdesk.com", "Sitemap: https://www.northdesk.com/sitemap-index.xml"],
    ["https://staging.northdesk.com", "Disallow: /"],
  ])("SITE_URL=%s writes public/robots.txt with %s", async (siteUrl, line) => {
    vi.stubEnv("SITE_URL", siteUrl);
    const { writeRobotsTxt } = await import("../../../src/node/robots");
    writeRobotsTxt(dir);
    expect(fs.readFileSync(path.join(dir, "robots.txt"), "utf8")).toContain(line);
  });
});
