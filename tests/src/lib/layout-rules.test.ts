import { describe, expect, it } from "vitest";
import { fixedBarVariant, footerVariant, isStaticHeader, showsLoginButton } from "../../../src/lib/layout-rules";

describe("layout per path (docs/product-rules.md#layout-per-path)", () => {
  it("has no footer on /product-tour/", () => expect(footerVariant("/product-tour/")).toBe("none"));
  it.each([
    "/fundraising-with-purpose/",
    "/interview-builder/",
    "/lp/personalized-customer-experience",
    "/webinars/foundations-of-great-service/",
  ])("uses the small footer on %s", (p) => expect(footerVariant(p)).toBe("small"));
  it("uses the full footer elsewhere", () => {
    expect(footerVariant("/")).toBe("full");
    expect(footerVariant("/interview-builder/library/")).toBe("full");
  });
  it.each(["/interview-builder/", "/interview-builder/support-team-lead/", "/pricing/", "/pricing/contact-based/"])(
    "has a static header on %s",
    (p) => expect(isStaticHeader(p)).toBe(true),
  );
  it("has a static header on a flagged page only", () => {
    expect(isStaticHeader("/platform/")).toBe(false);
    expect(isStaticHeader("/platform/", true)).toBe(true);
  });
  it("shows the trial bar on home and the demo bar on product pages", () => {
    expect(fixedBarVariant("/")).toBe("trial");
    expect(fixedBarVariant("/shared-inbox/")).toBe("demo");
    expect(fixedBarVariant("/industry/saas/")).toBe("demo");
    expect(fixedBarVariant("/compare/zendesk/")).toBe("demo");
    expect(fixedBarVariant("/industry/")).toBeNull();
    expect(fixedBarVariant("/blog/")).toBeNull();
  });
  it("shows Login instead of Get a Demo only on the home page", () => {
    expect(showsLoginButton("/")).toBe(true);
    expect(showsLoginButton("/pricing/")).toBe(false);
  });
});
