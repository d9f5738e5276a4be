/**
 * The one public face of the main-thread machinery (docs/techniques/README.md#one-face-for-the-machinery):
 * static islands, deferred hydration and the hydration marker, hydration in a transition, server-style
 * adoption, the internal link engine behind SiteLink, and Gatsby's private globals.
 */
export { StaticIsland, type StaticIslandProps } from "./static-island";
export { ACTION_ATTRIBUTE, navigateOnClick, type IslandActions } from "./island-wiring";
export { HydrationSuspense, deferHydration } from "./defer-hydration";
export { shellHydrated } from "./hydration-marker";
export { hydrateInTransition } from "./hydrate";
export { adoptableServerStyles } from "./server-styles";
export { hovering, internalHref, isClientNavigation, isCurrentPage, isPlainLeftClick, viewportPrefetcher } from "./internal-link";
export { gatsbyLoader, gatsbyNavigate, type WithGatsbyLoader } from "./gatsby-internals";
