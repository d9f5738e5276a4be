/** robots.txt and page indexing (docs/product-rules.md#hosts; docs/architecture.md#configuration). */

import { normalizeHost } from "./host-names";

/** Whether a build for `siteUrl` (its canonical origin) is the production site, to be indexed. */
export function isIndexedSite(siteUrl: string, marketingHost: string): boolean {
  try {
    return normalizeHost(new URL(siteUrl).hostname) === normalizeHost(marketingHost);
  } catch {
    return false; // not a URL: never let an unknown site be indexed
  }
}

/** The robots.txt of a build: `sitemapPath` is the sitemap index's path on the site (gatsby-plugin-sitemap). */
export function robotsTxt({
  siteUrl,
  marketingHost,
  sitemapPath,
}: {
  siteUrl: string;
  marketingHost: string;
  sitemapPath: string;
}): string {
  if (!isIndexedSite(siteUrl, marketingHost)) return "User-agent: *\nDisallow: /\n";
  return `User-agent: *\nAllow: /\n\nSitemap: ${new URL(sitemapPath, siteUrl).href}\n`;
}
