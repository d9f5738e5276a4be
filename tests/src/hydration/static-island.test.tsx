// @vitest-environment jsdom
/**
 * Static islands (src/hydration/static-island.tsx, src/hydration/island-wiring.ts): a real server render,
 * then hydration of the same tree, as on a page load. React must keep the island's DOM without building anything
 * inside it, and the kept DOM must still behave: client-side navigation, prefetching, action buttons. After a
 * navigation or a change of its data, an island renders like any component; and nothing is lost when React
 * renders an island afresh instead of hydrating it.
 */
import React, { act, useState } from "react";
import { renderToString } from "react-dom/server";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("gatsby", async () => (await import("../../fixtures/gatsby-mock")).gatsbyMock);
const { navigate } = await import("gatsby");
const { StaticIsland } = await import("../../../src/hydration/static-island");
const { SiteLink } = await import("../../../src/components/ui/site-link");
const { isServerIsland, sitePageOf } = await import("../../../src/hydration/island-wiring");

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const loader = { enqueue: vi.fn(), hovering: vi.fn() };
let renders = 0;

function Counted({ children }: { children: React.ReactNode }) {
  renders++;
  return <p>{children}</p>;
}

function Page({ source = "a", onAction = () => {} }: { source?: string; onAction?: () => void }) {
  const [clicks, setClicks] = useState(0);
  return (
    <main>
      <button type="button" onClick={() => setClicks((n) => n + 1)}>
        hydrated {clicks}
      </button>
      <StaticIsland source={source} actions={{ notify: onAction }}>
        <Counted>text from {source}</Counted>
        <SiteLink to="/pricing/">Pricing</SiteLink>
        <a href="/blog/#latest">Latest</a>
        <a href="/guide.pdf">Guide</a>
        <a href="https://example.com/">Elsewhere</a>
        <button type="button" data-island-action="notify" onClick={onAction}>
          Act
        </button>
      </StaticIsland>
    </main>
  );
}

let container: HTMLDivElement;
let root: Root | undefined;

/** The page as the server wrote it, hydrated by React as the browser does. */
async function load(element: React.ReactElement, { hydrate = element }: { hydrate?: React.ReactElement } = {}) {
  container = document.createElement("div");
  container.innerHTML = renderToString(element);
  document.body.append(container);
  renders = 0;
  await act(async () => {
    root = hydrateRoot(container, hydrate);
  });
  return container;
}

const island = () => container.querySelector<HTMLElement>("[data-island]")!;
const link = (name: string) => [...container.querySelectorAll("a")].find((a) => a.textContent === name)!;
const hasFiber = (node: Element) => Object.keys(node).some((key) => key.startsWith("__reactFiber"));
const click = (target: Element, init: MouseEventInit = {}) =>
  target.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, button: 0, ...init }));

beforeEach(() => {
  vi.mocked(navigate).mockClear();
  loader.enqueue.mockClear();
  loader.hovering.mockClear();
  (window as unknown as { ___loader: typeof loader }).___loader = loader;
  window.history.replaceState(null, "", "/");
});

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = "";
});

