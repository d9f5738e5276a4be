// @vitest-environment jsdom
import { consentFace } from "../../../../src/consent/face";
import { afterEach, describe, expect, it, vi } from "vitest";
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
  it("small footer: logo, copyright and the legal strip; none: the legal strip alone", () => {
    const { container } = renderFooter("small");
    expect(container.querySelector("footer")).toHaveAttribute("data-footer", "small");
    expect(container.textContent).toMatch(/Northdesk/);
    expectLegalStrip(true);
    cleanup();
    const none = renderFooter("none");
    expect(none.container.querySelector("footer")).toHaveAttribute("data-footer", "legal");
    expect(none.container.querySelector("img, svg")).toBeNull();
    expectLegalStrip(true);
  });
  it("without its data the large footer is the legal strip alone", () => {
    const { container } = renderFooter("full", null);
    expect(container.querySelector("footer")).toHaveAttribute("data-footer", "legal");
    expectLegalStrip(true);
  });
  it("the large footer: the strip links the notices, and leaves the controls to the column that has them", () => {
    renderFooter("full");
    expectLegalStrip(false);
    expect(screen.getAllByRole("button", { name: DO_NOT_SELL })).toHaveLength(1);
    expect(screen.getAllByRole("button", { name: "Cookie preferences" })).toHaveLength(1);
  });
  it("the large footer whose columns lack Do Not Sell: the strip has it and Cookie preferences", () => {
    const columns = siteData.footer.columns.map((c) => ({ ...c, items: c.items.filter((i) => !/do not sell/i.test(i.title)) }));
    renderFooter("full", { ...siteData.footer, columns });
    expectLegalStrip(true);
  });
  it("under the opt-out policy the strip links the notice at collection too, on every footer", () => {
    vi.stubEnv("GATSBY_CONSENT_POLICY", "opt-out");
    try {
      for (const variant of ["full", "small", "none"] as const) {
        renderFooter(variant);
        expectLegalStrip(variant !== "full");
        cleanup();
      }
    } finally {
      vi.unstubAllEnvs();
    }
  });
  it("the strip's Do Not Sell is the island's action, as the column's is", () => {
    renderFooter("none");
    expect(screen.getByRole("button", { name: DO_NOT_SELL })).toHaveAttribute("data-island-action", "doNotSell");
  });
});

const DO_NOT_SELL = "Do Not Sell or Share My Personal Information";

/** The legal strip: the notices (the notice at collection under opt-out), and with `controls` Cookie preferences and Do Not Sell inside it. */
function expectLegalStrip(controls: boolean) {
  const strip = screen.getByRole("navigation", { name: "Privacy" });
  const links = within(strip).getAllByRole("link");
  expect(links.map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
    ["Privacy notice", "/privacy/"],
    ...(process.env.GATSBY_CONSENT_POLICY === "opt-out" ? [["Notice at collection", "/privacy/#notice-at-collection"]] : []),
    ["Cookie notice", "/cookie-policy/"],
  ]);
  const buttons = within(strip).queryAllByRole("button");
  expect(buttons.map((b) => b.textContent)).toEqual(controls ? ["Cookie preferences", DO_NOT_SELL] : []);
  if (controls) expect(buttons[0]).toHaveAttribute("data-consent-open");
}
