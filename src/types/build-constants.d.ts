/** Set by webpack's DefinePlugin in browser and SSR bundles (src/config/index.ts personalizationSdkConstant); absent under vitest. */
declare const PERSONALIZATION_SDK: boolean | undefined;
