import { createElement, isValidElement, type ReactNode } from "react";
import { APP_SCRIPTS_SLICE, DEFERRED_SCRIPTS_ID, GATSBY_SCRIPTS_SLICE } from "../lib/app-scripts-slice";

/** Gatsby's app scripts start once the page's largest paint is on screen (docs/techniques/deferred-app-scripts.md). */

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

/** Gatsby's post-body components with its scripts slice replaced by the site's, inside the template. */
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
