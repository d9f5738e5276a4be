// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { LocationContext } from "@gatsbyjs/reach-router";

vi.mock("gatsby", async () => (await import("../../../fixtures/gatsby-mock")).gatsbyMock);
const { navigate } = await import("gatsby");
const { SiteLink } = await import("../../../../src/components/ui/site-link");

const loader = { enqueue: vi.fn(), hovering: vi.fn() };
const at = (pathname: string) => ({ location: { pathname, search: "", hash: "" } });

describe("SiteLink: an internal link that behaves like gatsby's <Link>", () => {
  beforeEach(() => {
    vi.mocked(navigate).mockClear();
    (window as unknown as { ___loader: typeof loader }).___loader = loader;
    window.history.replaceState(null, "", "/blog/");
  });
  afterEach(cleanup);

  it("is a plain anchor with the site's href, so it works before hydration and without JavaScript", () => {
    render(<SiteLink to="/pricing">Pricing</SiteLink>);
    expect(screen.getByRole("link", { name: "Pricing" })).toHaveAttribute("href", "/pricing/");
  });

  it("navigates client-side on a plain left click, adding a history entry", () => {
    render(<SiteLink to="/pricing/">Pricing</SiteLink>);
    const notPrevented = fireEvent.click(screen.getByRole("link", { name: "Pricing" }));
    expect(notPrevented).toBe(false);
    expect(navigate).toHaveBeenCalledWith("/pricing/", { replace: false });
  });

  it("replaces the history entry when the link points at the page shown", () => {
    render(<SiteLink to="/blog/">Blog</SiteLink>);
    fireEvent.click(screen.getByRole("link", { name: "Blog" }));
    expect(navigate).toHaveBeenCalledWith("/blog/", { replace: true });
  });

  it("leaves modified clicks, other targets and handled clicks to the browser", () => {
    const onClick = vi.fn((event: React.MouseEvent) => event.preventDefault());
    render(
      <>
        <SiteLink to="/a/">A</SiteLink>
        <SiteLink to="/b/" target="_blank">
          B
        </SiteLink>
        <SiteLink to="/c/" onClick={onClick}>
          C
        </SiteLink>
      </>,
    );
    // jsdom cannot follow links: stop the browser's own navigation after React has seen each click
    const stopNavigation = (event: Event) => event.preventDefault();
    window.addEventListener("click", stopNavigation);
    fireEvent.click(screen.getByRole("link", { name: "A" }), { ctrlKey: true });
    fireEvent.click(screen.getByRole("link", { name: "A" }), { button: 1 });
    fireEvent.click(screen.getByRole("link", { name: "B" }));
    fireEvent.click(screen.getByRole("link", { name: "C" }));
    window.removeEventListener("click", stopNavigation);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(navigate).not.toHaveBeenCalled();
  });

  it("asks Gatsby's loader for the page when hovered, and still calls the caller's handler", () => {
    const onMouseEnter = vi.fn();
    render(
      <SiteLink to="/pricing/#faq" onMouseEnter={onMouseEnter}>
        Pricing
      </SiteLink>,
    );
    fireEvent.mouseEnter(screen.getByRole("link", { name: "Pricing" }));
    expect(loader.hovering).toHaveBeenCalledWith("/pricing/");
    expect(onMouseEnter).toHaveBeenCalled();
  });

  it('marks the link to the current page aria-current="page", unless the caller decides', () => {
    render(
      <LocationContext.Provider value={at("/pricing/")}>
        <SiteLink to="/pricing/">Pricing</SiteLink>
        <SiteLink to="/blog/">Blog</SiteLink>
        <SiteLink to="/pricing/" aria-current={undefined}>
          Plans
        </SiteLink>
      </LocationContext.Provider>,
    );
    expect(screen.getByRole("link", { name: "Pricing" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("link", { name: "Blog" })).not.toHaveAttribute("aria-current");
    expect(screen.getByRole("link", { name: "Plans" })).not.toHaveAttribute("aria-current");
  });

  it("passes a ref through to the anchor (styled wrappers and focus management)", () => {
    const ref = { current: null as HTMLAnchorElement | null };
    render(
      <SiteLink to="/pricing/" ref={ref}>
        Pricing
      </SiteLink>,
    );
    expect(ref.current).toBe(screen.getByRole("link", { name: "Pricing" }));
  });
});
