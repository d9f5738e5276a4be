// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen } from "@testing-library/react";
import { navigate } from "gatsby";
import { MarkdownContent } from "../../../../src/components/markdown/markdown-content";

vi.mock("gatsby", async () => (await import("../../../fixtures/gatsby-mock")).gatsbyMock);

const body = {
  segments: [
    {
      kind: "html",
      html: `<p>
        <a href="/pricing/?plan=plus#faq">Pricing</a>
        <a href="/">Home</a>
        <a href="/files/security-overview.pdf">Security overview (PDF)</a>
        <a href="/guides/" download>Download the guides</a>
        <a href="/careers/" target="_blank">Careers</a>
        <a href="https://status.northdesk.com/">Status</a>
        <a href="//cdn.example.com/a/">CDN</a>
        <a href="#setup">Setup</a>
      </p>`,
      form: null,
    },
  ],
} as unknown as Queries.MarkdownBodyFieldsFragment;

/**
 * Clicks a link like a visitor and says whether the page handled it (client-side) or left it to the
 * browser. The default is cancelled last, on window, so jsdom does not try to follow the link.
 */
const click = (name: string, init: MouseEventInit = {}) => {
  let handled = false;
  const last = (event: MouseEvent) => {
    handled = event.defaultPrevented;
    event.preventDefault();
  };
  window.addEventListener("click", last);
  fireEvent.click(screen.getByRole("link", { name }), { button: 0, ...init });
  window.removeEventListener("click", last);
  return handled ? "client" : "browser";
};

afterEach(() => vi.mocked(navigate).mockClear());

describe("links in a Markdown body", () => {
  it("navigates client-side to a page of the site, keeping its query and hash", () => {
    render(<MarkdownContent body={body} />);
    expect(click("Pricing")).toBe("client");
    expect(navigate).toHaveBeenCalledWith("/pricing/?plan=plus#faq", { replace: false });
  });

  it("replaces the history entry for a link to the page shown, as every other link of the site does", () => {
    render(<MarkdownContent body={body} />);
    expect(window.location.pathname).toBe("/");
    expect(click("Home")).toBe("client");
    expect(navigate).toHaveBeenCalledWith("/", { replace: true });
  });

  it("leaves files, downloads, new tabs, other origins and same-page hashes to the browser", () => {
    render(<MarkdownContent body={body} />);
    for (const name of ["Security overview (PDF)", "Download the guides", "Careers", "Status", "CDN", "Setup"])
      expect(click(name), name).toBe("browser");
    expect(navigate).not.toHaveBeenCalled();
  });

  it("leaves a modified click (new tab, new window) to the browser", () => {
    render(<MarkdownContent body={body} />);
    expect(click("Pricing", { ctrlKey: true })).toBe("browser");
    expect(click("Pricing", { shiftKey: true })).toBe("browser");
    expect(navigate).not.toHaveBeenCalled();
  });
});
