/** Options of the Gatsby plugins configured in gatsby-config.ts, kept out of it so they can be tested. */
import type { ContentfulConfig } from "../config";
import { IMAGE_DEFAULTS } from "../lib/image-url";

/**
 * gatsby-source-contentful (docs/architecture.md#configuration): the Delivery API by default, the Preview API
 * with CONTENTFUL_HOST=preview.contentful.com and a preview token.
 */
export function contentfulOptions(config: ContentfulConfig) {
  if (!/^[a-zA-Z0-9-_.]{1,64}$/.test(config.spaceId)) throw new Error("CONTENTFUL_SPACE_ID is not a Contentful space id");
  if (!/^[a-zA-Z0-9-_.]{1,64}$/.test(config.environment)) throw new Error("CONTENTFUL_ENVIRONMENT is not an environment id");
  if (config.host !== undefined && !/^[a-zA-Z0-9.-]+(:\d{1,5})?$/.test(config.host))
    throw new Error("CONTENTFUL_HOST is a host name with an optional port, without a scheme or path");
  return {
    spaceId: config.spaceId,
    accessToken: config.accessToken,
    environment: config.environment,
    ...(config.host ? { host: config.host } : {}),
    downloadLocal: false,
    enableTags: false,
    // Type names from content type ids (`nt_experience` → ContentfulNtExperience), which src/node/contentful/schema.ts
    // declares; by default the plugin uses the display names ("Ninetailed Experience"), which editors may rename.
    useNameForId: false,
  };
}

/**
 * gatsby-plugin-sharp: every blurred placeholder of the embedded content at the site's placeholder size and format
 * (IMAGE_DEFAULTS; docs/techniques/small-html.md#placeholders). Contentful's placeholders are its plugin's own.
 */
export const sharpOptions = {
  defaults: { blurredOptions: { width: IMAGE_DEFAULTS.placeholderWidth, toFormat: IMAGE_DEFAULTS.placeholderFormat } },
};

// docs/product-rules.md#design-tokens "Site manifest".
export const manifestOptions = {
  name: "Northdesk",
  short_name: "Northdesk",
  start_url: "/",
  background_color: "#ffffff",
  theme_color: "#4176fa",
  display: "minimal-ui",
  icon: "src/images/icon.png",
  icons: [
    { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
    { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
  ],
  cache_busting_mode: "none",
} as const;

/** A runtime-caching pattern for this site's own URLs only. */
const SAME_ORIGIN = (path: RegExp) => new RegExp(`(?<=^https?://[^/]+)${path.source}`);

/**
 * gatsby-plugin-offline: HTML and page data go to the network first, so a new deploy is seen at once; hashed
 * assets stay cache-first (their names change when they do).
 */
/**
 * gatsby-plugin-styled-components: class names are the style hash and the component id only (`sc-ji9v18-5
 * kxGDGr`), without the file and component name the plugin prefixes by default
 * (`header__NavButton-sc-ji9v18-5`). See docs/techniques/small-html.md.
 */
export const styledComponentsOptions = { displayName: false, fileName: false };

export const offlineOptions = {
  precachePages: [],
  // offline, a visited page whose HTML is not cached gets the app shell; a new release's worker takes over (see the file)
  appendScript: "src/sw/append.js",
  workboxConfig: {
    runtimeCaching: [
      { urlPattern: /(\.js$|\.css$|static\/)/, handler: "CacheFirst" },
      { urlPattern: SAME_ORIGIN(/\/page-data\/.*\.json/), handler: "NetworkFirst", options: { networkTimeoutSeconds: 3 } },
      { urlPattern: SAME_ORIGIN(/\/(slice-data|page-data\/sq)\/.*\.json/), handler: "NetworkFirst", options: { networkTimeoutSeconds: 3 } },
      { urlPattern: SAME_ORIGIN(/\/.*\.(png|jpg|jpeg|webp|avif|svg|gif|ico|woff2?)$/), handler: "StaleWhileRevalidate" },
      { urlPattern: SAME_ORIGIN(/\/[^.]*\/?(\?.*)?$/), handler: "NetworkFirst", options: { networkTimeoutSeconds: 3 } },
    ],
  },
};

/** Pages the sitemap leaves out: error pages, the design-system catalogue, members' pages, the offline shell. */
const SITEMAP_EXCLUDED_PATHS = new Set([
  "/404/",
  "/404.html",
  "/500/",
  "/dev-404-page/",
  "/design-system/",
  "/offline-plugin-app-shell-fallback/",
]);
const SITEMAP_EXCLUDED_PREFIXES = ["/members/"];
export const excludedFromSitemap = (pagePath: string): boolean =>
  SITEMAP_EXCLUDED_PATHS.has(pagePath) || SITEMAP_EXCLUDED_PREFIXES.some((prefix) => pagePath.startsWith(prefix));

/**
 * One predicate for the excluded pages (the plugin calls `filterPages` once per page and `excludes` entry): its
 * default compiles a minimatch pattern for every page and every entry, on every build.
 */
export const sitemapOptions = {
  output: "/",
  excludes: [excludedFromSitemap],
  filterPages: (page: { path: string }, excluded: (pagePath: string) => boolean) => excluded(page.path),
};

/** Where gatsby-plugin-sitemap writes its index (named by the plugin, in the `output` folder); robots.txt names it. */
export const SITEMAP_INDEX_PATH = `${sitemapOptions.output}sitemap-index.xml`;
