/** Gatsby Node APIs: a dispatcher; the work lives in src/node. */
import type { GatsbyNode } from "gatsby";
import { readServerConfig } from "./src/config";
import { sourceLocalContent } from "./src/node/local/source-nodes";
import { ContentError } from "./src/node/local/load-content";
import { createPages as createAllPages } from "./src/node/create-pages";
import path from "node:path";
import { copyIcons } from "./src/node/icons";

export { createSchemaCustomization } from "./src/node/customize-schema";

export const onPreInit: GatsbyNode["onPreInit"] = ({ reporter }) => {
  const { copied, total } = copyIcons(path.join(__dirname, "static", "icons"));
  reporter.verbose(`icons: ${total} in static/icons (${copied} updated)`);
};

export const sourceNodes: GatsbyNode["sourceNodes"] = (args) => {
  const dir = readServerConfig().contentDir ?? path.join(__dirname, "content");
  try {
    sourceLocalContent(dir, args);
  } catch (error) {
    if (error instanceof ContentError) args.reporter.panic(error.message);
    throw error;
  }
};

export const createPages: GatsbyNode["createPages"] = (args) => createAllPages(args);
