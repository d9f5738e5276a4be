// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import fc from "fast-check";
import {
  LOGIN_CLICKED_KEY,
  STORAGE_TTL_MS,
  appendParams,
  decorateHref,
  decorateLinks,
  followDecoratedLink,
  isAppLink,
  isLoginLink,
  isSignupLink,
  markLoginClicked,
  observeLinks,
  readPartnerParams,
  signupAttributionParams,
  type DecorationContext,
} from "../../../src/browser/link-decoration";

const hosts = { marketing: "www.northdesk.com", staging: "staging.northdesk.com", app: "secure.northdesk.com" };
const page = new URL("https://www.northdesk.com/pricing/");
const cookies = {
  nd_lt_src: "utmcsr=google|utmcmd=organic|utmctr=inbox|utmccn=brand|utmcct=",
  nd_ft_src: "newsletter|email||spring|",
  nd_lt_url: "/pricing/",
  nd_ft_url: "/blog/x/",
  nd_tvar: "51-A",
  nd_ref: "friend42",
  nd_mxid: "mx-1",
};
const ctx = (over: Partial<DecorationContext> = {}): DecorationContext => ({ page, cookies, hosts, ...over });
const query = (href: string) => Object.fromEntries(new URL(href, page).searchParams);

describe("sign-up links carry the attribution (docs/product-rules.md#link-decoration, #attribution)", () => {
  it("adds the ten parameters, in the spec's order, from the cookies", () => {
    const href = decorateHref("/members/register/", ctx());
    expect([...new URL(href, page).searchParams.keys()]).toEqual([
      "utm_source",
      "utm_campaign",
      "utm_medium",
      "last_touch_url",
      "utm_first_source",
      "utm_first_campaign",
      "utm_first_medium",
      "first_touch_url",
      "hs_tvar",
      "referrer",
    ]);
    expect(query(href)).toMatchObject({
      utm_source: "google",
      utm_medium: "organic",
      utm_first_source: "newsletter",
      utm_first_campaign: "spring",
      last_touch_url: "/pricing/",
      first_touch_url: "/blog/x/",
      hs_tvar: "51-A",
      referrer: "friend42",
    });
  });

  it("leaves empty values off (no cookies → the link is unchanged)", () => {
    expect(signupAttributionParams({})).toEqual([]);
    expect(decorateHref("/members/register/", ctx({ cookies: {} }))).toBe("/members/register/");
  });

  it("decorates absolute sign-up links on our hosts but not on other sites", () => {
    expect(isSignupLink("https://www.northdesk.com/members/register/?plan=plus", page, hosts)).toBe(true);
    expect(isSignupLink("https://staging.northdesk.com/members/register/", page, hosts)).toBe(true);
    expect(isSignupLink("https://evil.example/members/register/", page, hosts)).toBe(false);
    expect(isSignupLink("/pricing/", page, hosts)).toBe(false);
    expect(isSignupLink("mailto:a@b.c", page, hosts)).toBe(false);
  });

  it("keeps the link's query and hash, and never duplicates a parameter it already has", () => {
    const href = decorateHref("/members/register/?utm_source=partner&plan=plus#top", ctx());
    expect(href.startsWith("/members/register/?utm_source=partner&plan=plus&")).toBe(true);
    expect(href.endsWith("#top")).toBe(true);
    expect(new URL(href, page).searchParams.getAll("utm_source")).toEqual(["partner"]);
  });

  it("is not applied on a sign-up page, where only promo is copied", () => {
    const onSignup = new URL("https://www.northdesk.com/members/register/?promo=SPRING");
    expect(decorateHref("/members/register/", ctx({ page: onSignup }))).toBe("/members/register/?promo=SPRING");
    expect(decorateHref("/members/register/", ctx({ page: new URL("https://www.northdesk.com/members/register/") }))).toBe(
      "/members/register/",
    );
  });

  it("copies promo from the page onto every sign-up link", () => {
    const withPromo = new URL("https://www.northdesk.com/pricing/?promo=HALF");
    expect(query(decorateHref("/members/register/", ctx({ page: withPromo, cookies: {} })))).toEqual({ promo: "HALF" });
  });
});

