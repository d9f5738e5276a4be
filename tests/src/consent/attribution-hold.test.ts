// @vitest-environment jsdom
/**
 * Attribution under consent (docs/product-rules.md#consent "Attribution"): until `analytics` is granted the
 * attribution cookies' writes are held in memory (window.__ndAttribution), the page reads them as if written;
 * granted, they are written at once; released, the held ones are written once.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { attributionCookies, keepAttribution, releaseAttribution } from "../../../src/consent/attribution-hold";
import type { CookieWrite } from "../../../src/lib/cookies";
import { decide } from "../../../src/lib/consent-model";

/** Opt-out with no choice: everything granted. Opt-in with no choice: nothing yet. */
const GRANTED = decide(undefined, { policy: "opt-out", gpc: false, now: Date.now() });
const NOT_YET = decide(undefined, { policy: "opt-in", gpc: false, now: Date.now() });

const HOST = window.location.hostname;
const NAMES = ["nd_ft_src", "nd_lt_src", "nd_ft_url", "nd_mxid", "other"];

/** What the browser stores (document.cookie), not what the page's view holds. */
const jar = (): Record<string, string> =>
  Object.fromEntries(
    document.cookie
      .split("; ")
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]),
  );

const write = (name: string, value: string): CookieWrite => ({ name, value, expires: new Date(Date.now() + 86_400_000) });

const clean = () => {
  delete (window as unknown as Record<string, unknown>).__ndAttribution;
  for (const name of NAMES) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
};
beforeEach(clean);
afterEach(clean);

describe("keepAttribution", () => {
  it("not granted: the writes are held, not in document.cookie", () => {
    keepAttribution(window, [write("nd_ft_src", "google|cpc|spring"), write("nd_mxid", "abc123")], HOST, NOT_YET);
    expect(jar()).not.toHaveProperty("nd_ft_src");
    expect(jar()).not.toHaveProperty("nd_mxid");
    expect(document.cookie).not.toContain("google");
    expect(attributionCookies(window, GRANTED)).toMatchObject({ nd_ft_src: "google|cpc|spring", nd_mxid: "abc123" });
  });

  it("granted: written at once, nothing held", () => {
    keepAttribution(window, [write("nd_ft_src", "google|cpc|spring")], HOST, GRANTED);
    expect(jar().nd_ft_src).toBe("google|cpc|spring");
    // Nothing held: deleting the stored cookie leaves nothing in the page's view.
    document.cookie = "nd_ft_src=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
    expect(attributionCookies(window, GRANTED)).not.toHaveProperty("nd_ft_src");
  });

  it("a later write of the same cookie replaces the held one", () => {
    keepAttribution(window, [write("nd_lt_src", "first")], HOST, NOT_YET);
    keepAttribution(window, [write("nd_lt_src", "second")], HOST, NOT_YET);
    expect(attributionCookies(window, GRANTED).nd_lt_src).toBe("second");
    releaseAttribution(window, HOST, GRANTED);
    expect(jar().nd_lt_src).toBe("second");
  });
});

describe("attributionCookies", () => {
  it("the stored cookies with the held writes over them", () => {
    document.cookie = "nd_ft_src=stored-first; path=/";
    document.cookie = "other=kept; path=/";
    keepAttribution(window, [write("nd_ft_src", "held-first"), write("nd_lt_src", "held-last")], HOST, NOT_YET);
    const view = attributionCookies(window, GRANTED);
    expect(view).toMatchObject({ nd_ft_src: "held-first", nd_lt_src: "held-last", other: "kept" });
    // The store itself is untouched.
    expect(jar().nd_ft_src).toBe("stored-first");
  });

  it("held values read as a stored one would: cookie-safe", () => {
    keepAttribution(window, [write("nd_ft_url", "https://example.com/a b?x=1;y")], HOST, NOT_YET);
    expect(attributionCookies(window, GRANTED).nd_ft_url).toBe("https://example.com/a%20b?x=1%3By");
  });

  it("nothing held: just the stored cookies", () => {
    document.cookie = "other=kept; path=/";
    expect(attributionCookies(window, GRANTED)).toEqual(jar());
  });
});

describe("consent over time (docs/product-rules.md#consent-over-time)", () => {
  it("analytics not granted now: a stored attribution cookie is not read, only this page view's held writes", () => {
    document.cookie = "nd_ft_src=partnerblog|referral||spring|; path=/";
    document.cookie = "other=kept; path=/";
    expect(attributionCookies(window, NOT_YET)).not.toHaveProperty("nd_ft_src");
    expect(attributionCookies(window, NOT_YET)).toMatchObject({ other: "kept" });
    keepAttribution(window, [write("nd_ft_src", "(direct)|(none)|||")], HOST, NOT_YET);
    expect(attributionCookies(window, NOT_YET).nd_ft_src).toBe("(direct)|(none)|||");
  });
});

describe("releaseAttribution", () => {
  it("writes the held ones once, then holds nothing", () => {
    keepAttribution(window, [write("nd_ft_src", "google|cpc|spring"), write("nd_mxid", "abc123")], HOST, NOT_YET);
    releaseAttribution(window, HOST, GRANTED);
    expect(jar()).toMatchObject({ nd_ft_src: "google|cpc|spring", nd_mxid: "abc123" });

    // Cleared: a second release writes nothing again, and the view is the store's.
    document.cookie = "nd_ft_src=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
    document.cookie = "nd_mxid=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
    releaseAttribution(window, HOST, GRANTED);
    expect(jar()).not.toHaveProperty("nd_ft_src");
    expect(jar()).not.toHaveProperty("nd_mxid");
    expect(attributionCookies(window, GRANTED)).not.toHaveProperty("nd_ft_src");
  });

  it("with nothing held, writes nothing", () => {
    releaseAttribution(window, HOST, GRANTED);
    expect(document.cookie).toBe("");
  });

  it("the held writes are shared through the window (the early script and the runtime)", () => {
    keepAttribution(window, [write("nd_ft_src", "held")], HOST, NOT_YET);
    expect((window as unknown as Record<string, Record<string, CookieWrite>>).__ndAttribution.nd_ft_src.value).toBe("held");
  });
});
