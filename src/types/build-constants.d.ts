/** Set by webpack's DefinePlugin in browser and SSR bundles (src/config/index.ts personalizationSdkConstant); absent under vitest. */
declare const PERSONALIZATION_SDK: boolean | undefined;
/** The early script's path (src/node/bundling/early-script.ts), set by webpack's DefinePlugin; absent under vitest. */
declare const EARLY_SCRIPT_SRC: string | undefined;
/** A Contentful Live Preview build (src/config/index.ts browserBuildConstants, docs/content.md#live-preview); absent under vitest. */
declare const LIVE_PREVIEW_BUILD: boolean | undefined;