describe("cross-domain (app host) links (docs/product-rules.md#link-decoration)", () => {
  it("get mxid and hpid, and the partner params once known", () => {
    const href = decorateHref(
      "https://secure.northdesk.com/members/login/",
      ctx({ heapUserId: "77", partner: { gspk: "pk", gsxid: "x1" } }),
    );
    expect(query(href)).toEqual({ mxid: "mx-1", hpid: "77", gspk: "pk", gsxid: "x1" });
    expect(isAppLink("https://secure.northdesk.com/", page, hosts)).toBe(true);
    expect(isAppLink("/members/login/", page, hosts)).toBe(false);
  });
  it("other links are never touched", () => {
    for (const href of ["/pricing/", "https://example.com/?a=1", "#faq", "mailto:help@northdesk.com", "javascript:void(0)", ""]) {
      expect(decorateHref(href, ctx({ partner: { gspk: "pk" } }))).toBe(href);
    }
  });
  it("recognizes login links on any host", () => {
    expect(isLoginLink("https://secure.northdesk.com/members/login/", page)).toBe(true);
    expect(isLoginLink("/members/login/", page)).toBe(true);
    expect(isLoginLink("/members/register/", page)).toBe(false);
  });
});

describe("classifying hrefs without a URL parse for plain paths", () => {
  // the reference: what the rules say, with a URL parsed for every href
  const reference = (href: string, at: URL) => {
    let url: URL;
    try {
      url = new URL(href, at);
    } catch {
      return { signup: false, app: false, login: false };
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") return { signup: false, app: false, login: false };
    const relative = !/^([a-z][a-z\d+.-]*:|\/\/)/i.test(href.trim());
    return {
      signup:
        url.pathname.startsWith("/members/register") &&
        (relative || (url.hostname.endsWith("northdesk.com") && url.hostname !== hosts.app)),
      app: url.hostname === hosts.app,
      login: url.pathname.startsWith("/members/login"),
    };
  };
  const classify = (href: string, at: URL) => ({
    signup: isSignupLink(href, at, hosts),
    app: isAppLink(href, at, hosts),
    login: isLoginLink(href, at),
  });
  const appPage = new URL("https://secure.northdesk.com/x/");

  it("agrees with URL on paths URL rewrites (dot segments, escapes, backslashes, spaces, //host)", () => {
    const tricky = [
      "/members/register/",
      "/members/register?x=1#y",
      "/members/../members/register/",
      "/x/./members/register",
      "/%6Dembers/register/",
      "/members\\register",
      "/\\secure.northdesk.com/members/register",
      "//secure.northdesk.com/members/register",
      "/members/register%20/",
      " /members/register",
      "/members/register ",
      "/mémbers/register",
      "/members/login?next=/",
      "/.well-known/members/register",
      "/blog/",
      "/",
    ];
    for (const href of tricky) {
      expect(classify(href, page), href).toEqual(reference(href, page));
      expect(classify(href, appPage), `${href} on the app host`).toEqual(reference(href, appPage));
    }
  });
  it("agrees with URL on any path-like href (property)", () => {
    const segment = fc.constantFrom("members", "register", "login", "..", ".", "%2e", "blog", "\\", "", " ", "é", "register?x", "#h");
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 6 }), (parts) => {
        const href = `/${parts.join("/")}`;
        expect(classify(href, page)).toEqual(reference(href, page));
      }),
    );
  });
  it("decorates every anchor of a repeated href (one decoration per distinct href and pass)", () => {
    document.body.innerHTML = `<a href="/members/register/">a</a><a href="/members/register/">b</a><a href="/blog/">c</a>`;
    decorateLinks(document, ctx());
    const [a, b, c] = [...document.querySelectorAll("a")].map((el) => el.getAttribute("href"));
    expect(a).toBe(b);
    expect(query(a!).utm_source).toBe("google");
    expect(c).toBe("/blog/");
    document.body.innerHTML = "";
  });
});

describe("appendParams", () => {
  it("is idempotent and preserves everything already in the href (property)", () => {
    const name = fc.stringMatching(/^[a-z_]{1,8}$/);
    fc.assert(
      fc.property(
        fc.constantFrom("/members/register/", "https://secure.northdesk.com/x?a=1", "/p/?q=a%20b&", "/p/#h", "/p/?z=1#h?x"),
        fc.array(fc.tuple(name, fc.string()), { maxLength: 6 }),
        (href, params) => {
          const once = appendParams(href, params);
          expect(appendParams(once, params)).toBe(once);
          const hash = href.includes("#") ? href.slice(href.indexOf("#")) : "";
          expect(once.endsWith(hash)).toBe(true);
          const base = href.split("#")[0];
          expect(once.startsWith(base.replace(/&$/, ""))).toBe(true);
          const before = new URL(base, page).searchParams;
          const after = new URL(once, page).searchParams;
          for (const [key] of params) expect(after.getAll(key).length).toBe(Math.max(1, before.getAll(key).length));
        },
      ),
    );
  });
});

