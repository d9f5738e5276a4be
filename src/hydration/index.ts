/**
 * The public face of the main-thread machinery (static islands, deferred hydration, the hydration
 * marker). Components and templates import from here only; the implementation may move behind it.
 */
export { StaticIsland, type StaticIslandProps } from "../components/layout/static-island";
export { deferHydration } from "../components/layout/defer-hydration";
