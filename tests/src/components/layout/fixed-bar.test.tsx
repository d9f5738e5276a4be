// @vitest-environment jsdom
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { ThemeProvider } from "styled-components";
import { theme } from "../../../../src/theme/theme";

vi.mock("gatsby", async () => (await import("../../../fixtures/gatsby-mock")).gatsbyMock);
const { FixedBar } = await import("../../../../src/components/layout/fixed-bar");

const urls = { signup: "/members/register/", demo: "/lp/get-a-demo/" };
const eligible = JSON.stringify({ employeeCount: 50, country: "Canada" });

/** The bar decides in a task of its own after hydration: run that task. */
const afterHydration = () => act(() => void vi.runOnlyPendingTimers());
function visit(pathname: string, search = "") {
  window.history.replaceState(null, "", pathname + search);
  const view = render(
    <ThemeProvider theme={theme}>
      <FixedBar pathname={pathname} urls={urls} />
    </ThemeProvider>,
  );
  afterHydration();
  return view;
}
const bar = () => document.querySelector("[data-fixed-bar]");
const visible = () => bar()?.getAttribute("data-visible") === "true";
function scrollTo(y: number, documentHeight = 6000, viewport = 800) {
  Object.defineProperty(window, "scrollY", { value: y, configurable: true });
  Object.defineProperty(window, "innerHeight", { value: viewport, configurable: true });
  Object.defineProperty(document.documentElement, "scrollHeight", { value: documentHeight, configurable: true });
  act(() => void window.dispatchEvent(new Event("scroll")));
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  localStorage.clear();
  scrollTo(0);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("Fixed call-to-action bar (docs/product-rules.md#fixed-bar, #fixed-bar-eligibility)", () => {
  it("home: the trial bar appears at a third of the page minus the viewport, then stops listening", () => {
    const remove = vi.spyOn(window, "removeEventListener");
    visit("/");
    expect(bar()).toHaveAttribute("data-fixed-bar", "trial");
    expect(visible()).toBe(false);
    scrollTo(1199); // 6000 / 3 - 800 = 1200
    expect(visible()).toBe(false);
    scrollTo(1200);
    expect(visible()).toBe(true);
    expect(screen.getByText("Get started in minutes with a free account.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sign Up Free" })).toHaveAttribute("href", "/members/register/");
    expect(remove).toHaveBeenCalledWith("scroll", expect.any(Function));
    remove.mockRestore();
  });

  it("product pages: the demo bar only for eligible visitors, its link flagged demofixedcta=true", () => {
    visit("/pricing/");
    expect(bar()).toBeNull();
    cleanup();
    localStorage.setItem("ziDetails", JSON.stringify({ employeeCount: 50, country: "India" }));
    visit("/pricing/");
    expect(bar()).toBeNull();
    cleanup();
    localStorage.setItem("ziDetails", eligible);
    visit("/pricing/");
    scrollTo(5000);
    expect(visible()).toBe(true);
    expect(screen.getByText("We’d love to show you the magic of the product.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Book a Demo" })).toHaveAttribute("href", "/lp/get-a-demo/?demofixedcta=true");
  });

  it("no bar on pages outside the list", () => {
    localStorage.setItem("ziDetails", eligible);
    visit("/blog/");
    expect(bar()).toBeNull();
  });

  it("closing stores the variant's own dismissed flag and hides the bar for good", () => {
    visit("/", "");
    scrollTo(5000);
    fireEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(visible()).toBe(false);
    expect(JSON.parse(localStorage.getItem("nd_trial_bar_dismissed")!)).toMatchObject({ value: true });
    expect(localStorage.getItem("nd_demo_bar_dismissed")).toBeNull();
    cleanup();
    visit("/");
    expect(bar()).toBeNull();
  });

  it("the bar's button dismisses it too", () => {
    localStorage.setItem("ziDetails", eligible);
    visit("/shared-inbox/");
    scrollTo(5000);
    document.addEventListener("click", (event) => event.preventDefault(), { once: true }); // jsdom cannot navigate
    fireEvent.click(screen.getByRole("link", { name: "Book a Demo" }));
    expect(localStorage.getItem("nd_demo_bar_dismissed")).not.toBeNull();
    expect(visible()).toBe(false);
  });

  it("show_fixed_cta_bar=1 forces it visible at once, even where it is not listed", () => {
    visit("/blog/", "?show_fixed_cta_bar=1");
    expect(visible()).toBe(true);
  });

  it("decides in a task of its own after hydration, not in the hydrating commit (no storage read there)", () => {
    window.history.replaceState(null, "", "/?show_fixed_cta_bar=1");
    const read = vi.spyOn(Storage.prototype, "getItem");
    render(
      <ThemeProvider theme={theme}>
        <FixedBar pathname="/" urls={urls} />
      </ThemeProvider>,
    );
    expect(read).not.toHaveBeenCalled();
    expect(bar()).toBeNull();
    afterHydration();
    expect(read).toHaveBeenCalled();
    expect(visible()).toBe(true);
    read.mockRestore();
  });

  it("the demo bar stays shown after navigating to /lp/get-a-demo/ or /pricing/contact-based/, and hides elsewhere", () => {
    localStorage.setItem("ziDetails", eligible);
    visit("/pricing/");
    scrollTo(5000);
    expect(visible()).toBe(true);
    cleanup();
    scrollTo(0);
    visit("/lp/get-a-demo/");
    expect(visible()).toBe(true);
    cleanup();
    visit("/pricing/contact-based/");
    expect(visible()).toBe(true);
    cleanup();
    visit("/shared-inbox/");
    expect(visible()).toBe(false);
  });
});
