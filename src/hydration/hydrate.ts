/** How the page's React tree takes over the server HTML (gatsby-browser's replaceHydrateFunction). */
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
