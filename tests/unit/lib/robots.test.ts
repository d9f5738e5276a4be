import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { isIndexedSite, robotsTxt } from "../../../src/lib/robots";
import { SITEMAP_INDEX_PATH, sitemapOptions } from "../../../src/node/plugin-options";

const www = "www.northdesk.com";

describe("robots.txt (SPEC 2.4: only the production host is crawled)", () => {
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
