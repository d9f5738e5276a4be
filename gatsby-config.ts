import path from "node:path";
import type { GatsbyConfig } from "gatsby";
import { readServerConfig, typegenOnBuild } from "./src/config";
import { CONTENT_IMAGES } from "./src/config/content";
import { netlifyAdapter } from "./src/node/hosting/netlify-adapter";
import { installFirst, previewAccess } from "./src/node/preview/access";
import {
  contentfulOptions,
  manifestOptions,
  offlineOptions,
  sharpOptions,
  sitemapOptions,
  styledComponentsOptions,
} from "./src/node/plugin-options";

const config = readServerConfig();
const contentDir = config.contentDir ?? path.join(__dirname, "content");

const gatsbyConfig: GatsbyConfig = {
  siteMetadata: { siteUrl: config.siteUrl, title: "Northdesk" },
  graphqlTypegen: { typesOutputPath: "src/gatsby-types.d.ts", generateOnBuild: typegenOnBuild() },
  trailingSlash: "always",
  jsxRuntime: "automatic",
  // For Netlify, detected as Gatsby detects it (NETLIFY or NETLIFY_LOCAL: src/config netlifyAdapterDetected):
  // CDN, functions and the host's header rules, which onPostBuild computes (src/node/hosting/security-headers.ts);
  // no gatsby-config `headers`, which Gatsby would repeat for every file.
  adapter: config.netlify ? netlifyAdapter(__dirname, { onNetlifyBuild: config.netlifyBuild }) : undefined,
  // The Contentful Live Preview server (`npm run develop:preview`): its secret, cookie and framing headers
  // (docs/content.md#live-preview).
  developMiddleware: config.livePreview
    ? (app: Parameters<typeof installFirst>[0]) => installFirst(app, previewAccess(config.livePreview!))
    : undefined,
  plugins: [
    { resolve: "gatsby-plugin-styled-components", options: styledComponentsOptions },
    "gatsby-plugin-image",
    { resolve: "gatsby-plugin-sharp", options: sharpOptions },
    "gatsby-transformer-sharp",
    // One content source: Contentful when configured (src/node/contentful), else the embedded content,
    // whose images (content/images) come through the filesystem source (the entries themselves are read by
    // src/node/local). Only that folder: scanning all of content/ would walk every post on every build.
    config.contentful
      ? { resolve: "gatsby-source-contentful", options: contentfulOptions(config.contentful) }
      : { resolve: "gatsby-source-filesystem", options: { name: CONTENT_IMAGES.name, path: path.join(contentDir, CONTENT_IMAGES.folder) } },
    { resolve: "gatsby-plugin-sitemap", options: sitemapOptions },
    { resolve: "gatsby-plugin-manifest", options: manifestOptions },
    // Must come after the manifest plugin so the manifest is cached.
    { resolve: "gatsby-plugin-offline", options: offlineOptions },
  ],
};

export default gatsbyConfig;
