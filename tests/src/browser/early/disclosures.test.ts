// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HOVER_CLOSE_MS, installDisclosures, readDisclosures } from "../../../../src/browser/early/disclosures";

const header = `
<header>
  <nav id="m-menu">
    <ul>
      <li><button type="button" data-disclosure="drawer" aria-expanded="false" aria-controls="m-product"><span>Product</span></button>
        <div id="m-product" inert=""><a href="/inbox/">Inbox</a></div></li>
      <li><button type="button" data-disclosure="drawer" aria-expanded="false" aria-controls="m-pricing">Pricing</button>
        <div id="m-pricing" inert=""><a href="/pricing/">Plans</a></div></li>
    </ul>
  </nav>
  <button type="button" data-disclosure="menu" aria-expanded="false" aria-controls="m-menu">Menu</button>
</header>
<main><p id="outside">text</p></main>`;

let uninstall: () => void;
const $ = (selector: string) => document.querySelector<HTMLElement>(selector)!;
const menuButton = () => $('[data-disclosure="menu"]');
const drawerButton = (id: string) => $(`[aria-controls="m-${id}"]`);
const hoverScreen = (matches: boolean) => {
  window.matchMedia = vi.fn().mockReturnValue({ matches }) as unknown as typeof window.matchMedia;
};

beforeEach(() => {
  document.body.innerHTML = header;
  hoverScreen(false);
  uninstall = installDisclosures(document);
});
afterEach(() => {
  uninstall();
  vi.useRealTimers();
});

describe("before hydration, the header's disclosures answer the first input", () => {
  it("a tap on the menu button opens the menu and a second one closes it", () => {
    menuButton().click();
    expect(menuButton().getAttribute("aria-expanded")).toBe("true");
    expect($("#m-menu").hasAttribute("data-open")).toBe(true);
    expect(readDisclosures(document)).toEqual({ menuOpen: true, openDrawer: null });
    menuButton().click();
    expect(menuButton().getAttribute("aria-expanded")).toBe("false");
    expect($("#m-menu").hasAttribute("data-open")).toBe(false);
  });

  it("a click on a drawer button opens its drawer (Tab can enter it) and closes the other one", () => {
    drawerButton("product").querySelector("span")!.click();
    expect(readDisclosures(document)).toEqual({ menuOpen: false, openDrawer: "m-product" });
    expect($("#m-product").hasAttribute("inert")).toBe(false);
    drawerButton("pricing").click();
    expect(readDisclosures(document).openDrawer).toBe("m-pricing");
    expect($("#m-product").hasAttribute("data-open")).toBe(false);
    expect($("#m-product").hasAttribute("inert")).toBe(true);
  });

  it("the handled click stops at the document: React, once listening, does not toggle it again", () => {
    const reactRoot = vi.fn();
    document.body.addEventListener("click", reactRoot);
    menuButton().click();
    expect(reactRoot).not.toHaveBeenCalled();
  });

  it("hover opens a drawer on a wide screen with a mouse, and leaving the header closes it after the delay", () => {
    vi.useFakeTimers();
    hoverScreen(true);
    drawerButton("pricing").dispatchEvent(new MouseEvent("mouseover", { bubbles: true }));
    expect(readDisclosures(document).openDrawer).toBe("m-pricing");
    $("header").dispatchEvent(new MouseEvent("mouseout", { bubbles: true, relatedTarget: $("#outside") }));
    vi.advanceTimersByTime(HOVER_CLOSE_MS - 1);
    expect(readDisclosures(document).openDrawer).toBe("m-pricing");
    vi.advanceTimersByTime(1);
    expect(readDisclosures(document).openDrawer).toBeNull();
  });

  it("a click right after hover opened the drawer keeps it open (the pointer moved onto the button, then clicked)", () => {
    hoverScreen(true);
    drawerButton("product").dispatchEvent(new MouseEvent("mouseover", { bubbles: true }));
    drawerButton("product").click();
    expect(readDisclosures(document).openDrawer).toBe("m-product");
  });

  it("hover does nothing on a touch screen", () => {
    drawerButton("pricing").dispatchEvent(new MouseEvent("mouseover", { bubbles: true }));
    expect(readDisclosures(document).openDrawer).toBeNull();
  });

  it("Escape closes the open drawer and puts focus back on its button", () => {
    drawerButton("product").click();
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    expect(readDisclosures(document).openDrawer).toBeNull();
    expect(document.activeElement).toBe(drawerButton("product"));
  });

  it("leaves everything to React once the header is live", () => {
    $("header").setAttribute("data-live", "");
    const reactRoot = vi.fn();
    document.body.addEventListener("click", reactRoot);
    menuButton().click();
    expect(menuButton().getAttribute("aria-expanded")).toBe("false");
    expect(reactRoot).toHaveBeenCalledOnce();
  });
});
