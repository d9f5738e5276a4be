import { beforeAll, describe, expect, it, vi } from "vitest";
import { excludedFromSitemap, offlineOptions, SITEMAP_INDEX_PATH, sitemapOptions } from "../../../src/node/plugin-options";

const ORIGIN = "http://localhost:9000";

/** Which runtime-caching rule the service worker applies to a GET of `href` (routes are tried in order), by workbox's own RegExpRoute. */
let handlerOf: (href: string) => string | undefined;

beforeAll(async () => {
  // RegExpRoute compares a URL's origin with the service worker's `location`.
  Object.defineProperty(globalThis, "location", { value: new URL(`${ORIGIN}/sw.js`), configurable: true });
  // Workbox's development build explains every cross-origin URL it declines; those are the expected outcome here.
  vi.spyOn(console, "debug").mockImplementation(() => undefined);
  const { RegExpRoute } = await import("workbox-routing/RegExpRoute.mjs");
  const routes = offlineOptions.workboxConfig.runtimeCaching.map((rule) => ({
    handler: rule.handler,
    route: new RegExpRoute(rule.urlPattern, () => Promise.resolve(new Response())),
  }));
  handlerOf = (href) => {
    const url = new URL(href);
    return routes.find(({ route }) => route.match({ url, request: new Request(url), event: {} }))?.handler;
  };
});

describe("service worker runtime caching (gatsby-plugin-offline)", () => {
  it("caches the site's own pages, page data, hashed assets and images", () => {
    expect(handlerOf(`${ORIGIN}/pricing/`)).toBe("NetworkFirst");
    expect(handlerOf(`${ORIGIN}/blog/csat-vs-nps/?utm_source=x`)).toBe("NetworkFirst");
    expect(handlerOf(`${ORIGIN}/page-data/pricing/page-data.json`)).toBe("NetworkFirst");
    expect(handlerOf(`${ORIGIN}/page-data/sq/d/3437011128.json`)).toBe("NetworkFirst");
    expect(handlerOf(`${ORIGIN}/app-4f1c.js`)).toBe("CacheFirst");
    expect(handlerOf(`${ORIGIN}/static/abc/hero.png`)).toBe("CacheFirst");
    expect(handlerOf(`${ORIGIN}/icons/icon-192.png`)).toBe("StaleWhileRevalidate");
  });

  it("leaves every other origin alone: APIs, the IP lookup and CMS images are never served from a cache", () => {
    for (const href of [
      "https://experience.ninetailed.co/v2/organizations/org/environments/main/profiles/abc",
      "https://ipapi.example.com/json/",
      "https://api.hsforms.com/submissions/v3/integration/submit/123/abc",
      "https://images.ctfassets.net/space/asset/hash/hero.png?w=750&q=75",
      "https://cdn.example.com/gtm.js?id=GTM-1",
    ])
      expect(handlerOf(href), href).toBeUndefined();
  });
});

describe("sitemap (gatsby-plugin-sitemap)", () => {
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
