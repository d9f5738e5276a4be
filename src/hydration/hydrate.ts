/**
 * How the page's React tree takes over the server HTML (gatsby-browser's replaceHydrateFunction).
 *
 * Gatsby calls `hydrateRoot` directly, so React 18 hydrates the whole shell at default priority: one
 * task that blocks the main thread from start to finish (a long one on a throttled phone). Started inside a
 * transition, the same hydration is time-sliced: React yields every few
 * milliseconds, so input and paint are never held up for long. A click or key press on a part that has
 * not hydrated yet makes React hydrate that part at once (selective hydration), and the event replays.
 *
 * A page whose focus wrapper is empty (client-only pages) has nothing to hydrate and renders afresh,
 * as Gatsby's own default does.
 */
import type { ReactNode } from "react";
import { startTransition } from "react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";
import { GATSBY_FOCUS_WRAPPER_ID, GATSBY_ROOT_ID } from "./gatsby-internals";

type ReactDom = { createRoot: typeof createRoot; hydrateRoot: typeof hydrateRoot };

export function hydrateInTransition(element: ReactNode, container: Element | null, dom: ReactDom = { createRoot, hydrateRoot }): Root {
  if (!container) throw new Error(`The page has no #${GATSBY_ROOT_ID} element to render into`);
  const doc = container.ownerDocument;
  const focusWrapper = doc.getElementById(GATSBY_FOCUS_WRAPPER_ID);
  if (!focusWrapper || focusWrapper.children.length === 0) {
    const root = dom.createRoot(container);
    root.render(element);
    return root;
  }
  let root: Root | undefined;
  startTransition(() => {
    root = dom.hydrateRoot(container, element);
  });
  return root as Root;
}
