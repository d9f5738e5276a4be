import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  DIRECT_SOURCE,
  applyWrites,
  formatFirstTouch,
  formatLastTouch,
  pagePath,
  parseFirstTouch,
  parseLastTouch,
  readAttribution,
  resolveSource,
  toPageUrl,
  trackPageView,
  type TouchSource,
} from "../../../src/browser/attribution";
import { COOKIE_LIFETIME_MS, COOKIE_NAMES, cookieAttributes, isCookieSafe } from "../../../src/lib/cookies";
import { isTrackedPage } from "../../../src/browser/hosts";
import { parentDomain } from "../../../src/lib/host-names";

const hosts = { marketing: "www.northdesk.com", staging: "staging.northdesk.com", app: "secure.northdesk.com" };
const PAGE = "https://www.northdesk.com/shared-inbox/";
const NOW = Date.UTC(2026, 10, 23);

const touch = (source: string, medium: string, term = "", campaign = "", content = ""): TouchSource => ({
  source,
  medium,
  term,
  campaign,
  content,
});

describe("resolveSource: the spec's order (docs/product-rules.md#attribution)", () => {
  it("1. campaign parameters win over any referrer", () => {
    const url = `${PAGE}?utm_source=newsletter&utm_medium=email&utm_campaign=spring&utm_term=inbox&utm_content=hero`;
    expect(resolveSource(url, "https://www.google.com/search?q=help+desk", hosts)).toEqual(
      touch("newsletter", "email", "inbox", "spring", "hero"),
    );
  });

  it("1. a paid-search click id defaults source to google and medium to cpc", () => {
    expect(resolveSource(`${PAGE}?gclid=abc123`, "", hosts)).toEqual(touch("google", "cpc"));
    expect(resolveSource(`${PAGE}?gclid=abc&utm_source=bing&utm_medium=ppc`, "", hosts)).toEqual(touch("bing", "ppc"));
  });

  it("1. any single campaign parameter is enough; missing source and medium read (not set)", () => {
    expect(resolveSource(`${PAGE}?utm_campaign=launch`, "https://news.ycombinator.com/", hosts)).toEqual(
      touch("(not set)", "(not set)", "", "launch"),
    );
  });

  it("1. empty campaign parameters are ignored", () => {
    expect(resolveSource(`${PAGE}?utm_source=&gclid=`, "", hosts).source).toBe(DIRECT_SOURCE);
  });

  it.each([
    ["https://www.google.com/search?q=shared+inbox", "google", "shared inbox"],
    ["https://www.google.co.uk/search?q=help%20desk", "google", "help desk"],
    ["https://www.bing.com/search?q=ticketing", "bing", "ticketing"],
    ["https://search.aol.com/aol/search?q=crm", "aol", "crm"],
    ["https://search.yahoo.com/search?p=support+software", "yahoo", "support software"],
    ["https://www.ask.com/web?q=helpdesk", "ask", "helpdesk"],
    ["https://search.comcast.net/?q=email", "comcast", "email"],
    ["https://search.xfinity.com/?q=chat", "xfinity", "chat"],
    ["https://yandex.ru/search/?text=inbox", "yandex", "inbox"],
    ["https://www.baidu.com/s?wd=kefu", "baidu", "kefu"],
    ["https://www.google.com/", "google", ""],
  ])("2. search referrer %s is organic from %s with its query as the term", (referrer, source, term) => {
    expect(resolveSource(PAGE, referrer, hosts)).toEqual(touch(source, "organic", term));
  });

  it.each([
    ["https://www.facebook.com/", "facebook"],
    ["https://l.facebook.com/l.php?u=x", "facebook"],
    ["https://t.co/abc", "twitter"],
    ["https://x.com/northdesk", "twitter"],
    ["https://www.linkedin.com/feed/", "linkedin"],
    ["https://www.instagram.com/", "instagram"],
    ["https://www.youtube.com/watch?v=1", "youtube"],
    ["https://old.reddit.com/r/sysadmin", "reddit"],
  ])("3. social referrer %s is social from %s", (referrer, source) => {
    expect(resolveSource(PAGE, referrer, hosts)).toEqual(touch(source, "social"));
  });

  it("4. any other external referrer is a referral with its host as source and its path as content", () => {
    expect(resolveSource(PAGE, "https://blog.example.org/best-help-desks?ref=1", hosts)).toEqual(
      touch("blog.example.org", "referral", "", "", "/best-help-desks"),
    );
  });

  it("4. a look-alike of a social domain is a referral, not social", () => {
    expect(resolveSource(PAGE, "https://notfacebook.com/", hosts).medium).toBe("referral");
  });

  it("5. no referrer, our own hosts, or a non-web referrer is (direct)", () => {
    for (const referrer of [
      "",
      null,
      undefined,
      "https://www.northdesk.com/pricing/",
      "https://secure.northdesk.com/inbox",
      "https://docs.northdesk.com/",
      "android-app://com.example",
      "not a url",
    ]) {
      expect(resolveSource(PAGE, referrer, hosts)).toEqual(touch(DIRECT_SOURCE, "(none)"));
    }
  });
});

