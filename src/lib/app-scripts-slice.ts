/**
 * The slices holding Gatsby's app scripts, shared by the page renderer (src/ssr/deferred-app-scripts.tsx) and the build
 * step that writes the site's own (src/node/bundling/app-scripts-slice.ts). docs/page-load.md.
 */

/** Gatsby's scripts slice: its chunk map, its compilation hash and the app bundles, stitched into every page. */
export const GATSBY_SCRIPTS_SLICE = "_gatsby-scripts";

/** The same slice with the chunk map in a script file instead of inline; pages stitch this one. */
export const APP_SCRIPTS_SLICE = "northdesk-app-scripts";

/** The id of the template the page renderer holds Gatsby's scripts in, and the inline bootstrap starts them from. */
export const DEFERRED_SCRIPTS_ID = "gatsby-deferred-scripts";

/** The file slice stitching reads for a slice placeholder `<slice-start id="{id}-1">` (public/_gatsby/slices). */
export const sliceFileName = (sliceId: string) => `${sliceId}-1.html`;
