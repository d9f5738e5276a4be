// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { EARLY_GLOBAL, RELEASE_GLOBAL, recordedEarly, releaseHeldInput, startEarly, stopEarly } from "../../../../src/browser/early/early";
import { trackPageView } from "../../../../src/browser/attribution";
import { readCookies } from "../../../../src/lib/cookies";
import { decide } from "../../../../src/lib/consent-model";

/** Opt-out with no choice: everything granted. */
const GRANTED = decide(undefined, { policy: "opt-out", gpc: false, now: Date.now() });

const clearCookies = () =>
  document.cookie.split(";").forEach((c) => {
    const name = c.split("=")[0].trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });

const setUrl = (url: string) => window.history.replaceState(null, "", url);
// jsdom cannot navigate: links are decorated in the capture phase, and the click goes no further.
const noNavigation = (event: Event) => event.preventDefault();

beforeEach(() => {
  clearCookies();
  delete (window as unknown as Record<string, unknown>)[EARLY_GLOBAL];
  document.body.innerHTML = "";
  document.addEventListener("click", noNavigation);
});
afterEach(() => {
  stopEarly(window);
  document.removeEventListener("click", noNavigation);
  vi.restoreAllMocks();
});

describe("the early script records the landing page's attribution at parse time", () => {
  it("writes the same cookies the runtime's rule decides for that view", () => {
    setUrl("/?utm_source=news&utm_medium=email&utm_campaign=fall");
    const expected = trackPageView({ url: window.location.href, referrer: "", cookies: {}, now: Date.now() }).writes;
    startEarly(window, () => GRANTED);
    const cookies = readCookies();
    for (const write of expected) expect(cookies[write.name]).toBe(write.value);
    expect(cookies.nd_ft_src).toBe("news|email||fall|");
    expect(recordedEarly(window, window.location.href)).toBe(true);
    expect(recordedEarly(window, "http://localhost:3000/other/")).toBe(false);
  });

  it("keeps a stored first touch (written only if absent)", () => {
    document.cookie = "nd_ft_src=google|organic|inbox||; path=/";
    setUrl("/?utm_source=news&utm_medium=email");
    startEarly(window, () => GRANTED);
    expect(readCookies().nd_ft_src).toBe("google|organic|inbox||");
    expect(readCookies().nd_lt_src).toBe("utmcsr=news|utmcmd=email|utmctr=|utmccn=|utmcct=");
  });

  it("runs once per page even when included twice", () => {
    setUrl("/?utm_source=a");
    startEarly(window, () => GRANTED);
    const first = (window as unknown as Record<string, unknown>)[EARLY_GLOBAL];
    setUrl("/?utm_source=b");
    startEarly(window, () => GRANTED);
    expect((window as unknown as Record<string, unknown>)[EARLY_GLOBAL]).toBe(first);
    expect(readCookies().nd_lt_src).toContain("utmcsr=a|");
  });
});

describe("links are decorated at the moment they are activated", () => {
  const link = (href: string) => {
    document.body.innerHTML = `<p><a href="${href}"><span>Sign up</span></a></p>`;
    return document.querySelector("a")!;
  };

  it.each(["pointerdown", "click"])(
    "a %s on a sign-up link adds the docs/product-rules.md#link-decoration parameters before the browser follows it",
    (type) => {
      setUrl("/pricing/?utm_source=news&utm_medium=email&utm_campaign=fall&promo=FALL");
      startEarly(window, () => GRANTED);
      const anchor = link("/members/register/");
      anchor.querySelector("span")!.dispatchEvent(new MouseEvent(type, { bubbles: true, cancelable: true }));
      const url = new URL(anchor.href);
      expect(Object.fromEntries(url.searchParams)).toMatchObject({
        utm_source: "news",
        utm_medium: "email",
        utm_campaign: "fall",
        last_touch_url: "/pricing/",
        utm_first_source: "news",
        first_touch_url: "/pricing/",
        promo: "FALL",
      });
    },
  );

  it("Enter on a focused link decorates it; other keys do not", () => {
    setUrl("/?utm_source=news");
    startEarly(window, () => GRANTED);
    const anchor = link("/members/register/");
    anchor.dispatchEvent(new KeyboardEvent("keydown", { key: "Tab", bubbles: true }));
    expect(anchor.getAttribute("href")).toBe("/members/register/");
    anchor.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
    expect(new URL(anchor.href).searchParams.get("utm_source")).toBe("news");
  });

  it("leaves other links alone, and stops once the runtime has taken over", () => {
    setUrl("/?utm_source=news");
    startEarly(window, () => GRANTED);
    const blog = link("/blog/");
    blog.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
    expect(blog.getAttribute("href")).toBe("/blog/");
    stopEarly(window);
    const signup = link("/members/register/");
    signup.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
    expect(signup.getAttribute("href")).toBe("/members/register/");
  });
});

describe("the bootstrap's held input", () => {
  it("is released once the early script has installed its handlers", () => {
    const release = vi.fn();
    (window as unknown as Record<string, unknown>)[RELEASE_GLOBAL] = release;
    releaseHeldInput(window);
    expect(release).toHaveBeenCalledOnce();
    delete (window as unknown as Record<string, unknown>)[RELEASE_GLOBAL];
    expect(() => releaseHeldInput(window)).not.toThrow();
  });
});
