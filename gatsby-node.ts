/** Gatsby Node APIs: a dispatcher; the work lives in src/node. */
import type { GatsbyNode } from "gatsby";
import { browserBuildConstants, readServerConfig } from "./src/config";
import { sourceLocalContent } from "./src/node/local/source-nodes";
import { ContentError } from "./src/node/local/load-content";
import { createPages as createAllPages } from "./src/node/create-pages";
import path from "node:path";
import { copyIcons } from "./src/node/icons";
import { sourceHubSpotForms } from "./src/node/hubspot/source";

export { createSchemaCustomization } from "./src/node/customize-schema";

export const onPreInit: GatsbyNode["onPreInit"] = ({ reporter }) => {
  const { copied, total } = copyIcons(path.join(__dirname, "static", "icons"));
  reporter.verbose(`icons: ${total} in static/icons (${copied} updated)`);
};

export const sourceNodes: GatsbyNode["sourceNodes"] = async (args) => {
  const config = readServerConfig();
  const dir = config.contentDir ?? path.join(__dirname, "content");
  let hubspotFormIds: Set<string>;
  try {
    hubspotFormIds = await sourceHubSpotForms(config.hubspotForms, args);
  } catch (error) {
    return args.reporter.panic(`HubSpot forms could not be sourced (HUBSPOT_ACCESS_TOKEN is set): ${(error as Error).message}`);
  }
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
