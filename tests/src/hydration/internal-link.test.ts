import { describe, expect, it, vi } from "vitest";
import {
  ViewportPrefetcher,
  hovering,
  internalHref,
  isClientNavigation,
  isCurrentPage,
  isPlainLeftClick,
  pagePath,
  prefetch,
  type PrefetchLoader,
} from "../../../src/hydration/internal-link";

const click = (over: Partial<MouseEvent> = {}) => ({
  button: 0,
  metaKey: false,
  altKey: false,
  ctrlKey: false,
  shiftKey: false,
  defaultPrevented: false,
  ...over,
});

describe("internal links (gatsby-link's behaviour, docs/architecture.md#lighthouse-and-main-thread)", () => {
  it("renders the href gatsby-link would: trailing slash always, files, query and hash kept, path prefix in front", () => {
    expect(internalHref("/pricing")).toBe("/pricing/");
    expect(internalHref("/pricing/")).toBe("/pricing/");
    expect(internalHref("/")).toBe("/");
    expect(internalHref("/lp/personalized-customer-experience")).toBe("/lp/personalized-customer-experience/");
    expect(internalHref("/blog?page=2#latest")).toBe("/blog/?page=2#latest");
    expect(internalHref("/pricing/#faq")).toBe("/pricing/#faq");
    expect(internalHref("/sitemap-index.xml")).toBe("/sitemap-index.xml");
    expect(internalHref("/legal/dpa.pdf")).toBe("/legal/dpa.pdf");
    expect(internalHref("/pricing", (path) => `/site${path}`)).toBe("/site/pricing/");
  });

  it("prefetches by path and query, without the hash", () => {
    expect(pagePath("/pricing/?a=1#faq")).toBe("/pricing/?a=1");
    expect(pagePath("/pricing/")).toBe("/pricing/");
  });

  it("leaves clicks with another button, a modifier key, a target or an earlier handler to the browser", () => {
    expect(isClientNavigation(click(), undefined)).toBe(true);
    expect(isClientNavigation(click({ button: 1 }), undefined)).toBe(false);
    for (const key of ["metaKey", "altKey", "ctrlKey", "shiftKey"] as const)
      expect(isClientNavigation(click({ [key]: true }), undefined)).toBe(false);
    expect(isClientNavigation(click({ defaultPrevented: true }), undefined)).toBe(false);
    expect(isClientNavigation(click(), "_blank")).toBe(false);
    // the same click rule the decorated-link and Markdown handlers use, which judge targets themselves
    expect(isPlainLeftClick(click())).toBe(true);
    expect(isPlainLeftClick(click({ shiftKey: true }))).toBe(false);
    expect(isPlainLeftClick(click({ defaultPrevented: true }))).toBe(false);
  });

  it("replaces the history entry only for a link to the page shown", () => {
    expect(isCurrentPage("/pricing/", "/pricing/")).toBe(true);
    expect(isCurrentPage("/pricing/#faq", "/pricing/")).toBe(false);
    expect(isCurrentPage("/blog/", "/pricing/")).toBe(false);
    expect(isCurrentPage("/customers/café/", "/customers/caf%C3%A9/")).toBe(true);
  });

  const windowAt = (pathname: string, search = "") => {
    const loader: PrefetchLoader = { enqueue: vi.fn(), hovering: vi.fn() };
    return { ___loader: loader, location: { pathname, search } };
  };

  it("queues other pages for Gatsby's loader, never the page shown, and does nothing without a loader", () => {
    const win = windowAt("/pricing/");
    prefetch("/blog/#top", win);
    prefetch("/pricing/", win);
    expect(win.___loader.enqueue).toHaveBeenCalledTimes(1);
    expect(win.___loader.enqueue).toHaveBeenCalledWith("/blog/");
    expect(() => prefetch("/blog/", { location: { pathname: "/", search: "" } })).not.toThrow();
    expect(() => prefetch("/blog/", undefined)).not.toThrow();
  });

  it("tells the loader which page the pointer is over", () => {
    const win = windowAt("/");
    hovering("/pricing/#faq", win);
    expect(win.___loader.hovering).toHaveBeenCalledWith("/pricing/");
  });

  describe("one observer for every link", () => {
    /** A link element; `closed` puts it inside a closed (inert) drawer. */
    const link = (closed = false) =>
      ({ closest: (selector: string) => (closed && selector === "[inert]" ? {} : null) }) as unknown as Element;
    const setup = () => {
      let callback: IntersectionObserverCallback = () => {};
      const observer = { observe: vi.fn(), unobserve: vi.fn() };
      const create = vi.fn((cb: IntersectionObserverCallback) => {
        callback = cb;
        return observer;
      });
      const visible = vi.fn();
      const prefetcher = new ViewportPrefetcher(create, visible);
      const show = (target: Element, isIntersecting = true) =>
        callback([{ target, isIntersecting, intersectionRatio: isIntersecting ? 1 : 0 } as IntersectionObserverEntry], observer as never);
      return { prefetcher, observer, create, visible, show };
    };

    it("creates a single observer however many links there are", () => {
      const { prefetcher, observer, create } = setup();
      for (let i = 0; i < 100; i++) prefetcher.observe(link(), `/p${i}/`);
      expect(create).toHaveBeenCalledTimes(1);
      expect(observer.observe).toHaveBeenCalledTimes(100);
    });

    it("prefetches a link's page once, when it first comes into view, then stops watching it", () => {
      const { prefetcher, observer, visible, show } = setup();
      const pricing = link();
      prefetcher.observe(pricing, "/pricing/");
      show(pricing, false);
      expect(visible).not.toHaveBeenCalled();
      show(pricing);
      show(pricing);
      expect(visible).toHaveBeenCalledTimes(1);
      expect(visible).toHaveBeenCalledWith("/pricing/");
      expect(observer.unobserve).toHaveBeenCalledWith(pricing);
    });

    it("does not prefetch the links of a closed drawer, though they sit in the viewport", () => {
      const { prefetcher, observer, visible, show } = setup();
      const inDrawer = link(true);
      const inPage = link();
      prefetcher.observe(inDrawer, "/industry/saas/");
      prefetcher.observe(inPage, "/pricing/");
      show(inDrawer);
      show(inPage);
      expect(visible).toHaveBeenCalledTimes(1);
      expect(visible).toHaveBeenCalledWith("/pricing/");
      expect(observer.unobserve).toHaveBeenCalledWith(inDrawer);
    });

    it("forgets a link that unmounts before it was seen", () => {
      const { prefetcher, observer, visible, show } = setup();
      const pricing = link();
      prefetcher.observe(pricing, "/pricing/");
      prefetcher.unobserve(pricing);
      show(pricing);
      expect(observer.unobserve).toHaveBeenCalledWith(pricing);
      expect(visible).not.toHaveBeenCalled();
    });

    it("does nothing where IntersectionObserver is missing (hover still prefetches)", () => {
      const visible = vi.fn();
      const prefetcher = new ViewportPrefetcher(undefined, visible);
      expect(() => prefetcher.observe(link(), "/pricing/")).not.toThrow();
      expect(visible).not.toHaveBeenCalled();
    });
  });
});
