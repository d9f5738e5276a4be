// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, createEvent, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
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
const { Header } = await import("../../../../src/components/layout/header");

const urls = { signup: "/members/register/", demo: "/lp/get-a-demo/", login: "https://secure.northdesk.com/members/login/" };
const renderHeader = (props: Partial<React.ComponentProps<typeof Header>> = {}) =>
  render(
    <ThemeProvider theme={theme}>
      <Header navigation={siteData.navigation as never} showLogin={false} isStatic={false} urls={urls} {...props} />
    </ThemeProvider>,
  );

afterEach(cleanup);

describe("Header (docs/product-rules.md#navigation-and-footer, #navigation-data, #menus-and-drawers)", () => {
  it("renders nothing without navigation data", () => {
    const { container } = renderHeader({ navigation: null });
    expect(container.querySelector("header")).toBeNull();
  });
  it("shows Sign Up Free and Get a Demo, or Login on the home page", async () => {
    const user = userEvent.setup();
    renderHeader();
    await user.click(screen.getByRole("button", { name: "Menu" }));
    expect(screen.getByRole("link", { name: "Sign Up Free" })).toHaveAttribute("href", "/members/register/");
    expect(screen.getByRole("link", { name: "Get a Demo" })).toBeInTheDocument();
    cleanup();
    renderHeader({ showLogin: true });
    await user.click(screen.getByRole("button", { name: "Menu" }));
    expect(screen.getByRole("link", { name: "Login" })).toHaveAttribute("href", urls.login);
    expect(screen.queryByRole("link", { name: "Get a Demo" })).toBeNull();
  });
  it("reserves room for every personalized label of an item, keeping the accessible name the shown one", async () => {
    const user = userEvent.setup();
    const first = (siteData.navigation as { navItems: { id: string; title: string }[] }).navItems[0];
    const { container } = renderHeader({ labelAlternatives: { [first.id]: [first.title, "A much longer campaign label"] } });
    await user.click(screen.getByRole("button", { name: "Menu" }));
    const button = screen.getByRole("button", { name: first.title });
    const reserved = [...button.querySelectorAll('[aria-hidden="true"]')].find((el) => el.textContent === "A much longer campaign label");
    expect(reserved).toBeDefined();
    expect(reserved).not.toBeVisible();
    expect(screen.queryByRole("button", { name: /campaign label/ })).toBeNull();
    // Items without alternatives render their plain label.
    const withReserve = [...container.querySelectorAll("nav [aria-hidden='true']")].filter((el) => el.textContent);
    expect(withReserve).toHaveLength(1);
  });
  it("opens a drawer as a disclosure and closes it with Escape, returning focus", async () => {
    const user = userEvent.setup();
    renderHeader();
    // Narrow screen (jsdom has no media queries): the menu toggle reveals the navigation first.
    await user.click(screen.getByRole("button", { name: "Menu" }));
    const button = screen.getByRole("button", { name: "Product" });
    expect(button).toHaveAttribute("aria-expanded", "false");
    await user.click(button);
    expect(button).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByRole("link", { name: /Shared inbox/ })).toBeVisible();
    await user.keyboard("{Escape}");
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(button).toHaveFocus();
  });
  it("a phone tap on the menu and drawer buttons answers on touchend and cancels the click that would follow (docs/page-load.md#interaction-latency)", () => {
    renderHeader();
    const tap = (el: HTMLElement) => {
      const finger = { identifier: 0, clientX: 10, clientY: 10 };
      fireEvent.touchStart(el, { touches: [finger], changedTouches: [finger] });
      const end = createEvent.touchEnd(el, { touches: [], changedTouches: [finger], cancelable: true });
      fireEvent(el, end);
      return end.defaultPrevented;
    };
    const menu = screen.getByRole("button", { name: "Menu" });
    expect(tap(menu)).toBe(true);
    expect(menu).toHaveAttribute("aria-expanded", "true");
    const product = screen.getByRole("button", { name: "Product" });
    expect(tap(product)).toBe(true);
    expect(product).toHaveAttribute("aria-expanded", "true");
    expect(tap(product)).toBe(true);
    expect(product).toHaveAttribute("aria-expanded", "false");
    expect(tap(menu)).toBe(true);
    expect(menu).toHaveAttribute("aria-expanded", "false");
  });
  it("renders cards only with both title and url (docs/product-rules.md#incomplete-data)", async () => {
    renderHeader();
    expect(screen.queryByText("No url card")).toBeNull();
    expect(screen.getByText("Live chat")).toBeInTheDocument();
  });
});
