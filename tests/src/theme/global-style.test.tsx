// @vitest-environment jsdom
import { renderToStaticMarkup } from "react-dom/server";
import { render } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { GlobalStyle, globalCss } from "../../../src/theme/global-style";
import { theme } from "../../../src/theme/theme";

vi.mock("gatsby", async () => (await import("../../fixtures/gatsby-mock")).gatsbyMock);

describe("the site's base CSS", () => {
  it("is the theme's values written out, nothing left unresolved", () => {
    const css = globalCss();
    expect(css).toContain(`font-family:${theme.fonts.body.replace(/,\s*/g, ",")};`);
    expect(css).toContain(`color:${theme.colors.text};`);
    expect(css).toContain(`outline:3px solid ${theme.colors.focus};`);
    expect(css).toContain("scroll-padding-top:120px"); // docs/product-rules.md#hash-routes: 120px above a hash target
    expect(css).not.toMatch(/undefined|\[object|\$\{/);
    // balanced braces: one unclosed block would swallow every rule after it
    expect(css.split("{").length).toBe(css.split("}").length);
  });

  it("is minified (every page carries it in its first round trip): no comments, no spaces around punctuation", () => {
    const css = globalCss();
    expect(css).not.toMatch(/\/\*|\s[{};:,]|[{};:,]\s|\n/);
    expect(css).toContain('"Segoe UI"');
    expect(css).toContain("@media (prefers-reduced-motion:reduce){");
  });

  it("is a plain style element of the server render, not styles the browser computes again on load", async () => {
    expect(renderToStaticMarkup(<GlobalStyle />)).toBe(`<style data-global-style="">${globalCss()}</style>`);
    const { RootWrapper } = await import("../../../src/components/root-wrapper");
    const before = document.head.querySelectorAll("style").length;
    render(
      <RootWrapper>
        <p>page</p>
      </RootWrapper>,
    );
    expect(document.head.querySelectorAll("style").length).toBe(before);
  });
});
