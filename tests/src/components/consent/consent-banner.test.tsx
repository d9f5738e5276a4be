// @vitest-environment jsdom
/**
 * The built-in consent banner's server markup (src/components/consent/consent-banner.tsx): a named region with a
 * short text and three equal buttons the early script wires by `data-consent-action`; shown by CSS only while
 * `<html data-consent="ask">`.
 */
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen, within } from "@testing-library/react";
import { gzipSync } from "node:zlib";
import axe from "axe-core";
import { renderWithStyles } from "../../../fixtures/render-with-styles";
import { ConsentBanner } from "../../../../src/components/consent/consent-banner";

afterEach(() => {
  cleanup();
  document.head.querySelectorAll("style").forEach((s) => s.remove());
  document.documentElement.removeAttribute("data-consent");
});

/** The collected CSS, without the style tag around it. */
const cssOf = (tags: string) => tags.replace(/<\/?style[^>]*>/g, "");

describe("ConsentBanner", () => {
  it("is a region named for what it asks, with three buttons in the order accept, reject, preferences", () => {
    document.documentElement.setAttribute("data-consent", "ask");
    render(<ConsentBanner />);
    const region = screen.getByRole("region", { name: "Cookie consent" });
    const buttons = within(region).getAllByRole("button");
    expect(buttons.map((b) => [b.textContent, b.getAttribute("data-consent-action"), b.getAttribute("type")])).toEqual([
      ["Accept all", "accept-all", "button"],
      ["Reject all", "reject-all", "button"],
      ["Preferences", "preferences", "button"],
    ]);
  });

  it("gives refusing the same weight as accepting: the buttons differ in nothing but their action and label", () => {
    const { html, css } = renderWithStyles(<ConsentBanner />);
    const buttons = [...html.matchAll(/<button([^>]*)>/g)].map((m) => m[1].replace(/ data-consent-action="[^"]*"/, ""));
    expect(buttons).toHaveLength(3);
    expect(new Set(buttons).size).toBe(1);
    // One row of three equal columns, one rule for every button.
    expect(cssOf(css)).toMatch(/grid-template-columns:repeat\(3, ?minmax\(0, ?1fr\)\)/);
    expect(cssOf(css)).not.toMatch(/button:(first|last|nth)/);
  });

  it('is hidden by its CSS unless <html data-consent="ask">', () => {
    const { html, css } = renderWithStyles(<ConsentBanner />);
    const rules = cssOf(css);
    const cls = /<section[^>]*class="[^"]*?(\S+)"/.exec(html)![1];
    expect(rules).toMatch(new RegExp(`\\.${cls}\\{display:none;`));
    expect(rules).toContain(`html[data-consent="ask"] .${cls}{display:block;}`);
    expect(rules).toMatch(new RegExp(`\\.${cls}\\{[^}]*position:fixed;`));

    // The same rules applied: hidden, then shown once the bootstrap marks the page.
    document.head.insertAdjacentHTML("beforeend", css);
    document.body.insertAdjacentHTML("beforeend", html);
    const banner = document.querySelector("[data-consent-banner]")!;
    expect(getComputedStyle(banner).display).toBe("none");
    document.documentElement.setAttribute("data-consent", "ask");
    expect(getComputedStyle(banner).display).toBe("block");
  });

  it("keeps its text short (never the largest paint on a phone) and its HTML small (every page carries it)", () => {
    const { html } = renderWithStyles(<ConsentBanner />);
    const text = /<p>(.*?)<\/p>/.exec(html)![1].replace(/<[^>]+>/g, "");
    expect(text.length).toBeLessThanOrEqual(120);
    expect(Buffer.byteLength(html)).toBeLessThan(700);
    expect(gzipSync(html).length).toBeLessThan(400);
  });

  it("is axe-clean (WCAG 2.2 AA; contrast, which needs layout, is computed from the tokens below)", async () => {
    document.documentElement.setAttribute("data-consent", "ask");
    const { container } = render(
      <main>
        <ConsentBanner />
      </main>,
    );
    const { violations, passes } = await axe.run(container, {
      runOnly: ["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"],
      rules: { "color-contrast": { enabled: false } },
    });
    expect(violations.map((v) => v.id)).toEqual([]);
    expect(passes.map((p) => p.id)).toEqual(expect.arrayContaining(["button-name", "link-name"]));
  });

  it("reads at AA contrast: text and buttons against their backgrounds (a link keeps the site's link colour)", () => {
    const { css } = renderWithStyles(<ConsentBanner />);
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5]
        .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
        .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const ratio = (a: string, b: string) => (Math.max(luminance(a), luminance(b)) + 0.05) / (Math.min(luminance(a), luminance(b)) + 0.05);
    const rules = cssOf(css);
    const rule = (selector: RegExp) => selector.exec(rules)![1];
    const base = rule(/\.\w+\{display:none;([^}]*)\}/);
    const colour = (block: string, property: string) => new RegExp(`(?:^|;)${property}:(#[0-9a-f]{6})`).exec(block)![1];
    expect(ratio(colour(base, "color"), colour(base, "background"))).toBeGreaterThanOrEqual(4.5);
    const button = rule(/\.\w+ button\{([^}]*)\}/);
    expect(ratio(colour(button, "color"), colour(button, "background"))).toBeGreaterThanOrEqual(4.5);
  });

  it("names the purposes and links the cookie notice and the privacy notice", () => {
    document.body.innerHTML = "";
    document.documentElement.setAttribute("data-consent", "ask");
    render(<ConsentBanner />);
    const region = screen.getByRole("region", { name: "Cookie consent" });
    expect(region.textContent).toMatch(/analytics, personalization and advertising/);
    expect(within(region).getByRole("link", { name: "Cookie notice" })).toHaveAttribute("href", "/cookie-policy/");
    expect(within(region).getByRole("link", { name: "Privacy notice" })).toHaveAttribute("href", "/privacy/");
  });
});
