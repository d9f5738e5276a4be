// @vitest-environment jsdom
import { consentFace } from "../../../../src/consent/face";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { ThemeProvider } from "styled-components";
import { theme } from "../../../../src/theme/theme";
import { siteData } from "../../../fixtures/site-data";

vi.mock("gatsby", async () => {
  const { gatsbyMock, setStaticQueryData } = await import("../../../fixtures/gatsby-mock");
  const { siteData: data } = await import("../../../fixtures/site-data");
  setStaticQueryData(data);
  return gatsbyMock;
});
const { Footer } = await import("../../../../src/components/layout/footer");

const renderFooter = (variant: "full" | "small" | "none", footer: typeof siteData.footer | null = siteData.footer) =>
  render(
    <ThemeProvider theme={theme}>
      <Footer footer={footer} social={siteData.siteSettings.social} variant={variant} name="Northdesk" />
    </ThemeProvider>,
  );

afterEach(cleanup);

describe("Footer (docs/product-rules.md#navigation-and-footer, #navigation-data)", () => {
  it("shows a current-year copyright and the four social links", () => {
    renderFooter("full");
    expect(screen.getByText(new RegExp(`© ${new Date().getFullYear()} Northdesk`))).toBeInTheDocument();
    for (const name of ["X", "Facebook", "LinkedIn", "Instagram"]) expect(screen.getByRole("link", { name })).toBeInTheDocument();
  });
  it("resolves {{key}} addresses, opens external links as plain anchors and badges Status with 99.99%", () => {
    renderFooter("full");
    const status = screen.getByRole("link", { name: /Status/ });
    expect(status).toHaveAttribute("href", "https://status.northdesk.com/");
    expect(status).toHaveTextContent("99.99%");
  });
  it("marks flagged items NEW and keeps hash links on the page", () => {
    renderFooter("full");
    expect(screen.getByRole("link", { name: /Careers/ })).toHaveTextContent("NEW");
    expect(screen.getByRole("link", { name: "Contact support" })).toHaveAttribute("href", "#contact-us");
  });
  it("renders an item without an address as clickable text: do-not-sell refuses marketing and says so", async () => {
    renderFooter("full");
    fireEvent.click(screen.getByRole("button", { name: /do not sell/i }));
    await vi.waitFor(() => expect(screen.getByRole("status")).toHaveTextContent(/will not sell or share/));
    expect(consentFace(window)!.state().granted.marketing).toBe(false);
    expect(consentFace(window)!.state().record?.method).toBe("do-not-sell");
  });
  it("names the do-not-sell link as the law words it, with the cookie preferences next to it", () => {
    renderFooter("full");
    const doNotSell = screen.getByRole("button", { name: "Do Not Sell or Share My Personal Information" });
    const preferences = screen.getByRole("button", { name: "Cookie preferences" });
    expect(preferences).toHaveAttribute("data-consent-open");
    expect(preferences).toHaveAttribute("type", "button");
    expect(doNotSell.closest("li")!.nextElementSibling).toBe(preferences.closest("li"));
  });
  it("renders raw html items", () => {
    renderFooter("full");
    expect(screen.getByText("care").tagName).toBe("STRONG");
  });
  it("small footer has only the logo and copyright; none renders nothing", () => {
    const { container } = renderFooter("small");
    expect(screen.queryByRole("link")).toBeNull();
    expect(container.textContent).toMatch(/Northdesk/);
    cleanup();
    const none = renderFooter("none");
    expect(none.container.querySelector("footer")).toBeNull();
  });
  it("renders nothing when its data is missing", () => {
    const { container } = renderFooter("full", null);
    expect(container.querySelector("footer")).toBeNull();
  });
});
