// @vitest-environment jsdom
/**
 * The consented store (docs/product-rules.md#consent-over-time): nothing is read or written for a category not
 * granted now; what the current choice does not cover goes on page load; no consented cookie outlives its consent.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  allowedNow,
  consentedCookies,
  consentedExpiry,
  consentedStorage,
  renewConsented,
  sweep,
  withheldStores,
  writeConsented,
} from "../../../src/consent/consented-store";
import { CONSENT_TEXT_VERSION, CONSENT_LIFETIME_MS, decide, type ConsentRecord } from "../../../src/lib/consent-model";
import { COOKIE_LIFETIME_MS, readCookies } from "../../../src/lib/cookies";

const HOST = window.location.hostname;
const DAY = 86_400_000;
const NOW = Date.parse("2026-12-06T10:00:00Z");

const record = (choices: ConsentRecord["choices"], at = NOW): ConsentRecord => ({
  id: "0b6f3c0e-5a43-4c7a-9f5e-0a4b6cbd1f10",
  at,
  policy: "opt-in",
  version: CONSENT_TEXT_VERSION,
  choices,
  method: "preferences",
});
const ALL = { preferences: true, analytics: true, marketing: true };
const NONE = { preferences: false, analytics: false, marketing: false };
const state = (choices?: ConsentRecord["choices"], at = NOW) =>
  decide(choices && record(choices, at), { policy: "opt-in", gpc: false, now: Math.max(at, NOW) });

const clear = () => {
  for (const name of Object.keys(readCookies())) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  localStorage.clear();
  sessionStorage.clear();
};
beforeEach(clear);
afterEach(() => {
  clear();
  vi.restoreAllMocks();
});

describe("reads and writes answer only for the categories granted now", () => {
  it("a stored attribution cookie is not there while analytics is not granted; a necessary one is", () => {
    document.cookie = "nd_ft_src=partnerblog|referral||spring|; path=/";
    document.cookie = "nd_consent=x; path=/";
    expect(consentedCookies(state())).toEqual({ nd_consent: "x" });
    expect(consentedCookies(state({ ...NONE, marketing: true }))).not.toHaveProperty("nd_ft_src");
    expect(consentedCookies(state({ ...NONE, analytics: true }))).toMatchObject({ nd_ft_src: "partnerblog|referral||spring|" });
  });

  it("a write of a category not granted is dropped; a necessary or granted one goes through", () => {
    const writes = [
      { name: "nd_lt_url", value: "/pricing/", expires: new Date(NOW + DAY) },
      { name: "nd_tvar", value: "51-A", expires: new Date(NOW + DAY) },
    ];
    writeConsented(state({ ...NONE, preferences: true }), writes, HOST, NOW);
    expect(readCookies()).toEqual({ nd_tvar: "51-A" });
  });
});

describe("one check for every kind of store, computed once per consent state", () => {
  it("cookies and storage keys answer through the same rule: analytics' refused, necessary ones always", () => {
    const refused = state({ analytics: false, preferences: true, marketing: false });
    expect(allowedNow(refused, "cookies", "nd_ft_src")).toBe(false);
    expect(allowedNow(refused, "cookies", "nd_ref")).toBe(false);
    expect(allowedNow(refused, "localStorage", "ajs_user_id")).toBe(false);
    expect(allowedNow(refused, "localStorage", "__nt_profile")).toBe(true);
    expect(allowedNow(refused, "cookies", "nd_consent")).toBe(true);
    const store = new Map<string, string>([["ajs_user_id", "u1"]]);
    const storage = consentedStorage(refused, {
      getItem: (k) => store.get(k) ?? null,
      setItem: (k, v) => void store.set(k, v),
      removeItem: (k) => void store.delete(k),
    })!;
    expect(storage.getItem("ajs_user_id")).toBeNull();
    storage.setItem("gspk", "p1");
    expect(store.has("gspk")).toBe(false);
  });

  it("what a state withholds is computed once for it, and again for the next state", () => {
    const first = state({ analytics: false, preferences: false, marketing: false });
    expect(withheldStores(first)).toBe(withheldStores(first));
    const next = state({ analytics: true, preferences: false, marketing: false });
    expect(withheldStores(next)).not.toBe(withheldStores(first));
    expect(withheldStores(next).some((owner) => owner.categories.includes("analytics"))).toBe(false);
  });
});

describe("no consented cookie outlives the consent that allowed it", () => {
  it("expires with the stored choice, never after two years", () => {
    const given = state(ALL, NOW - 100 * DAY);
    expect(consentedExpiry(given, NOW).getTime()).toBe(NOW - 100 * DAY + CONSENT_LIFETIME_MS);
  });

  it("under opt-out with no stored choice: a choice's life from now (renewed by each visit)", () => {
    const optOut = decide(undefined, { policy: "opt-out", gpc: false, now: NOW });
    expect(consentedExpiry(optOut, NOW).getTime()).toBe(NOW + CONSENT_LIFETIME_MS);
    expect(CONSENT_LIFETIME_MS).toBeLessThan(COOKIE_LIFETIME_MS);
  });

  it("a two-year write is cut to the consent's end", () => {
    const set = vi.spyOn(document, "cookie", "set");
    writeConsented(state(ALL), [{ name: "nd_ft_src", value: "google|cpc|||", expires: new Date(NOW + COOKIE_LIFETIME_MS) }], HOST, NOW);
    const written = set.mock.calls.map(([text]) => text).find((text) => text.startsWith("nd_ft_src="));
    expect(written).toContain(`expires=${new Date(NOW + CONSENT_LIFETIME_MS).toUTCString()}`);
  });

  it("a renewed choice writes the site's cookies it still covers again, with the new expiry; others stay out", () => {
    document.cookie = "nd_ft_src=google|cpc|||; path=/";
    document.cookie = "nd_tvar=51-B; path=/";
    document.cookie = "_ga=GA1.1.1; path=/";
    const set = vi.spyOn(document, "cookie", "set");
    const later = NOW + 50 * DAY;
    renewConsented(state({ ...NONE, analytics: true }, later), HOST, later);
    const names = set.mock.calls.map(([text]) => text.slice(0, text.indexOf("=")));
    expect(names).toEqual(["nd_ft_src"]);
    expect(set.mock.calls[0][0]).toContain(`expires=${new Date(later + CONSENT_LIFETIME_MS).toUTCString()}`);
  });
});

describe("the sweep on page load removes what the current choice does not cover", () => {
  const seed = () => {
    for (const name of [
      "nd_ft_src",
      "nd_lt_src",
      "nd_ft_url",
      "nd_lt_url",
      "nd_tvar",
      "_ga",
      "_gcl_au",
      "_fbp",
      "hubspotutk",
      "nd_consent",
    ])
      document.cookie = `${name}=1; path=/`;
    localStorage.setItem("__nt_profile__", "{}");
    localStorage.setItem("ziDetails", "{}");
    localStorage.setItem("nd_trial_bar_dismissed", "{}");
    sessionStorage.setItem("nd_consent_notice", "x");
  };

  it("no current choice under opt-in (lapsed, removed or never made): only necessary stores remain", () => {
    seed();
    sweep(window, state());
    expect(Object.keys(readCookies())).toEqual(["nd_consent"]);
    expect(Object.keys(localStorage)).toEqual(["nd_trial_bar_dismissed"]);
    expect(sessionStorage.getItem("nd_consent_notice")).toBe("x");
  });

  it("analytics only: the attribution and Google's measurement stay, personalization and marketing go", () => {
    seed();
    sweep(window, state({ ...NONE, analytics: true }));
    // Google Ads' `_gcl_*` is marketing's alone: it goes (src/vendors/google.ts).
    expect(Object.keys(readCookies()).sort()).toEqual(["_ga", "nd_consent", "nd_ft_src", "nd_ft_url", "nd_lt_src", "nd_lt_url"]);
    expect(Object.keys(localStorage)).toEqual(["nd_trial_bar_dismissed"]);
  });

  it("everything granted: nothing is touched", () => {
    seed();
    const before = readCookies();
    sweep(window, state(ALL));
    expect(readCookies()).toEqual(before);
    expect(localStorage.length).toBe(3);
  });
});