describe("attribution URL helpers throw on an undefined URL (docs/product-rules.md#attribution)", () => {
  it.each([undefined, null])("%s", (url) => {
    expect(() => toPageUrl(url)).toThrow(/page URL/);
    expect(() => resolveSource(url, "", hosts)).toThrow();
    expect(() => pagePath(url)).toThrow();
    expect(() => trackPageView({ url, referrer: "", cookies: {}, now: NOW, hosts })).toThrow();
  });
  it("a relative URL is rejected with a clear message", () => {
    expect(() => toPageUrl("/pricing/")).toThrow(/absolute page URL/);
  });
});

describe("cookie formats (docs/product-rules.md#cookies)", () => {
  it("first touch is source|medium|term|campaign|content, URI-encoded", () => {
    expect(formatFirstTouch(touch("google", "organic", "help desk|inbox", "", ""))).toBe("google|organic|help%20desk%7Cinbox||");
  });
  it("last touch is utmcsr=…|utmcmd=…|utmctr=…|utmccn=…|utmcct=…", () => {
    expect(formatLastTouch(touch("(direct)", "(none)"))).toBe("utmcsr=(direct)|utmcmd=(none)|utmctr=|utmccn=|utmcct=");
  });
  it("unparsable cookie values read as absent", () => {
    for (const bad of ["", "a|b", "%E0%A4%A|b|c|d|e", "utmcsr=x", "utmcsr=x|utmcmd"]) {
      expect(parseFirstTouch(bad) === null || parseLastTouch(bad) === null).toBe(true);
    }
    expect(parseLastTouch("garbage")).toBeNull();
    expect(parseFirstTouch("a|b")).toBeNull();
  });

  const anyTouch = fc.record({ source: fc.string(), medium: fc.string(), term: fc.string(), campaign: fc.string(), content: fc.string() });
  const wellFormed = (t: TouchSource) =>
    Object.fromEntries(
      Object.entries(t).map(([key, value]) => [
        key,
        value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD"),
      ]),
    );

  it("round-trips any values through both formats (property)", () => {
    fc.assert(
      fc.property(anyTouch, (t) => {
        expect(parseFirstTouch(formatFirstTouch(t))).toEqual(wellFormed(t));
        expect(parseLastTouch(formatLastTouch(t))).toEqual(wellFormed(t));
      }),
    );
  });

  it("formatted values are always valid cookie octets (property)", () => {
    fc.assert(fc.property(anyTouch, (t) => isCookieSafe(formatFirstTouch(t)) && isCookieSafe(formatLastTouch(t))));
  });
});

