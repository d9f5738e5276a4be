// @vitest-environment jsdom
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { ThemeProvider } from "styled-components";
import { theme } from "../../../../src/theme/theme";
import { siteData } from "../../../fixtures/site-data";

vi.mock("gatsby", async () => {
  const { gatsbyMock, setStaticQueryData } = await import("../../../fixtures/gatsby-mock");
  const { siteData: data } = await import("../../../fixtures/site-data");
  setStaticQueryData(data);
  return gatsbyMock;
});
vi.mock("gatsby-plugin-image", () => ({ GatsbyImage: () => null }));
const { Header, CLOSE_DELAY_MS } = await import("../../../../src/components/layout/header");

const urls = { signup: "/members/register/", demo: "/lp/get-a-demo/", login: "https://secure.northdesk.com/members/login/" };

const navigation = {
  navItems: [
    ...siteData.navigation.navItems,
    {
      id: "resources",
      title: "Resources",
      url: null,
      columns: [
        {
          items: [
            {
              title: "Guides",
              url: null,
              text: null,
              layout: "LIST",
              color: null,
              isNew: false,
              image: null,
              imagePosition: null,
              items: [],
            },
          ],
          footer: { layout: "CTA", title: "Take the tour", text: "Five minutes", url: "/product-tour/", items: null, image: null },
        },
        {
          items: [],
          footer: { layout: "CTA", title: "CTA without a url", text: "never shown", url: null, items: null, image: null },
        },
        {
          items: [],
          footer: {
            layout: "SMALL_LIST",
            title: "More",
            text: null,
            url: null,
            image: null,
            items: [{ title: "Webinars", url: "/webinars/foundations-of-great-service/", icon: null, isNew: true }],
          },
        },
      ],
    },
  ],
};

