/** Gatsby Node APIs: a dispatcher; the work lives in src/node. */
import type { GatsbyNode } from "gatsby";
import { browserBuildConstants, readServerConfig } from "./src/config";
import { sourceLocalContent } from "./src/node/local/source-nodes";
import { ContentError } from "./src/node/local/load-content";
import { createPages as createAllPages } from "./src/node/create-pages";
import path from "node:path";
import { copyIcons } from "./src/node/icons";
import { applySecurityHeaders, contentImageHosts, type PostBuildArgs } from "./src/node/security-headers";
import { readThirdPartySettings } from "./src/config/third-party";
import { stripNulBytes } from "./src/node/html-output";
import { sourceHubSpotForms } from "./src/node/hubspot/source";
import { writeRobotsTxt } from "./src/node/robots";

export { createSchemaCustomization } from "./src/node/customize-schema";

export const onPreInit: GatsbyNode["onPreInit"] = ({ reporter }) => {
  const { copied, total } = copyIcons(path.join(__dirname, "static", "icons"));
  reporter.verbose(`icons: ${total} in static/icons (${copied} updated)`);
};

export const sourceNodes: GatsbyNode["sourceNodes"] = async (args) => {
  const config = readServerConfig();
  let hubspotFormIds: Set<string>;
  try {
    hubspotFormIds = await sourceHubSpotForms(config.hubspotForms, args);
  } catch (error) {
    return args.reporter.panic(`HubSpot forms could not be sourced (HUBSPOT_ACCESS_TOKEN is set): ${(error as Error).message}`);
  }
  if (config.contentful) return; // gatsby-source-contentful sources the entries (src/node/contentful)
  const dir = config.contentDir ?? path.join(__dirname, "content");
  try {
    sourceLocalContent(dir, args, { skipFormIds: hubspotFormIds });
  } catch (error) {
    if (error instanceof ContentError) args.reporter.panic(error.message);
    throw error;
  }
};

// Personalization unset: the SDK chunk is not even emitted (src/config/public.ts loadPersonalizationSdk).
export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = ({ actions, plugins }) => {
  actions.setWebpackConfig({ plugins: [plugins.define(browserBuildConstants())] });
};

export const createPages: GatsbyNode["createPages"] = (args) => createAllPages(args);

// The built HTML is final first (React 18's streaming renderer can leak NUL bytes: src/node/html-output.ts),
// then each page gets its Content-Security-Policy from it (src/node/security-headers.ts).
// Gatsby types the store's methods as bare `Function`s.
export const onPostBuild: GatsbyNode["onPostBuild"] = ({ store, reporter }) => {
  // Crawlers: the production site is indexed, every other build is closed to them (src/lib/robots.ts).
  writeRobotsTxt(path.join(__dirname, "public"));
  const fixed = stripNulBytes(path.join(__dirname, "public"));
  if (fixed.length) reporter.info(`removed stray NUL bytes (React 18 streaming renderer) from ${fixed.join(", ")}`);
  applySecurityHeaders(
    { store: store as unknown as PostBuildArgs["store"], reporter },
    __dirname,
    readThirdPartySettings(),
    contentImageHosts(readServerConfig()),
  );
};
