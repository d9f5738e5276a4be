/**
 * The wiring of static islands, server-rendered blocks that need no React in the browser
 * (docs/architecture.md#lighthouse-and-main-thread, main thread).
 */
import { hovering, isClientNavigation, isCurrentPage, viewportPrefetcher } from "./internal-link";
import { isFilePath } from "../lib/paths";

export const ISLAND_ATTRIBUTE = "data-island";
export const ACTION_ATTRIBUTE = "data-island-action";

/** Things an island's buttons can do, by the name in their `data-island-action`. */
export type IslandActions = Record<string, () => void>;

/** Whether the server rendered the island `id` into this document, i.e. whether React is hydrating it now. */
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

/** Gives a kept island what hydration would have: client-side navigation, prefetching and its actions. */
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
