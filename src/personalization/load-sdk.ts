/** Loads the SDK chunk. */
export const loadPersonalizationSdk = typeof PERSONALIZATION_SDK !== "undefined" && PERSONALIZATION_SDK ? () => import("./sdk") : undefined;
