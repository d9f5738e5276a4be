// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  COPY_ATTR,
  LIVE_ATTR,
  NEXT_FRAME_MS,
  SDK_STORAGE_KEYS,
  SHOWN_COPY_ATTR,
  SHOW_ATTR,
  SWAP_LIMIT_MS,
  applySelection,
  clearChoice,
  firstPaintTime,
  parseSelectedExperiences,
  readStoredExperiences,
  selectStoredVariant,
  withinSwapLimit,
  type SelectedExperience,
} from "../../../src/personalization/stored-selection";
import { prePaintScript } from "../../../src/ssr/personalization-head";

const HERO = "section:home-hero";
const SLOT_EXPERIENCES = ["home-hero-campaign-visitors", "home-hero-comparison-shoppers"];
const campaign: SelectedExperience = {
  experienceId: "home-hero-campaign-visitors",
  variantIndex: 1,
  variants: { [HERO]: "hero:home-hero-campaign" },
  sticky: false,
};
const comparison: SelectedExperience = {
  experienceId: "home-hero-comparison-shoppers",
  variantIndex: 1,
  variants: { [HERO]: "hero:home-hero-comparison" },
  sticky: false,
};
const navigation: SelectedExperience = {
  experienceId: "nav-campaign-visitors",
  variantIndex: 1,
  variants: { "navigation:baseline": "navigation:campaign-visitors" },
};

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

const stack = (experiences = SLOT_EXPERIENCES.join(" ")) => `
  <div data-nd-slot="${HERO}" data-nd-exp="${experiences}">
    <div ${COPY_ATTR}="${HERO}"><h1>Baseline</h1></div>
    <div ${COPY_ATTR}="hero:home-hero-campaign" aria-hidden="true"><p>Campaign</p></div>
    <div ${COPY_ATTR}="hero:home-hero-comparison" aria-hidden="true"><p>Comparison</p></div>
  </div>`;
const state = (root: ParentNode) =>
  [...root.querySelectorAll("[data-nd-slot]")].map((s) => ({
    show: s.getAttribute(SHOW_ATTR),
    on: [...s.children].filter((c) => c.hasAttribute(SHOWN_COPY_ATTR)).map((c) => c.getAttribute(COPY_ATTR)),
  }));

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

/** Runs the head's script text, then "parses" the body in pieces, as the parser adds nodes. */
async function parseWithPrePaintScript(pieces: string[]) {
  document.body.innerHTML = "";
  new Function(prePaintScript())();
  for (const piece of pieces) {
    document.body.insertAdjacentHTML("beforeend", piece);
    await Promise.resolve(); // MutationObserver callbacks run at the microtask checkpoint, before any paint
  }
}

describe("the head's pre-paint script", () => {
  afterEach(() => {
    localStorage.clear();
    document.dispatchEvent(new Event("DOMContentLoaded")); // disconnects the observer of the test
  });

  it("applies the same rule as applySelection to every slot as it is parsed, before the next paint", async () => {
    for (const selected of [[campaign], [comparison, campaign], [comparison], [navigation], []]) {
      localStorage.setItem(SDK_STORAGE_KEYS.experiences, JSON.stringify(selected));
      await parseWithPrePaintScript([
        stack(),
        "<p>between</p>",
        stack("nav-campaign-visitors"),
        stack([...SLOT_EXPERIENCES].reverse().join(" ")),
      ]);
      const fromScript = state(document);
      document.dispatchEvent(new Event("DOMContentLoaded"));
      document.querySelectorAll("[data-nd-slot]").forEach(clearChoice);
      applySelection(document, selected);
      expect(fromScript).toEqual(state(document));
    }
  });

  it("marks a slot whose copies arrive in a later piece than the stack", async () => {
    localStorage.setItem(SDK_STORAGE_KEYS.experiences, JSON.stringify([campaign]));
    document.body.innerHTML = "";
    new Function(prePaintScript())();
    document.body.insertAdjacentHTML("beforeend", `<div data-nd-slot="${HERO}" data-nd-exp="${SLOT_EXPERIENCES.join(" ")}"></div>`);
    await Promise.resolve();
    expect(state(document)[0].show).toBeNull();
    const slot = document.querySelector("[data-nd-slot]")!;
    slot.insertAdjacentHTML("beforeend", `<div ${COPY_ATTR}="${HERO}"></div><div ${COPY_ATTR}="hero:home-hero-campaign"></div>`);
    await Promise.resolve();
    expect(state(document)[0]).toEqual({ show: "hero:home-hero-campaign", on: ["hero:home-hero-campaign"] });
  });

  it("does nothing without a stored selection, with broken storage, or on a slot React owns", async () => {
    await parseWithPrePaintScript([stack()]);
    expect(state(document)[0].show).toBeNull();
    document.dispatchEvent(new Event("DOMContentLoaded"));
    localStorage.setItem(SDK_STORAGE_KEYS.experiences, "{broken");
    await parseWithPrePaintScript([stack()]);
    expect(state(document)[0].show).toBeNull();
    document.dispatchEvent(new Event("DOMContentLoaded"));
    localStorage.setItem(SDK_STORAGE_KEYS.experiences, JSON.stringify([campaign]));
    await parseWithPrePaintScript([stack().replace("data-nd-slot", `${LIVE_ATTR} data-nd-slot`)]);
    expect(state(document)[0].show).toBeNull();
  });

  it("stays small: it is in every page's HTML", () => {
    expect(prePaintScript().length).toBeLessThan(800);
  });
});
