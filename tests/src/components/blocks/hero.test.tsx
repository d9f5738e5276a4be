// @vitest-environment jsdom
/**
 * The hero's personalized slot across hydration (docs/page-load.md#personalization-in-the-first-second):
 * the server renders every copy, the page's pre-paint choice is adopted on hydration (the variant becomes
 * the real heading, the markers go), and without a choice the baseline stays.
 */
import { act } from "react";
import { renderToString } from "react-dom/server";
import { hydrateRoot, type Root } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setStaticQueryData } from "../../../fixtures/gatsby-mock";
import { HeroBlock } from "../../../../src/components/blocks/hero";
import { applySelection, COPY_ATTR, LIVE_ATTR, SHOWN_COPY_ATTR, SHOW_ATTR } from "../../../../src/personalization/stored-selection";

vi.mock("gatsby", async () => (await import("../../../fixtures/gatsby-mock")).gatsbyMock);
vi.mock("gatsby-plugin-image", () => ({ GatsbyImage: () => null }));
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const experience = (id: string, audience: string, variant: string) => ({
  experienceId: id,
  type: "nt_personalization",
  name: id,
  description: null,
  audience,
  trafficAllocation: 1,
  distribution: [
    { index: 0, start: 0, end: 0 },
    { index: 1, start: 0, end: 1 },
  ],
  sticky: false,
  components: [{ baseline: { id: "section:home-hero", hidden: null }, variants: [{ id: variant, hidden: null }] }],
});
const heroVariant = (variantId: string, heading: string) => ({
  variantId,
  baseline: "section:home-hero",
  kicker: null,
  heading,
  text: "Variant text.",
  primaryCta: { label: "Start", url: "/members/register/" },
  secondaryCta: null,
});
setStaticQueryData({
  allPersonalizationExperience: {
    nodes: [
      experience("home-hero-campaign-visitors", "campaign", "hero:campaign"),
      experience("home-hero-comparison-shoppers", "comparison", "hero:comparison"),
    ],
  },
  navigationVariants: { nodes: [] },
  allPersonalizationHeroVariant: { nodes: [heroVariant("campaign", "Campaign heading"), heroVariant("comparison", "Comparison heading")] },
});

const hero = {
  id: "h1",
  sectionId: "home-hero",
  kicker: "Help desk",
  heading: "Baseline heading",
  text: "One inbox.",
  primaryCta: { label: "Start free", url: "/members/register/" },
  secondaryCta: null,
  image: null,
};
const element = <HeroBlock section={hero as never} first />;

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = "";
});

function serverRender() {
  const container = document.createElement("div");
  container.innerHTML = renderToString(element);
  document.body.appendChild(container);
  return container;
}
const copies = (container: Element) =>
  [...container.querySelectorAll(`[${COPY_ATTR}]`)].map((c) => ({
    id: c.getAttribute(COPY_ATTR),
    hidden: c.getAttribute("aria-hidden"),
    heading: c.querySelector("h1")?.textContent ?? null,
  }));

describe("the hero slot", () => {
  it("renders every copy on the server, the baseline shown, with the slot's ids for the pre-paint script", () => {
    const container = serverRender();
    const stack = container.querySelector("[data-nd-slot]")!;
    expect(stack.getAttribute("data-nd-slot")).toBe("section:home-hero");
    expect(stack.getAttribute("data-nd-exp")).toBe("home-hero-campaign-visitors home-hero-comparison-shoppers");
    // the variants first: a parser stopping mid-stack has passed the stored variant before any baseline text
    expect(copies(container)).toEqual([
      { id: "hero:campaign", hidden: "true", heading: null },
      { id: "hero:comparison", hidden: "true", heading: null },
      { id: "section:home-hero", hidden: null, heading: "Baseline heading" },
    ]);
  });

  it("adopts the page's pre-paint choice on hydration: the variant is the heading, the markers are gone", async () => {
    const container = serverRender();
    applySelection(document, [
      { experienceId: "home-hero-comparison-shoppers", variantIndex: 1, variants: { "section:home-hero": "hero:comparison" } },
    ]);
    const stack = container.querySelector("[data-nd-slot]")!;
    expect(stack.getAttribute(SHOW_ATTR)).toBe("hero:comparison");
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await act(async () => {
      root = hydrateRoot(container, element);
    });
    // React's development build notes the page's own attributes on the copy; nothing else may differ.
    const messages = errors.mock.calls.map((call) => call.join(" "));
    expect(messages.filter((m) => !m.includes("Extra attributes from the server") || !m.includes(SHOWN_COPY_ATTR))).toEqual([]);
    errors.mockRestore();
    expect(container.querySelector("[data-nd-slot]")).toBe(stack); // hydrated in place, not re-rendered
    expect(stack.hasAttribute(SHOW_ATTR)).toBe(false);
    expect(stack.querySelector(`[${SHOWN_COPY_ATTR}]`)).toBeNull();
    expect(stack.hasAttribute(LIVE_ATTR)).toBe(true);
    expect(copies(container)).toEqual([
      { id: "hero:campaign", hidden: "true", heading: null },
      { id: "hero:comparison", hidden: null, heading: "Comparison heading" },
      { id: "section:home-hero", hidden: "true", heading: null },
    ]);
    // A slot React owns is left alone by the page's scripts.
    applySelection(document, [
      { experienceId: "home-hero-campaign-visitors", variantIndex: 1, variants: { "section:home-hero": "hero:campaign" } },
    ]);
    expect(stack.hasAttribute(SHOW_ATTR)).toBe(false);
  });

  it("keeps the baseline without a choice", async () => {
    const container = serverRender();
    await act(async () => {
      root = hydrateRoot(container, element);
    });
    expect(copies(container).find((c) => c.id === "section:home-hero")).toEqual({
      id: "section:home-hero",
      hidden: null,
      heading: "Baseline heading",
    });
  });
});