describe("decorating the DOM", () => {
  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("decorates matching anchors, and re-decorating with new cookies replaces our params", () => {
    document.body.innerHTML = `<a id="s" href="/members/register/">Sign up</a><a id="o" href="/blog/">Blog</a>`;
    decorateLinks(document, ctx());
    const signup = document.getElementById("s")!;
    expect(query(signup.getAttribute("href")!).utm_source).toBe("google");
    expect(document.getElementById("o")!.getAttribute("href")).toBe("/blog/");
    decorateLinks(document, ctx({ cookies: { ...cookies, nd_lt_src: "utmcsr=bing|utmcmd=organic|utmctr=|utmccn=|utmcct=" } }));
    expect(new URL(signup.getAttribute("href")!, page).searchParams.getAll("utm_source")).toEqual(["bing"]);
  });

  it("takes a new href set by React as the new original", () => {
    document.body.innerHTML = `<a id="s" href="/members/register/">Sign up</a>`;
    const anchor = document.getElementById("s")!;
    decorateLinks(document, ctx());
    anchor.setAttribute("href", "/members/register/?plan=pro");
    decorateLinks(document, ctx());
    expect(query(anchor.getAttribute("href")!)).toMatchObject({ plan: "pro", utm_source: "google" });
  });

  it("decorates links rendered later, and links whose href changes", async () => {
    const disconnect = observeLinks(document.body, () => ctx());
    const anchor = document.createElement("a");
    anchor.href = "/members/register/";
    document.body.append(anchor);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(query(anchor.getAttribute("href")!).utm_source).toBe("google");
    anchor.setAttribute("href", "https://secure.northdesk.com/");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(query(anchor.getAttribute("href")!)).toEqual({ mxid: "mx-1" });
    disconnect();
  });

  it("routes a plain click on a decorated same-origin link through Gatsby's navigate, keeping the params", () => {
    document.body.innerHTML = `<a id="s" href="/members/register/"><span id="inner">Sign up</span></a>`;
    decorateLinks(document, ctx({ page: new URL(window.location.href) }));
    const navigate = vi.fn();
    window.___navigate = navigate;
    const event = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 });
    Object.defineProperty(event, "target", { value: document.getElementById("inner") });
    followDecoratedLink(event, window);
    expect(event.defaultPrevented).toBe(true);
    expect(navigate.mock.calls[0][0]).toMatch(/^\/members\/register\/\?utm_source=google/);

    const modified = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0, metaKey: true });
    Object.defineProperty(modified, "target", { value: document.getElementById("inner") });
    followDecoratedLink(modified, window);
    expect(modified.defaultPrevented).toBe(false);
    delete window.___navigate;
  });
});

describe("partner params and the login marker (docs/product-rules.md#link-decoration, #markers)", () => {
  const NOW = 1_000_000;
  it("takes gspk/gsxid from the query and keeps them in storage with the 31,536,000,000 ms expiry", () => {
    localStorage.clear();
    expect(readPartnerParams("?gspk=pk&gsxid=x", localStorage, NOW)).toEqual({ gspk: "pk", gsxid: "x" });
    expect(JSON.parse(localStorage.getItem("gspk")!)).toEqual({ value: "pk", expires: NOW + STORAGE_TTL_MS });
    expect(readPartnerParams("", localStorage, NOW + 1000)).toEqual({ gspk: "pk", gsxid: "x" });
  });
  it("drops expired entries and tolerates blocked storage", () => {
    localStorage.clear();
    readPartnerParams("?gspk=pk", localStorage, NOW);
    expect(readPartnerParams("", localStorage, NOW + STORAGE_TTL_MS)).toEqual({});
    expect(localStorage.getItem("gspk")).toBeNull();
    const blocked = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("denied");
      },
      removeItem: () => undefined,
    };
    expect(readPartnerParams("?gsxid=q", blocked, NOW)).toEqual({ gsxid: "q" });
    expect(() => markLoginClicked(blocked)).not.toThrow();
  });
  it("marks a login click", () => {
    localStorage.clear();
    markLoginClicked(localStorage);
    expect(localStorage.getItem(LOGIN_CLICKED_KEY)).toBe("true");
  });
});
