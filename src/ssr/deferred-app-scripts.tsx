import { createElement, isValidElement, type ReactNode } from "react";
import { APP_SCRIPTS_SLICE, DEFERRED_SCRIPTS_ID, GATSBY_SCRIPTS_SLICE } from "../lib/app-scripts-slice";

/**
 * Gatsby's app scripts start once the page's largest paint is on screen (docs/techniques/deferred-app-scripts.md).
 *
 * Gatsby ends every page with its scripts (the chunk map, the compilation hash and the async
 * webpack-runtime, framework and app bundles), as the `_gatsby-scripts` slice it stitches into each page
 * after rendering. The browser fetches those bundles as soon as it sees them, next to the hero image, and
 * runs them before the image is painted: on a throttled phone that delays the largest paint well past the
 * same HTML without scripts.
 *
 * The slice is therefore rendered inside a <template>, where the browser neither fetches nor runs
 * anything. The page's bootstrap (src/ssr/early-bootstrap.ts) inserts a copy of it when the early script
 * says so (src/browser/early/app-start.ts): once the page has loaded, its priority images have decoded and
 * its largest paint is on screen; or at the first key or pointer press, if that comes sooner. The scripts
 * then run as usual (Gatsby's loader sees the document already loaded and hydrates at once); only when
 * they start has moved. The template holds the site's copy of that slice, whose chunk map is a script file
 * rather than inline text (src/node/bundling/app-scripts-slice.ts), which keeps the HTML, fetched whole
 * before the first paint, smaller.
 *
 * This leans on Gatsby internals (the slice id, and stitching that fills the slice wherever its
 * placeholder is): `tests/e2e/largest-paint.spec.ts` fails when a built page loads a script outside the
 * template, or when the page does not hydrate. Without slices (GATSBY_SLICES off), or after a Gatsby
 * release renames the slice, nothing is wrapped and that test fails. To remove: drop the
 * `deferAppScripts` call in gatsby-ssr.tsx.
 */

const isScriptsSlice = (component: ReactNode) =>
  isValidElement(component) && (component.props as { sliceId?: unknown }).sliceId === GATSBY_SCRIPTS_SLICE;

/**
 * The placeholder slice stitching fills with the site's scripts slice: Gatsby's, with the chunk map in a
 * file (src/node/bundling/app-scripts-slice.ts writes it after each webpack build).
 */
const appScriptsSlice = () => [
  createElement("slice-start", { key: "start", id: `${APP_SCRIPTS_SLICE}-1` }),
  createElement("slice-end", { key: "end", id: `${APP_SCRIPTS_SLICE}-1` }),
];

/**
 * Gatsby's post-body components with its scripts slice replaced by the site's, inside the template.
 * Components without Gatsby's slice are returned as they are.
 */
export function deferAppScripts(components: ReactNode[]): ReactNode[] {
  if (!components.some(isScriptsSlice)) return components;
  return components.map((component) =>
    isScriptsSlice(component) ? (
      <template key={DEFERRED_SCRIPTS_ID} id={DEFERRED_SCRIPTS_ID}>
        {appScriptsSlice()}
      </template>
    ) : (
      component
    ),
  );
}
