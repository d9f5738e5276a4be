// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  LIVE_ATTR,
  NEXT_FRAME_MS,
  SDK_STORAGE_KEYS,
  SWAP_LIMIT_MS,
  applySelection,
  clearChoice,
  firstPaintTime,
  parseSelectedExperiences,
  readStoredExperiences,
  selectStoredVariant,
  withinSwapLimit,
} from "../../../src/personalization/stored-selection";
import {
  HERO,
  SLOT_EXPERIENCES,
  campaign,
  comparison,
  navigation,
  slotStack as stack,
  slotState as state,
} from "../../fixtures/personalized-slot";

describe("selectStoredVariant (stored experiences + slot → what the slot shows)", () => {
  it("shows the variant of the slot's experience that has a selection", () => {
    expect(selectStoredVariant([navigation, campaign], HERO, SLOT_EXPERIENCES)).toBe("hero:home-hero-campaign");
    expect(selectStoredVariant([comparison], HERO, SLOT_EXPERIENCES)).toBe("hero:home-hero-comparison");
  });

  it("lets the first of the slot's experiences decide, as the SDK does, whatever the stored order", () => {
    expect(selectStoredVariant([comparison, campaign], HERO, SLOT_EXPERIENCES)).toBe("hero:home-hero-campaign");
    expect(selectStoredVariant([comparison, campaign], HERO, [...SLOT_EXPERIENCES].reverse())).toBe("hero:home-hero-comparison");
  });

  it("is the baseline without a selection for the slot (a holdout, another slot's experience, nothing stored)", () => {
    expect(selectStoredVariant([], HERO, SLOT_EXPERIENCES)).toBe(HERO);
    expect(selectStoredVariant([navigation], HERO, SLOT_EXPERIENCES)).toBe(HERO);
    expect(selectStoredVariant([campaign], HERO, [])).toBe(HERO);
  });

  it("is the baseline when the deciding selection is the baseline or names no content for this baseline", () => {
    const control = { ...campaign, variantIndex: 0, variants: { [HERO]: HERO } };
    expect(selectStoredVariant([control, comparison], HERO, SLOT_EXPERIENCES)).toBe(HERO);
    const elsewhere = { ...campaign, variants: { "section:other": "hero:x" } };
    expect(selectStoredVariant([elsewhere, comparison], HERO, SLOT_EXPERIENCES)).toBe(HERO);
  });
});

describe("stored experiences", () => {
  afterEach(() => localStorage.clear());

  it("keeps only well-formed entries", () => {
    expect(parseSelectedExperiences([campaign, null, 3, { experienceId: "x" }, { ...comparison, variants: { a: 1 } }])).toEqual([campaign]);
    expect(parseSelectedExperiences({ experienceId: "x" })).toEqual([]);
  });

  it("reads the SDK's key, and nothing from missing or broken storage", () => {
    expect(readStoredExperiences(localStorage)).toEqual([]);
    localStorage.setItem(SDK_STORAGE_KEYS.experiences, JSON.stringify([campaign]));
    expect(readStoredExperiences(localStorage)).toEqual([campaign]);
    localStorage.setItem(SDK_STORAGE_KEYS.experiences, "{not json");
    expect(readStoredExperiences(localStorage)).toEqual([]);
    expect(readStoredExperiences(undefined)).toEqual([]);
    const throwing = {
      getItem: () => {
        throw new Error("denied");
      },
    };
    expect(readStoredExperiences(throwing)).toEqual([]);
  });
});

describe("the swap limit", () => {
  it("allows a change whose next frame is painted within SWAP_LIMIT_MS of the first paint, and any change before it", () => {
    expect(withinSwapLimit(1000 + SWAP_LIMIT_MS - NEXT_FRAME_MS, 1000)).toBe(true);
    expect(withinSwapLimit(1001 + SWAP_LIMIT_MS - NEXT_FRAME_MS, 1000)).toBe(false);
    expect(withinSwapLimit(99_999, undefined)).toBe(true);
  });

  it("takes the first contentful paint", () => {
    const perf = { getEntriesByName: (name: string) => (name === "first-contentful-paint" ? [{ startTime: 812 }] : []) };
    expect(firstPaintTime(perf as unknown as Performance)).toBe(812);
    expect(firstPaintTime({ getEntriesByName: () => [] } as unknown as Performance)).toBeUndefined();
  });
});

describe("applySelection (the DOM rule)", () => {
  beforeEach(() => {
    document.body.innerHTML = stack() + stack("nav-campaign-visitors");
  });

  it("marks the chosen copy in each slot, and nothing for the baseline", () => {
    applySelection(document, [campaign]);
    expect(state(document)).toEqual([
      { show: "hero:home-hero-campaign", on: ["hero:home-hero-campaign"] },
      { show: null, on: [] },
    ]);
  });

  it("follows a newer answer, back to the baseline too", () => {
    applySelection(document, [campaign]);
    applySelection(document, [comparison]);
    expect(state(document)[0]).toEqual({ show: "hero:home-hero-comparison", on: ["hero:home-hero-comparison"] });
    applySelection(document, []);
    expect(state(document)[0]).toEqual({ show: null, on: [] });
  });

  it("leaves a slot React already owns, and a variant the page has no copy of", () => {
    document.querySelector("[data-nd-slot]")!.setAttribute(LIVE_ATTR, "");
    applySelection(document, [campaign]);
    expect(state(document)[0]).toEqual({ show: null, on: [] });
    document.querySelector("[data-nd-slot]")!.removeAttribute(LIVE_ATTR);
    applySelection(document, [{ ...campaign, variants: { [HERO]: "hero:hidden-variant" } }]);
    expect(state(document)[0]).toEqual({ show: null, on: [] });
  });

  it("clearChoice removes the marks", () => {
    applySelection(document, [campaign]);
    const slot = document.querySelector("[data-nd-slot]")!;
    clearChoice(slot);
    expect(state(document)[0]).toEqual({ show: null, on: [] });
  });
});
