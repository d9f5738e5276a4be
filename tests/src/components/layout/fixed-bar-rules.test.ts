import { describe, expect, it } from "vitest";
import {
  decideBar,
  demoEligible,
  parseVisitorInfo,
  showPoint,
  withDemoFlag,
  BAR_COPY,
} from "../../../../src/components/layout/fixed-bar-rules";

const base = {
  search: "",
  dismissed: { demo: false, trial: false },
  visitor: { employeeCount: 50, country: "United States" },
  previouslyShown: null,
};

describe("fixed call-to-action bar (docs/product-rules.md#fixed-bar, #fixed-bar-eligibility)", () => {
  it("uses the trial variant on the home page and the demo variant on listed product paths", () => {
    expect(decideBar({ ...base, pathname: "/" })).toEqual({ variant: "trial", immediate: false });
    expect(decideBar({ ...base, pathname: "/shared-inbox/" })).toEqual({ variant: "demo", immediate: false });
    expect(decideBar({ ...base, pathname: "/blog/" })).toBeNull();
  });
  it("shows the trial bar unless dismissed, whoever the visitor", () => {
    expect(decideBar({ ...base, pathname: "/", visitor: null })?.variant).toBe("trial");
    expect(decideBar({ ...base, pathname: "/", dismissed: { demo: false, trial: true } })).toBeNull();
  });
  it("shows the demo bar only to 11+ employees outside India, Russia and China, unless dismissed", () => {
    expect(demoEligible({ employeeCount: 11, country: "Germany" })).toBe(true);
    expect(demoEligible({ employeeCount: 10, country: "Germany" })).toBe(false);
    expect(demoEligible({ employeeCount: "1,200", country: "Brazil" })).toBe(true);
    for (const country of ["India", "Russia", "China", "IN", "RU", "CN"]) expect(demoEligible({ employeeCount: 500, country })).toBe(false);
    expect(demoEligible(null)).toBe(false);
    expect(decideBar({ ...base, pathname: "/pricing/", dismissed: { demo: true, trial: false } })).toBeNull();
  });
  it("is forced visible by show_fixed_cta_bar=1", () => {
    expect(decideBar({ ...base, pathname: "/blog/", search: "?show_fixed_cta_bar=1", visitor: null })).toEqual({
      variant: "demo",
      immediate: true,
    });
    expect(decideBar({ ...base, pathname: "/", search: "?show_fixed_cta_bar=1", dismissed: { demo: true, trial: true } })).toEqual({
      variant: "trial",
      immediate: true,
    });
  });
  it("keeps a shown demo bar after navigation to /lp/get-a-demo/ and /pricing/contact-based/ only", () => {
    expect(decideBar({ ...base, pathname: "/pricing/contact-based/", previouslyShown: "demo" })).toEqual({
      variant: "demo",
      immediate: true,
    });
    expect(decideBar({ ...base, pathname: "/lp/get-a-demo/", previouslyShown: "demo" })).toEqual({ variant: "demo", immediate: true });
    expect(decideBar({ ...base, pathname: "/pricing/contact-based/", previouslyShown: null })).toBeNull();
    expect(decideBar({ ...base, pathname: "/platform/", previouslyShown: "demo" })).toEqual({ variant: "demo", immediate: false });
  });
  it("appears at a third of the page height minus the viewport", () => {
    expect(showPoint(9000, 800)).toBe(2200);
    expect(showPoint(1200, 800)).toBe(0);
  });
  it("reads ziDetails plain or wrapped by the storage helper, ignoring junk", () => {
    expect(parseVisitorInfo('{"employeeCount":20,"country":"France"}')).toEqual({ employeeCount: 20, country: "France" });
    expect(parseVisitorInfo('{"value":{"employeeCount":20,"country":"France"},"expires":99}')).toEqual({
      employeeCount: 20,
      country: "France",
    });
    expect(parseVisitorInfo("not json")).toBeNull();
  });
  it("marks the demo link with demofixedcta=true and has the spec's copy", () => {
    expect(withDemoFlag("/lp/get-a-demo/")).toBe("/lp/get-a-demo/?demofixedcta=true");
    expect(withDemoFlag("/lp/get-a-demo/?a=1#f")).toBe("/lp/get-a-demo/?a=1&demofixedcta=true#f");
    expect(BAR_COPY.trial).toEqual({ text: "Get started in minutes with a free account.", button: "Sign Up Free" });
    expect(BAR_COPY.demo.button).toBe("Book a Demo");
  });
});