describe("a static island on the page the server rendered", () => {
  it("keeps the server's DOM: nothing inside renders or gets a fiber, while the rest of the page hydrates", async () => {
    const html = (await load(<Page />)).innerHTML;
    expect(container.innerHTML).toBe(html);
    expect(renders).toBe(0);
    expect(hasFiber(island())).toBe(true);
    expect([...island().querySelectorAll("*")].some(hasFiber)).toBe(false);
    // the rest of the page is interactive
    await act(async () => void click(container.querySelector("button")!));
    expect(container.querySelector("button")!.textContent).toBe("hydrated 1");
    expect(island().innerHTML).toBe(new DOMParser().parseFromString(html, "text/html").querySelector("[data-island]")!.innerHTML);
  });

  it("navigates client-side for links to this site's pages, and leaves the others to the browser", async () => {
    await load(<Page />);
    expect(click(link("Pricing"))).toBe(false);
    expect(navigate).toHaveBeenLastCalledWith("/pricing/", { replace: false });
    expect(click(link("Latest"))).toBe(false);
    expect(navigate).toHaveBeenLastCalledWith("/blog/#latest", { replace: false });
    vi.mocked(navigate).mockClear();
    for (const name of ["Guide", "Elsewhere"]) {
      const anchor = link(name);
      anchor.addEventListener("click", (event) => event.preventDefault(), { once: true }); // jsdom cannot follow it
      click(anchor);
    }
    click(link("Pricing"), { ctrlKey: true });
    click(link("Pricing"), { button: 1 });
    expect(navigate).not.toHaveBeenCalled();
  });

  it("replaces the history entry when the link points at the page shown", async () => {
    window.history.replaceState(null, "", "/pricing/");
    await load(<Page />);
    click(link("Pricing"));
    expect(navigate).toHaveBeenCalledWith("/pricing/", { replace: true });
  });

  it("prefetches a page on hover, once per entry into the link", async () => {
    await load(<Page />);
    const anchor = link("Pricing");
    anchor.dispatchEvent(new MouseEvent("mouseover", { bubbles: true }));
    expect(loader.hovering).toHaveBeenCalledWith("/pricing/");
    link("Elsewhere").dispatchEvent(new MouseEvent("mouseover", { bubbles: true }));
    expect(loader.hovering).toHaveBeenCalledTimes(1);
  });

  it("runs an action button's action through the island (its own onClick is not attached)", async () => {
    const onAction = vi.fn();
    await load(<Page onAction={onAction} />);
    click(container.querySelector("[data-island-action]")!);
    expect(onAction).toHaveBeenCalledTimes(1);
  });

  it("renders its children when its data changes (personalization), and they are then React's", async () => {
    await load(<Page source="a" />);
    await act(async () => root!.render(<Page source="b" />));
    expect(island().querySelector("p")!.textContent).toBe("text from b");
    expect(renders).toBe(1);
    expect(hasFiber(island().querySelector("p")!)).toBe(true);
    // and the delegated behaviour is gone: the link is React's own SiteLink now
    click(link("Pricing"));
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it("loses nothing when React renders it afresh instead of hydrating (a mismatch around it)", async () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    // React reports the mismatch as an uncaught error in development; jsdom would print it
    const quiet = (event: ErrorEvent) => event.preventDefault();
    window.addEventListener("error", quiet);
    // The client tree differs in front of the island: React gives up hydrating and renders everything again.
    await load(<Page />, {
      hydrate: (
        <section>
          <Page />
        </section>
      ),
    });
    spy.mockRestore();
    window.removeEventListener("error", quiet);
    // a client render gives the island a client id (":r…:"), which no server element has: it renders its children
    expect(renders).toBe(1);
    expect(island().textContent).toContain("text from a");
    expect(link("Pricing").getAttribute("href")).toBe("/pricing/");
    click(link("Pricing"));
    expect(navigate).toHaveBeenCalledWith("/pricing/", { replace: false });
  });
});

describe("after the first client-side navigation", () => {
  it("renders its children like any component, even while the server-rendered page is still in the document", async () => {
    await load(<Page />); // the page the visit landed on, with its islands' server ids
    // A navigation mounts the next page with a client render (Gatsby keys each page by its path).
    const next = document.createElement("div");
    document.body.append(next);
    renders = 0;
    const nextRoot = createRoot(next);
    await act(async () => nextRoot.render(<Page />));
    expect(renders).toBe(1);
    const nextIsland = next.querySelector("[data-island]")!;
    expect(nextIsland.getAttribute("data-island")).not.toBe(island().getAttribute("data-island"));
    expect(hasFiber(nextIsland.querySelector("p")!)).toBe(true);
    act(() => nextRoot.unmount());
  });
});

describe("isServerIsland", () => {
  it("finds the island the server rendered by its id", () => {
    document.body.innerHTML = `<div data-island=":R1:"><p>one</p></div><div data-island=":R2:"><p>two</p></div>`;
    expect(isServerIsland(":R2:")).toBe(true);
    expect(isServerIsland(":R3:")).toBe(false);
  });
});

describe("sitePageOf", () => {
  const anchor = (href: string, attributes: Record<string, string> = {}) => {
    const a = document.createElement("a");
    a.setAttribute("href", href);
    for (const [name, value] of Object.entries(attributes)) a.setAttribute(name, value);
    return a;
  };
  it("keeps path, query and hash of a page of this site", () => {
    expect(sitePageOf(anchor("/blog/?page=2#latest"), "/")).toBe("/blog/?page=2#latest");
  });
  it("strips the site's path prefix", () => {
    expect(sitePageOf(anchor("/docs/blog/"), "/docs/")).toBe("/blog/");
    expect(sitePageOf(anchor("/docsy/"), "/docs")).toBe("/docsy/");
  });
  it("is null for other origins, hashes only, files, targets and downloads", () => {
    for (const a of [
      anchor("https://example.com/"),
      anchor("//cdn.example.com/x"),
      anchor("#faq"),
      anchor("/sitemap-index.xml"),
      anchor("/pricing/", { target: "_blank" }),
      anchor("/report/", { download: "" }),
      document.createElement("a"),
    ])
      expect(sitePageOf(a, "/")).toBeNull();
  });
});
