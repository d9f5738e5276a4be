/**
 * Gatsby's private browser globals, read here and nowhere else (lint: no-restricted-syntax in
 * eslint.config.mjs). See docs/upgrade-canaries.md.
 */

export type GatsbyNavigate = (to: string, options?: { replace?: boolean; state?: unknown }) => void;

declare global {
  interface Window {
    /** Gatsby's client-side navigate (what `navigate` from "gatsby" calls). */
    ___navigate?: GatsbyNavigate;
  }
}

/** A window (or a test's stand-in) that may carry Gatsby's loader, of the shape the caller uses. */
export type WithGatsbyLoader<Loader> = { ___loader?: Loader };

/** Gatsby's page loader (prefetching, hover, synchronous page resources), when Gatsby set it up. */
export const gatsbyLoader = <Loader>(win: WithGatsbyLoader<Loader> | undefined): Loader | undefined => win?.___loader;

/** Gatsby's navigate, when Gatsby set it up (not before the app ran, nor outside Gatsby). */
export const gatsbyNavigate = (win: Pick<Window, "___navigate">): GatsbyNavigate | undefined =>
  typeof win.___navigate === "function" ? win.___navigate : undefined;

/** The element Gatsby renders the app into, and the router's wrapper inside it (cache-dir/default-html.js, production-app.js). */
export const GATSBY_ROOT_ID = "___gatsby";
export const GATSBY_FOCUS_WRAPPER_ID = "gatsby-focus-wrapper";
