/**
 * createSchemaCustomization, a dispatcher: the shared contract (src/node/schema), then each source's
 * implementation of it (src/node/{local,contentful,hubspot}/schema.ts).
 */
import type { GatsbyNode } from "gatsby";
import { interfaceTypeDefs, sharedTypes } from "./schema";
import { imageAssetType, registerSharedExtensions } from "./schema/extensions";
import { isLocalImage, localImageData } from "./local/images";
import { localSchemaTypes } from "./local/schema";
import { contentfulImageData, contentfulTypeDefs, registerContentfulExtensions, textOf } from "./contentful/schema";
import { hubspotTypeDefs } from "./hubspot/schema";
import { readServerConfig } from "../config";
import { registerEntryIdExtension } from "./preview/entry-id";

export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = ({ actions, schema, cache }) => {
  const { createTypes, createFieldExtension } = actions;
  registerSharedExtensions(createFieldExtension, {
    // A Markdown body names an image by its path under content/ (embedded) or by its asset URL (Contentful).
    imageData: (src, args, context, info) => (isLocalImage(src) ? localImageData : contentfulImageData)(src, args, context, info),
    readText: textOf,
    cache,
  });
  registerEntryIdExtension(createFieldExtension, readServerConfig().livePreview !== undefined);
  createTypes([imageAssetType(schema), sharedTypes, interfaceTypeDefs()]);

  // The embedded source's types are always declared: the generated query types do not depend on the source.
  createTypes(localSchemaTypes(schema));
  if (readServerConfig().contentful) {
    registerContentfulExtensions(createFieldExtension);
    createTypes(contentfulTypeDefs());
  }
  createTypes(hubspotTypeDefs());

  // Gatsby infers Site from the config, which has an adapter only in a Netlify build: declared here, the
  // generated query types are the same whichever way the site was built.
  createTypes(["type SiteAdapter { name: String }", "type Site implements Node { adapter: SiteAdapter }"]);
};
