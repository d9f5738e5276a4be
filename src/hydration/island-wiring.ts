/**
 * The wiring of static islands, server-rendered blocks that need no React in the browser (docs/architecture.md#lighthouse-and-main-thread, main thread).
 *
 * Most of a marketing page is text, images and links. Hydrating it builds a fiber, runs styled-components and
 * compares props for every element, only to find what the server already wrote: on a landing page that is most
 * of the script time after the first paint. A block wrapped in <StaticIsland> keeps the server's DOM instead — React
 * adopts its wrapper element and skips everything inside (see static-island.tsx) — and this module gives the
 * kept DOM what React would have:
 * - a plain left click on a link to a page of this site navigates client-side (gatsby's `navigate`), replacing
 *   the history entry when the link points at the current page;
 * - hovering a link asks Gatsby's loader to fetch that page's resources, and a link that scrolls into view
 *   queues its page for prefetching (the shared observer of internal-link.ts);
 * - a button marked `data-island-action="name"` runs the island's action of that name.
 *
 * Islands are static only while React hydrates the page the server rendered: an island mounted after a
 * client-side navigation renders its children like any component (see isServerIsland).
 */
import { hovering, isClientNavigation, isCurrentPage, viewportPrefetcher } from "./internal-link";
import { isFilePath } from "../lib/paths";

export const ISLAND_ATTRIBUTE = "data-island";
export const ACTION_ATTRIBUTE = "data-island-action";

/** Things an island's buttons can do, by the name in their `data-island-action`. */
export type IslandActions = Record<string, () => void>;

/**
 * Whether the server rendered the island `id` into this document, i.e. whether React is hydrating it now.
 *
 * Ids match only while React hydrates: useId gives the server and a hydrating client the same tree-based id
 * (":R…:"), and any client render a counter-based one (":r…:"). So an island mounted after a client-side
 * navigation, or rendered afresh after a mismatch in a boundary around it, finds nothing here and renders its
 * children, even while the previous page's DOM is still in the document.
 */
export function isServerIsland(id: string, doc: Document | undefined = globalThis.document): boolean {
  if (!doc) return false;
  for (const element of doc.querySelectorAll(`[${ISLAND_ATTRIBUTE}]`)) if (element.getAttribute(ISLAND_ATTRIBUTE) === id) return true;
  return false;
}

/**
 * The address a link in the kept DOM navigates to client-side, or null when the browser should follow it:
 * another origin, a target or download attribute, a file rather than a page, or only a hash on this page.
 */
export function sitePageOf(anchor: HTMLAnchorElement, base: string): string | null {
  const href = anchor.getAttribute("href");
  if (!href || !href.startsWith("/") || href.startsWith("//")) return null;
  if (anchor.hasAttribute("download") || anchor.target) return null;
  const url = new URL(href, "http://site.invalid");
  if (isFilePath(url.pathname)) return null;
  const prefix = base.endsWith("/") ? base.slice(0, -1) : base;
  const path = prefix && url.pathname.startsWith(`${prefix}/`) ? url.pathname.slice(prefix.length) : url.pathname;
  return `${path}${url.search}${url.hash}`;
}

type LinkClick = Pick<MouseEvent, "button" | "metaKey" | "altKey" | "ctrlKey" | "shiftKey" | "defaultPrevented" | "preventDefault">;

/**
 * Routes a click on a link of server-rendered HTML (a kept island, or a hydrated Markdown body) as SiteLink
 * would: a plain left click on a page of this site navigates client-side, replacing the history entry when
 * the link points at the current page. Anything else is left to the browser.
 */
export function navigateOnClick(
  event: LinkClick,
  anchor: HTMLAnchorElement | null,
  base: string,
  navigate: (to: string, options?: { replace?: boolean }) => unknown,
): void {
  const to = anchor && sitePageOf(anchor, base);
  if (!anchor || !to || !isClientNavigation(event, anchor.target || undefined)) return;
  event.preventDefault();
  const pathname = anchor.ownerDocument.defaultView?.location.pathname ?? "";
  navigate(to, { replace: isCurrentPage(anchor.getAttribute("href") ?? "", pathname) });
}

export interface IslandContext {
  /** Gatsby's client-side navigate. */
  navigate: (to: string, options?: { replace?: boolean }) => unknown;
  /** The site's path prefix ("" or "/prefix"). */
  base: string;
  /** The island's current actions, read on each click. */
  actions?: () => IslandActions | undefined;
}

const anchorOf = (target: EventTarget | null, island: Element): HTMLAnchorElement | null => {
  const anchor = target instanceof Element ? target.closest("a") : null;
  return anchor && island.contains(anchor) ? anchor : null;
};

/**
 * Gives a kept island what hydration would have: client-side navigation, prefetching and its actions.
 * Returns the function that takes it all back (the island unmounts).
 */
export function wireIsland(island: HTMLElement, context: IslandContext): () => void {
  const onClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest(`[${ACTION_ATTRIBUTE}]`) : null;
    if (button && island.contains(button)) {
      const action = context.actions?.()?.[button.getAttribute(ACTION_ATTRIBUTE) ?? ""];
      if (action) action();
      return;
    }
    navigateOnClick(event, anchorOf(event.target, island), context.base, context.navigate);
  };
  const onMouseOver = (event: MouseEvent) => {
    const anchor = anchorOf(event.target, island);
    const to = anchor && sitePageOf(anchor, context.base);
    // mouseover bubbles from every child: only entering the link from outside it counts, as mouseenter would
    if (to && !(event.relatedTarget instanceof Node && anchor.contains(event.relatedTarget))) hovering(to);
  };
  const observed: HTMLAnchorElement[] = [];
  for (const anchor of island.querySelectorAll("a")) {
    const to = sitePageOf(anchor, context.base);
    if (!to) continue;
    viewportPrefetcher.observe(anchor, to);
    observed.push(anchor);
  }
  island.addEventListener("click", onClick);
  island.addEventListener("mouseover", onMouseOver);
  return () => {
    island.removeEventListener("click", onClick);
    island.removeEventListener("mouseover", onMouseOver);
    for (const anchor of observed) viewportPrefetcher.unobserve(anchor);
  };
}
