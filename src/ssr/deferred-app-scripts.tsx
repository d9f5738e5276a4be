import { createElement, isValidElement, type ReactNode } from "react";
import { APP_SCRIPTS_SLICE, GATSBY_SCRIPTS_SLICE } from "../lib/app-scripts-slice";

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
 * anything, and one small inline script (the same text on every page, so one CSP hash) inserts a copy of
 * it once the page has loaded, its priority images have decoded and a frame has been painted; or at the
 * first key or pointer press, if that comes sooner. The scripts then run as usual (Gatsby's loader
 * sees the document already loaded and hydrates at once); only when they start has moved. The template
 * holds the site's copy of that slice, whose chunk map is a script file rather than inline text
 * (src/node/bundling/app-scripts-slice.ts), which keeps the HTML, fetched whole before the first paint, smaller.
 *
 * This leans on Gatsby internals (the slice id, and stitching that fills the slice wherever its
 * placeholder is): `tests/e2e/largest-paint.spec.ts` fails when a built page loads a script outside the
 * template, or when the page does not hydrate. Without slices (GATSBY_SLICES off), or after a Gatsby
 * release renames the slice, nothing is wrapped and that test fails. To remove: drop the
 * `deferAppScripts` call in gatsby-ssr.tsx.
 */

/** The id of the template holding Gatsby's scripts. */
export const DEFERRED_SCRIPTS_ID = "gatsby-deferred-scripts";

/** How long after the load event the scripts wait for a painted frame (none comes in a background tab). */
const FRAME_WAIT_MS = 1000;

/**
 * Runs in the page, right after the template. Plain ES5, written small (it is in every page's HTML, and
 * a page's HTML is fetched whole before it paints): it runs before any polyfill and is not compiled.
 * Decoding first: an image that has loaded is painted only once decoded (decoding="async"); the second
 * animation frame comes after the frame that painted it. That frame may still be on its way to the
 * screen, though: the largest paint's time is when it is presented, which can come after the next frame
 * has begun (a page without a hero, whose load event fires before its first paint, then started its
 * scripts a few milliseconds before its largest paint). So where the browser reports largest paints, the
 * scripts also wait for one to be reported (buffered: one already presented counts at once). Input
 * listeners stay (start runs once). The template's nodes go in one by one, in order: after a script file
 * without `async` (the chunk map's), the rest waits until it has run, as a parser waits for such a script.
 */
export const DEFERRED_SCRIPTS_LOADER =
  `(function(){var d=document,s=0;function go(){if(!s){s=1;var c=d.importNode(d.getElementById(${JSON.stringify(DEFERRED_SCRIPTS_ID)}).content,!0);` +
  `(function n(){for(var e;(e=c.firstChild);){d.body.appendChild(e);if(e.src&&!e.hasAttribute("async")){e.onload=e.onerror=n;return}}})()}}` +
  `function f(){requestAnimationFrame(function(){requestAnimationFrame(function(){var P=window.PerformanceObserver,t="largest-contentful-paint";` +
  `P&&(P.supportedEntryTypes||[]).indexOf(t)>=0?new P(function(e,o){o.disconnect();setTimeout(go)}).observe({type:t,buffered:!0}):setTimeout(go)})})}` +
  `function l(){setTimeout(go,${FRAME_WAIT_MS});Promise.all([].map.call(d.querySelectorAll("img[fetchpriority=high]"),function(i){return i.decode().catch(n)})).then(f)}function n(){}` +
  `addEventListener("pointerdown",go,!0);addEventListener("keydown",go,!0);d.readyState=="complete"?l():addEventListener("load",l)})()`;

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
 * Gatsby's post-body components with its scripts slice replaced by the site's, inside the template, and
 * the loader after it. Components without Gatsby's slice are returned as they are.
 */
export function deferAppScripts(components: ReactNode[]): ReactNode[] {
  if (!components.some(isScriptsSlice)) return components;
  return components.flatMap<ReactNode>((component) =>
    isScriptsSlice(component)
      ? [
          <template key={DEFERRED_SCRIPTS_ID} id={DEFERRED_SCRIPTS_ID}>
            {appScriptsSlice()}
          </template>,
          <script key={`${DEFERRED_SCRIPTS_ID}-loader`} dangerouslySetInnerHTML={{ __html: DEFERRED_SCRIPTS_LOADER }} />,
        ]
      : [component],
  );
}
