// @vitest-environment jsdom
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { CONSENT_TEXT_VERSION, serializeRecord, type ConsentRecord } from "../../../src/lib/consent-model";
import { COPY_ATTR, LIVE_ATTR, SDK_STORAGE_KEYS, applySelection, clearChoice } from "../../../src/personalization/stored-selection";
import { hasPersonalizedSlot, personalizationHead } from "../../../src/ssr/personalization-head";
import { PRE_PAINT_ENTRY, compiledPrePaint } from "../../fixtures/inline-scripts";
import {
  HERO,
  SLOT_EXPERIENCES,
  campaign,
  comparison,
  navigation,
  slotCopies,
  slotStack,
  slotState,
} from "../../fixtures/personalized-slot";

const SETTINGS = { clientId: "client", environment: "main" };
const SLOT_BODY = `<main>${slotStack()}</main>`;
/** The script as a build compiles it (src/node/bundling/inline-scripts.ts) and hands it to the SSR bundle. */
const prePaintScript = () => compiledPrePaint().text;

beforeAll(() => {
  vi.stubGlobal("PRE_PAINT_SCRIPT", prePaintScript());
});
afterAll(() => {
  vi.unstubAllGlobals();
});

describe("personalizationHead", () => {
  it("puts the pre-paint script in the head of a page with a personalized slot", () => {
    const html = renderToStaticMarkup(<>{personalizationHead(SETTINGS, SLOT_BODY)}</>);
    expect(html).toBe(`<script>${prePaintScript()}</script>`);
  });

  it("leaves it out of a page without a slot, and of every page when personalization is unset", () => {
    expect(personalizationHead(SETTINGS, "<main><h1>Answers</h1><p>data-nd-exp in the text</p></main>")).toEqual([]);
    expect(personalizationHead(undefined, SLOT_BODY)).toEqual([]);
  });

  it("puts it on every page when Gatsby does not hand over the rendered body", () => {
    expect(personalizationHead(SETTINGS, undefined)).toHaveLength(1);
  });

  it("leaves it out where no build compiled it", () => {
    vi.stubGlobal("PRE_PAINT_SCRIPT", undefined);
    try {
      expect(personalizationHead(SETTINGS, SLOT_BODY)).toEqual([]);
    } finally {
      vi.stubGlobal("PRE_PAINT_SCRIPT", prePaintScript());
    }
  });

  it("recognises the slot by the attribute the hero renders", () => {
    expect(hasPersonalizedSlot(SLOT_BODY)).toBe(true);
    expect(hasPersonalizedSlot('<p title="data-nd-exp=">x</p>')).toBe(false);
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

/** The visitor's consent cookie: a current choice under `policy`, `preferences` granted or not. */
const consentCookie = (preferences: boolean, policy: ConsentRecord["policy"] = "opt-in") => {
  const record: ConsentRecord = {
    id: "0b6f3c0e-5a43-4c7a-9f5e-0a4b6cbd1f10",
    at: Date.now(),
    policy,
    version: CONSENT_TEXT_VERSION,
    choices: { preferences, analytics: true, marketing: true },
    method: "preferences",
  };
  document.cookie = `nd_consent=${serializeRecord(record)}; path=/`;
};
const noConsentCookie = () => (document.cookie = "nd_consent=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/");

describe("the head's pre-paint script", () => {
  beforeEach(() => consentCookie(true));
  afterEach(() => {
    noConsentCookie();
    localStorage.clear();
    document.dispatchEvent(new Event("DOMContentLoaded")); // disconnects the observer of the test
  });

  it("applies the same rule as applySelection to every slot as it is parsed, before the next paint", async () => {
    for (const selected of [[campaign], [comparison, campaign], [comparison], [navigation], []]) {
      localStorage.setItem(SDK_STORAGE_KEYS.experiences, JSON.stringify(selected));
      await parseWithPrePaintScript([
        slotStack(),
        "<p>between</p>",
        slotStack("nav-campaign-visitors"),
        slotStack([...SLOT_EXPERIENCES].reverse().join(" ")),
      ]);
      const fromScript = slotState(document);
      document.dispatchEvent(new Event("DOMContentLoaded"));
      document.querySelectorAll("[data-nd-slot]").forEach(clearChoice);
      applySelection(document, selected);
      expect(fromScript).toEqual(slotState(document));
    }
  });

  it("marks a slot whose copies arrive in a later piece than the stack", async () => {
    localStorage.setItem(SDK_STORAGE_KEYS.experiences, JSON.stringify([campaign]));
    document.body.innerHTML = "";
    new Function(prePaintScript())();
    document.body.insertAdjacentHTML("beforeend", `<div data-nd-slot="${HERO}" data-nd-exp="${SLOT_EXPERIENCES.join(" ")}"></div>`);
    await Promise.resolve();
    expect(slotState(document)[0].show).toBeNull();
    const slot = document.querySelector("[data-nd-slot]")!;
    slot.insertAdjacentHTML("beforeend", `<div ${COPY_ATTR}="${HERO}"></div><div ${COPY_ATTR}="hero:home-hero-campaign"></div>`);
    await Promise.resolve();
    expect(slotState(document)[0]).toEqual({ show: "hero:home-hero-campaign", on: ["hero:home-hero-campaign"] });
  });

  it("never lets a returning visitor's baseline paint, wherever the parser stops inside the stack", async () => {
    localStorage.setItem(SDK_STORAGE_KEYS.experiences, JSON.stringify([campaign]));
    // Each cut is a moment the parser may yield (and the browser paint): after the stack's start tag, then after each copy.
    for (let cut = 0; cut <= slotCopies.length; cut++) {
      document.body.innerHTML = "";
      new Function(prePaintScript())();
      document.body.insertAdjacentHTML("beforeend", `<div data-nd-slot="${HERO}" data-nd-exp="${SLOT_EXPERIENCES.join(" ")}"></div>`);
      const slot = document.querySelector("[data-nd-slot]")!;
      for (const copy of slotCopies.slice(0, cut)) slot.insertAdjacentHTML("beforeend", copy);
      await Promise.resolve();
      const baselineParsed = slot.querySelector(`[${COPY_ATTR}="${HERO}"]`) !== null;
      // the baseline is either not there yet, or hidden behind the stored variant
      if (baselineParsed) expect(slotState(document)[0]).toEqual({ show: "hero:home-hero-campaign", on: ["hero:home-hero-campaign"] });
      document.dispatchEvent(new Event("DOMContentLoaded"));
    }
  });

  it("does nothing without a stored selection, with broken storage, or on a slot React owns", async () => {
    await parseWithPrePaintScript([slotStack()]);
    expect(slotState(document)[0].show).toBeNull();
    document.dispatchEvent(new Event("DOMContentLoaded"));
    localStorage.setItem(SDK_STORAGE_KEYS.experiences, "{broken");
    await parseWithPrePaintScript([slotStack()]);
    expect(slotState(document)[0].show).toBeNull();
    document.dispatchEvent(new Event("DOMContentLoaded"));
    localStorage.setItem(SDK_STORAGE_KEYS.experiences, JSON.stringify([campaign]));
    await parseWithPrePaintScript([slotStack().replace("data-nd-slot", `${LIVE_ATTR} data-nd-slot`)]);
    expect(slotState(document)[0].show).toBeNull();
  });

  it("reads the stored selection only with `preferences` granted now (docs/product-rules.md#consent-over-time)", async () => {
    localStorage.setItem(SDK_STORAGE_KEYS.experiences, JSON.stringify([campaign]));
    const shows = async (script: string) => {
      document.body.innerHTML = "";
      new Function(script)();
      document.body.insertAdjacentHTML("beforeend", slotStack());
      await Promise.resolve();
      const show = slotState(document)[0].show;
      document.dispatchEvent(new Event("DOMContentLoaded"));
      return show;
    };
    const optIn = compiledPrePaint("opt-in").text;
    const optOut = compiledPrePaint("opt-out").text;
    expect(await shows(optIn)).toBe("hero:home-hero-campaign");
    consentCookie(false);
    expect(await shows(optIn)).toBeNull();
    noConsentCookie(); // lapsed or never given: opt-in asks first, opt-out has not been refused
    expect(await shows(optIn)).toBeNull();
    expect(await shows(optOut)).toBe("hero:home-hero-campaign");
    consentCookie(false, "opt-out");
    expect(await shows(optOut)).toBeNull();
    consentCookie(true, "opt-in"); // a choice made under the other policy is not current
    expect(await shows(optOut)).toBe("hero:home-hero-campaign");
  });

  it("is compiled from the selection rules themselves (stored-selection.ts), not a copy of them", () => {
    expect(compiledPrePaint().inputs).toEqual(expect.arrayContaining([PRE_PAINT_ENTRY, "src/personalization/stored-selection.ts"]));
  });

  it("stays small: it is in every page's HTML that has a slot", () => {
    // 1.5 KB gzip with the bootstrap is the budget (scripts/lib/budgets.ts); this guards the raw text.
    expect(prePaintScript().length).toBeLessThan(1500);
  });
});
