/** Gatsby Node APIs: a dispatcher; the work lives in src/node. */
import type { GatsbyNode } from "gatsby";
import {
  browserBuildConstants,
  checkServerSettings,
  livePreviewConstant,
  personalizationSdkConstant,
  publicVariables,
  readServerConfig,
} from "./src/config";
import { sourceEmbeddedContent } from "./src/node/local/source-embedded";
import { isLocalNode } from "./src/node/local/source-nodes";
import { openSourcingState } from "./src/node/sourcing/sourcing-state";
import { contentRoot, watchingContent } from "./src/config/content";
import { createPages as createAllPages } from "./src/node/create-pages";
import path from "node:path";
import { copyIcons, ICONS_PUBLIC_DIR, removeLegacyStaticIcons } from "./src/node/content/icons";
import { applySecurityHeaders } from "./src/node/hosting/security-headers";
import { readThirdPartySettings } from "./src/config/third-party";
import { BUILT_PAGES_CACHE, readBuiltPagesInParallel } from "./src/node/html/html-output";
import { sourceHubSpotForms } from "./src/node/hubspot/source";
import { writeFunctionForms } from "./src/node/lead-forms";
import { writeRobotsTxt } from "./src/node/hosting/robots";
import { HYDRATION_WITHOUT_SIDE_EFFECTS } from "./src/node/bundling/webpack-rules";
import { AppScriptsSlicePlugin } from "./src/node/bundling/app-scripts-slice";
import { earlyScriptConstant } from "./src/node/bundling/early-script";
import { checkPublicSettings } from "./src/config/schema";

export { createSchemaCustomization } from "./src/node/customize-schema";
export { createResolvers } from "./src/node/schema/resolvers";

export const onPreInit: GatsbyNode["onPreInit"] = async ({ reporter }) => {
  // Every setting first (src/config/schema.ts, server-schema.ts): a bad value fails the build with the variable's name.
  try {
    checkServerSettings();
    for (const warning of checkPublicSettings(publicVariables()).warnings) reporter.warn(warning);
  } catch (error) {
    reporter.panic((error as Error).message);
  }
  // Before Gatsby compiles the functions (onPreBootstrap): they bundle the forms (src/node/lead-forms.ts).
  try {
    const forms = await writeFunctionForms(__dirname, readServerConfig());
    reporter.verbose(`lead forms for the functions: ${forms.map((f) => f.alternative_id).join(", ")}`);
  } catch (error) {
    reporter.panic(`lead forms for the functions: ${(error as Error).message}`);
  }
};

// After Gatsby has decided whether to empty public/ (a changed config or plugin clears it).
export const onPreBootstrap: GatsbyNode["onPreBootstrap"] = ({ reporter }) => {
  if (removeLegacyStaticIcons(__dirname))
    reporter.info("icons: removed static/icons left by an earlier build (now copied to public/icons)");
  const { copied, total } = copyIcons(path.join(__dirname, ICONS_PUBLIC_DIR));
  reporter.verbose(`icons: ${total} in ${ICONS_PUBLIC_DIR} (${copied} updated)`);
};

// The site's sources keep their own nodes between builds (src/node/sourcing/stateful-nodes.ts, src/node/sourcing/sourcing-state.ts).
export const sourceNodes: GatsbyNode["sourceNodes"] = async (args) => {
  const config = readServerConfig();
  const state = openSourcingState(__dirname, args.actions);
  let hubspotFormIds: Set<string>;
  try {
    hubspotFormIds = await sourceHubSpotForms(config.hubspotForms, args, state);
  } catch (error) {
    return args.reporter.panic(`HubSpot forms could not be sourced (HUBSPOT_ACCESS_TOKEN is set): ${(error as Error).message}`);
  }
  if (config.contentful) {
    // gatsby-source-contentful sources the entries (src/node/contentful); no embedded nodes are left over.
    state.sync(args, "local", [], isLocalNode);
    return state.save();
  }
  // In develop, edits under content/ update the nodes as they are saved (src/node/local/source-embedded.ts).
  sourceEmbeddedContent(contentRoot(__dirname), args, { skipFormIds: hubspotFormIds, watch: watchingContent(), state });
};

// Personalization unset: the SDK chunk is not even emitted (src/personalization/load-sdk.ts).
// Every stage knows the early script's path (src/node/bundling/early-script.ts bundles it once).
// The browser build also writes the pages' scripts slice, Gatsby's with its chunk map in a file (src/node/bundling/app-scripts-slice.ts).
export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = ({ actions, plugins, stage }) => {
  actions.setWebpackConfig({
    plugins: [
      plugins.define({
        ...browserBuildConstants(),
        ...personalizationSdkConstant(),
        ...livePreviewConstant(),
        ...earlyScriptConstant(__dirname),
      }),
      ...(stage === "build-javascript" ? [new AppScriptsSlicePlugin(path.join(__dirname, "public"))] : []),
    ],
    module: { rules: [HYDRATION_WITHOUT_SIDE_EFFECTS] },
  });
};

export const createPages: GatsbyNode["createPages"] = (args) => createAllPages(args);

// Each page Gatsby (re)wrote is read once: NUL bytes from React 18's streaming renderer removed, inline
// scripts hashed (src/node/html/html-output.ts); then the one policy and the host's rules (src/node/hosting/security-headers.ts).
export const onPostBuild: GatsbyNode["onPostBuild"] = async ({ reporter }) => {
  // Crawlers: the production site is indexed, every other build is closed to them (src/lib/robots.ts).
  writeRobotsTxt(path.join(__dirname, "public"));
  const started = performance.now();
  const publicDir = path.join(__dirname, "public");
  const { pages, fixed, parsed, threads } = await readBuiltPagesInParallel(publicDir, path.join(__dirname, BUILT_PAGES_CACHE));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  reporter.info(
    `built pages: ${parsed} of ${pages.length} read in ${seconds} s by ${threads} thread(s) (the rest unchanged since the last build)`,
  );
  if (fixed.length) reporter.info(`removed stray NUL bytes (React 18 streaming renderer) from ${fixed.join(", ")}`);
  applySecurityHeaders(reporter, __dirname, pages, readThirdPartySettings(), { reportOnly: readServerConfig().csp.reportOnly });
};