/** jsdom has no media queries: answer them as a wide screen with a mouse, or a phone. */
function setScreen(kind: "desktop" | "phone" | "wide-touch") {
  const answers: Record<string, boolean> = {
    "(min-width: 1024px) and (hover: hover) and (pointer: fine)": kind === "desktop",
    "(min-width: 1024px)": kind !== "phone",
    "(hover: none), (pointer: coarse)": kind !== "desktop",
  };
  window.matchMedia = ((query: string) => ({
    matches: answers[query] ?? false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
}

const renderHeader = (props: Partial<React.ComponentProps<typeof Header>> = {}) =>
  render(
    <ThemeProvider theme={theme}>
      <Header navigation={navigation as never} showLogin={false} isStatic={false} urls={urls} {...props} />
    </ThemeProvider>,
  );

function scrollTo(y: number, { viewport = 800, documentHeight = 5000 } = {}) {
  Object.defineProperty(window, "scrollY", { value: y, configurable: true });
  Object.defineProperty(window, "innerHeight", { value: viewport, configurable: true });
  Object.defineProperty(document.documentElement, "scrollHeight", { value: documentHeight, configurable: true });
  act(() => {
    window.dispatchEvent(new Event("scroll"));
    vi.runOnlyPendingTimers();
  });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "requestAnimationFrame", "cancelAnimationFrame", "Date"] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  Object.defineProperty(window, "scrollY", { value: 0, configurable: true });
});

// jsdom ignores media queries, so the desktop navigation counts as display:none there: include hidden nodes.
const drawerButton = (name: string) => screen.getByRole("button", { name, hidden: true });

describe("Header drawers on a wide screen with a mouse (docs/product-rules.md#menus-and-drawers)", () => {
  beforeEach(() => setScreen("desktop"));

  it("opens a drawer on hover and closes it 100 ms after the pointer leaves the header", () => {
    const { container } = renderHeader();
    fireEvent.mouseEnter(drawerButton("Product").closest("li")!);
    expect(drawerButton("Product")).toHaveAttribute("aria-expanded", "true");
    fireEvent.mouseLeave(container.querySelector("header")!);
    act(() => vi.advanceTimersByTime(CLOSE_DELAY_MS - 1));
    expect(drawerButton("Product")).toHaveAttribute("aria-expanded", "true");
    act(() => vi.advanceTimersByTime(1));
    expect(drawerButton("Product")).toHaveAttribute("aria-expanded", "false");
  });

  it("keeps the drawer when the pointer comes back within the delay", () => {
    const { container } = renderHeader();
    const header = container.querySelector("header")!;
    fireEvent.mouseEnter(drawerButton("Product").closest("li")!);
    fireEvent.mouseLeave(header);
    act(() => vi.advanceTimersByTime(50));
    fireEvent.mouseEnter(header);
    act(() => vi.advanceTimersByTime(500));
    expect(drawerButton("Product")).toHaveAttribute("aria-expanded", "true");
  });

  it("hovering another item switches drawers; one drawer is open at a time", () => {
    renderHeader();
    fireEvent.mouseEnter(drawerButton("Product").closest("li")!);
    fireEvent.mouseEnter(drawerButton("Resources").closest("li")!);
    expect(drawerButton("Product")).toHaveAttribute("aria-expanded", "false");
    expect(drawerButton("Resources")).toHaveAttribute("aria-expanded", "true");
  });

  it("a click just after hover keeps the drawer open; a later click closes it", () => {
    renderHeader();
    fireEvent.mouseEnter(drawerButton("Product").closest("li")!);
    fireEvent.click(drawerButton("Product"));
    expect(drawerButton("Product")).toHaveAttribute("aria-expanded", "true");
    act(() => vi.advanceTimersByTime(1000));
    fireEvent.click(drawerButton("Product"));
    expect(drawerButton("Product")).toHaveAttribute("aria-expanded", "false");
  });

  it("renders column footers: CTA only with title and url, small lists with NEW badges", () => {
    renderHeader();
    fireEvent.click(drawerButton("Resources"));
    const drawer = document.getElementById(drawerButton("Resources").getAttribute("aria-controls")!)!;
    expect(within(drawer).getByRole("link", { name: /Take the tour/, hidden: true })).toHaveAttribute("href", "/product-tour/");
    expect(within(drawer).queryByText("CTA without a url")).toBeNull();
    expect(within(drawer).getByRole("link", { name: /Webinars/, hidden: true })).toHaveTextContent("NEW");
  });

  it("shows list icons from the icon set, decorative", () => {
    renderHeader();
    fireEvent.click(drawerButton("Product"));
    const icon = document.querySelector('[style*="/icons/message-circle.svg"]')!;
    expect(icon).toHaveAttribute("aria-hidden", "true");
    expect(icon.getAttribute("style")).toContain('url("/icons/message-circle.svg")');
  });
});

describe("Header menu on touch and narrow screens (docs/product-rules.md#menus-and-drawers)", () => {
  it("the overlay closes the menu; a link inside closes it too", () => {
    setScreen("phone");
    renderHeader();
    const toggle = screen.getByRole("button", { name: "Menu" });
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    fireEvent.click(screen.getByTestId("menu-overlay"));
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByTestId("menu-overlay")).toBeNull();

    fireEvent.click(toggle);
    fireEvent.click(drawerButton("Product"));
    expect(drawerButton("Product")).toHaveAttribute("aria-expanded", "true");
    fireEvent.click(screen.getByRole("link", { name: /Shared inbox/ }));
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(drawerButton("Product")).toHaveAttribute("aria-expanded", "false");
  });

  it("a click toggles a drawer; hover does nothing without a mouse", () => {
    setScreen("phone");
    renderHeader();
    fireEvent.click(screen.getByRole("button", { name: "Menu" }));
    fireEvent.mouseEnter(drawerButton("Product").closest("li")!);
    expect(drawerButton("Product")).toHaveAttribute("aria-expanded", "false");
    fireEvent.click(drawerButton("Product"));
    expect(drawerButton("Product")).toHaveAttribute("aria-expanded", "true");
    fireEvent.click(drawerButton("Product"));
    expect(drawerButton("Product")).toHaveAttribute("aria-expanded", "false");
  });

  it("on a wide screen the first drawer opens with the menu only without touch", () => {
    setScreen("wide-touch");
    renderHeader();
    fireEvent.click(screen.getByRole("button", { name: "Menu" }));
    expect(drawerButton("Product")).toHaveAttribute("aria-expanded", "false");
    cleanup();
    setScreen("desktop");
    renderHeader();
    fireEvent.click(screen.getByRole("button", { name: "Menu" }));
    expect(drawerButton("Product")).toHaveAttribute("aria-expanded", "true");
  });

  it("Escape closes the menu and returns focus to the toggle", () => {
    setScreen("phone");
    renderHeader();
    const toggle = screen.getByRole("button", { name: "Menu" });
    fireEvent.click(toggle);
    fireEvent.keyDown(document, { key: "Escape" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(toggle).toHaveFocus();
  });
});

describe("Header scroll states (docs/product-rules.md#header-states)", () => {
  beforeEach(() => setScreen("desktop"));
  const state = () => document.querySelector("header")!.getAttribute("data-scroll-state");

  it("hides after scrolling down past half the viewport and shows again after 100 px up", () => {
    renderHeader();
    expect(state()).toBe("UNINITIALIZED");
    scrollTo(300);
    expect(state()).toBe("UNINITIALIZED");
    scrollTo(1200);
    expect(state()).toBe("HIDING");
    scrollTo(1150);
    expect(state()).toBe("HIDING");
    scrollTo(1100);
    expect(state()).toBe("SHOWING");
    scrollTo(1250);
    expect(state()).toBe("SHOWING");
    scrollTo(1300);
    expect(state()).toBe("HIDING");
  });

  it("a static header is HIDING past half the viewport and never shows on the way up", () => {
    renderHeader({ isStatic: true });
    scrollTo(1200);
    expect(state()).toBe("HIDING");
    scrollTo(900);
    expect(state()).toBe("HIDING");
    scrollTo(100);
    expect(state()).toBe("UNINITIALIZED");
  });

  it("closes an open drawer when the header hides", () => {
    renderHeader();
    fireEvent.click(drawerButton("Product"));
    scrollTo(1200);
    expect(drawerButton("Product")).toHaveAttribute("aria-expanded", "false");
  });
});
