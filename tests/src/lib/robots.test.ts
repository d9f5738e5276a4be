import { describe, expect, it } from "vitest";
import { isIndexedSite, robotsTxt } from "../../../src/lib/robots";
import { SITEMAP_INDEX_PATH } from "../../../src/node/plugin-options";

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
});
