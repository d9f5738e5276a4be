/**
 * The handover contract between the page's inline scripts, the early script and the app bundles
 * (docs/browser-runtime.md#handover-globals): every global one of them leaves on `window` for another, in one
 * place. Each is set once per page load by the first script that needs it and read by the later ones.
 *
 * | global | set by | read by |
 * |---|---|---|
 * | `__ndStart` | inline bootstrap: starts Gatsby's app scripts | early script (app-start.ts) |
 * | `__ndEarlyReady` | inline bootstrap: replays the input it held | early script (early.ts) |
 * | `__ndEarly` | early script: the landing's recorded view, its listeners | runtime, bootstrap (stops holding clicks) |
 * | `__ndPageView` | early script: the landing's page view | runtime's tracker (adopts it) |
 * | `__ndPersonalization` | early script: the profile request's answer | personalization SDK wrapper |
 * | `__ndConsent` | early script (or the bundles): the consent face | everything optional |
 * | `__ndAttribution` | early script: attribution writes held until `analytics` is granted | runtime |
 */
export const START_GLOBAL = "__ndStart";
export const RELEASE_GLOBAL = "__ndEarlyReady";
export const EARLY_GLOBAL = "__ndEarly";
export const PAGE_VIEW_GLOBAL = "__ndPageView";
export const EARLY_PERSONALIZATION_GLOBAL = "__ndPersonalization";
export const CONSENT_GLOBAL = "__ndConsent";
export const ATTRIBUTION_GLOBAL = "__ndAttribution";
