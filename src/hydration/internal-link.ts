/**
 * What Gatsby's <Link> does for an internal link, at a fraction of its cost
 * (docs/architecture.md#lighthouse-and-main-thread). See docs/product-rules.md#constants.
 */
import { isFilePath } from "../lib/paths";
import { gatsbyLoader, type WithGatsbyLoader } from "./gatsby-internals";

export interface PrefetchLoader {
  enqueue(path: string): unknown;
  hovering(path: string): unknown;
}

type LoaderWindow = WithGatsbyLoader<PrefetchLoader> & { location: { pathname: string; search: string } };

/**
 * The href gatsby-link would render for an internal address: the site's `trailingSlash: "always"`
 * applied to the path (files excepted), query and hash kept, and the path prefix in front.
 */
export function internalHref(to: string, withPrefix: (path: string) => string = (path) => path): string {
  const cut = to.search(/[?#]/);
  const path = cut < 0 ? to : to.slice(0, cut);
  const rest = cut < 0 ? "" : to.slice(cut);
  const slashed = path === "/" || path.endsWith("/") || isFilePath(path) ? path : `${path}/`;
  return withPrefix(slashed) + rest;
}

/** The path and query of an internal address, without its hash ("/pricing/?a=1#faq" → "/pricing/?a=1"). */
export function pagePath(to: string): string {
  const hash = to.indexOf("#");
  return hash < 0 ? to : to.slice(0, hash);
}

type ClickLike = Pick<MouseEvent, "button" | "metaKey" | "altKey" | "ctrlKey" | "shiftKey" | "defaultPrevented">;

/** A plain left click nothing handled yet: no other button, no modifier key (new tab, new window, download …). */
export function isPlainLeftClick(event: ClickLike): boolean {
  return event.button === 0 && !event.defaultPrevented && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}

/** A click the site routes client-side: a plain left click on a link without a target (gatsby-link's rule). */
export function isClientNavigation(event: ClickLike, target: string | undefined): boolean {
  return isPlainLeftClick(event) && !target;
}

/** gatsby-link: navigating to the page already shown (same href, no query or hash) replaces the history entry. */
export function isCurrentPage(href: string, pathname: string): boolean {
  return encodeURI(href) === pathname;
}

/** Queues a page for prefetching unless it is the page shown. */
export function prefetch(to: string, win: LoaderWindow | undefined = globalThis.window): void {
  const loader = gatsbyLoader(win);
  if (!win || !loader) return;
  const path = pagePath(to);
  if (path !== win.location.pathname + win.location.search) loader.enqueue(path);
}

export function hovering(to: string, win: LoaderWindow | undefined = globalThis.window): void {
  gatsbyLoader(win)?.hovering(pagePath(to));
}

type ObserverFactory = (callback: IntersectionObserverCallback) => Pick<IntersectionObserver, "observe" | "unobserve">;

/** One IntersectionObserver for every link on the page: each link is prefetched once, when first seen. */
export class ViewportPrefetcher {
  private observer: Pick<IntersectionObserver, "observe" | "unobserve"> | undefined;
  private readonly paths = new WeakMap<Element, string>();

  constructor(
    private readonly createObserver: ObserverFactory | undefined,
    private readonly onVisible: (path: string) => void,
  ) {}

  observe(element: Element, to: string): void {
    if (!this.createObserver) return; // no IntersectionObserver: hover still prefetches
    this.observer ??= this.createObserver((entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting && entry.intersectionRatio <= 0) continue;
        const path = this.paths.get(entry.target);
        this.unobserve(entry.target);
        // A link in a closed drawer is inside the viewport but cannot be seen or used (the drawer is `inert`
        // while closed): not a page the visitor is about to open. Hovering it prefetches once it can be.
        if (path && !entry.target.closest("[inert]")) this.onVisible(path);
      }
    });
    this.paths.set(element, to);
    this.observer.observe(element);
  }

  unobserve(element: Element): void {
    if (!this.paths.has(element)) return;
    this.paths.delete(element);
    this.observer?.unobserve(element);
  }
}

export const viewportPrefetcher = new ViewportPrefetcher(
  typeof window !== "undefined" && "IntersectionObserver" in window ? (callback) => new IntersectionObserver(callback) : undefined,
  (path) => prefetch(path),
);
