/**
 * Loads the SDK chunk. A build-time conditional: without a client id, PERSONALIZATION_SDK is false
 * (src/config/index.ts personalizationSdkConstant), webpack drops the branch and never emits the SDK chunk.
 * Outside webpack (vitest) the constant is absent and the SDK is never loaded.
 */
export const loadPersonalizationSdk = typeof PERSONALIZATION_SDK !== "undefined" && PERSONALIZATION_SDK ? () => import("./sdk") : undefined;