describe("trackPageView: which cookies a view writes (docs/product-rules.md#attribution, #constants)", () => {
  const view = (url: string, referrer: string, cookies: Record<string, string | undefined> = {}) =>
    trackPageView({ url, referrer, cookies, now: NOW, hosts });
  const names = (decision: ReturnType<typeof view>) => decision.writes.map((w) => w.name).sort();

  it("a first visit writes all four cookies, expiring in two years", () => {
    const decision = view(`${PAGE}?utm_source=ads&utm_medium=cpc`, "");
    expect(names(decision)).toEqual(["nd_ft_src", "nd_ft_url", "nd_lt_src", "nd_lt_url"]);
    expect(decision.writes.every((w) => w.expires.getTime() === NOW + COOKIE_LIFETIME_MS)).toBe(true);
    const cookies = applyWrites({}, decision.writes);
    expect(cookies).toMatchObject({
      nd_ft_src: "ads|cpc|||",
      nd_lt_src: "utmcsr=ads|utmcmd=cpc|utmctr=|utmccn=|utmcct=",
      nd_ft_url: "/shared-inbox/",
      nd_lt_url: "/shared-inbox/",
    });
  });

  it("a second visit keeps the first touch and updates the last touch", () => {
    const first = applyWrites({}, view(`${PAGE}?utm_source=ads&utm_medium=cpc`, "").writes);
    const second = applyWrites(first, view("https://www.northdesk.com/pricing/", "https://www.bing.com/search?q=inbox", first).writes);
    expect(second.nd_ft_src).toBe("ads|cpc|||");
    expect(second.nd_ft_url).toBe("/shared-inbox/");
    expect(readAttribution(second).lastTouch).toEqual(touch("bing", "organic", "inbox"));
    expect(second.nd_lt_url).toBe("/pricing/");
  });

  it("a direct view never overwrites a non-direct last touch, but still updates the last-touch URL", () => {
    const before = applyWrites({}, view(PAGE, "https://t.co/x").writes);
    const decision = view("https://www.northdesk.com/blog/", "", before);
    expect(names(decision)).toEqual(["nd_lt_url"]);
  });

  it("a direct view replaces a direct last touch (refreshing its expiry)", () => {
    const before = applyWrites({}, view(PAGE, "").writes);
    expect(names(view(PAGE, "", before))).toEqual(["nd_lt_src", "nd_lt_url"]);
  });

  it("tracks on the staging host, localhost and login pages, not on the app host or elsewhere", () => {
    expect(view("https://staging.northdesk.com/", "").tracked).toBe(true);
    expect(view("http://localhost:9000/", "").tracked).toBe(true);
    expect(view("https://secure.northdesk.com/members/login/", "").tracked).toBe(true);
    expect(view("https://secure.northdesk.com/inbox/1", "").tracked).toBe(false);
    expect(view("https://secure.northdesk.com/inbox/1", "").writes).toEqual([]);
    expect(isTrackedPage(new URL("https://evil.example/"), hosts)).toBe(false);
  });

  it("stores page paths only (no query, no hash)", () => {
    const cookies = applyWrites({}, view(`${PAGE}?utm_source=x#pricing`, "").writes);
    expect(cookies.nd_lt_url).toBe("/shared-inbox/");
  });

  it("is deterministic and obeys the first-touch invariant over any sequence of views (property)", () => {
    const urls = fc.constantFrom(
      PAGE,
      `${PAGE}?utm_source=a&utm_medium=b`,
      "https://www.northdesk.com/pricing/?gclid=1",
      "https://staging.northdesk.com/blog/",
      "https://secure.northdesk.com/app/",
      "https://www.northdesk.com/members/login/",
    );
    const referrers = fc.constantFrom(
      "",
      "https://www.google.com/?q=x",
      "https://facebook.com/",
      "https://other.example/p",
      "https://www.northdesk.com/",
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(urls, referrers), { minLength: 1, maxLength: 12 }), (views) => {
        let cookies: Record<string, string | undefined> = {};
        let firstSrc: string | undefined;
        let firstUrl: string | undefined;
        for (const [url, referrer] of views) {
          const decision = view(url, referrer, cookies);
          expect(view(url, referrer, cookies)).toEqual(decision);
          cookies = applyWrites(cookies, decision.writes);
          firstSrc ??= cookies[COOKIE_NAMES.firstTouchSource];
          firstUrl ??= cookies[COOKIE_NAMES.firstTouchUrl];
          expect(cookies[COOKIE_NAMES.firstTouchSource]).toBe(firstSrc);
          expect(cookies[COOKIE_NAMES.firstTouchUrl]).toBe(firstUrl);
          if (decision.tracked) expect(cookies[COOKIE_NAMES.lastTouchUrl]).toBe(new URL(url).pathname);
          // Every stored value parses back.
          if (cookies.nd_ft_src) expect(parseFirstTouch(cookies.nd_ft_src)).not.toBeNull();
          if (cookies.nd_lt_src) expect(parseLastTouch(cookies.nd_lt_src)).not.toBeNull();
        }
      }),
    );
  });

  it("never throws and always writes cookie-safe values for arbitrary page URLs and referrers (property)", () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), fc.oneof(fc.webUrl(), fc.string()), (url, referrer) => {
        const page = new URL(url);
        page.hostname = "www.northdesk.com";
        const decision = view(page.href, referrer);
        return decision.writes.every((w) => isCookieSafe(w.value) && w.value.length < 3000);
      }),
    );
  });
});

describe("cookie attributes (docs/product-rules.md#constants)", () => {
  it("path /, SameSite=Strict, the parent domain of the host; no domain on localhost", () => {
    const expires = new Date(NOW + COOKIE_LIFETIME_MS);
    expect(cookieAttributes("www.northdesk.com", expires)).toEqual({ path: "/", sameSite: "Strict", expires, domain: "northdesk.com" });
    expect(cookieAttributes("localhost", expires)).toEqual({ path: "/", sameSite: "Strict", expires });
  });
  it.each([
    ["www.northdesk.com", "northdesk.com"],
    ["staging.northdesk.com", "northdesk.com"],
    ["northdesk.com", "northdesk.com"],
    ["a.b.northdesk.com", "b.northdesk.com"],
    ["www.northdesk.co.uk", "northdesk.co.uk"],
    ["localhost", undefined],
    ["127.0.0.1", undefined],
    ["intranet", undefined],
    ["co.uk", undefined],
  ])("parentDomain(%s) is %s", (host, parent) => {
    expect(parentDomain(host)).toBe(parent);
  });
});
