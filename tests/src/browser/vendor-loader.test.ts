import { describe, expect, it, vi } from "vitest";
import { thirdPartyScripts } from "../../../src/browser/vendor-loader";
import { VENDOR_IDS, type ScriptIds } from "../../../src/vendors/catalog";
import { DEFAULT_SALES_INTELLIGENCE_PATHS } from "../../../src/vendors/sales-intelligence";
import { matchesPathList } from "../../../src/vendors/sources";

const hosts = { marketing: "www.northdesk.com", staging: "staging.northdesk.com", app: "secure.northdesk.com" };
const ALL: ScriptIds = {
  "consent-manager": "https://cdn.consent.test/consent.js",
  "tag-manager": "GTM-TEST",
  gtag: "G-TEST",
  "crm-loader": "123456",
  "support-widget": "beacon-id",
  "visitor-analytics": "https://cdn.segment.test/analytics.js",
  "product-analytics": "https://cdn.mixpanel.test/mixpanel.js",
  heap: "987",
  "ad-pixel": "https://px.ads.test/pixel.js",
  "sales-intelligence": "https://tag.sales.test/tag.js",
  "partner-referral": "https://partners.test/ref.js",
  "visitor-intelligence": "https://vi.test/loader.js",
  "speed-insights": "/_vercel/speed-insights/script.js",
};
const ids = (pathname: string, hostname = "www.northdesk.com", config: ScriptIds = ALL) =>
  thirdPartyScripts({ pathname, hostname, config: { ids: config }, hosts }).map((s) => s.id);

describe("third-party scripts (docs/product-rules.md#layout-per-path, #scripts-and-analytics; docs/architecture.md#third-party-scripts)", () => {
  it("with no ids configured, nothing loads anywhere", () => {
    for (const path of ["/", "/see-it-in-action/", "/pricing/", "/members/register/"])
      expect(ids(path, "www.northdesk.com", {})).toEqual([]);
    expect(ids("/", "www.northdesk.com", { gtag: "  ", heap: "" })).toEqual([]);
  });

  it("the ad pixel loads only on paths containing /see-it-in-action/", () => {
    expect(ids("/see-it-in-action/")).toContain("ad-pixel");
    expect(ids("/lp/see-it-in-action/demo/")).toContain("ad-pixel");
    expect(ids("/")).not.toContain("ad-pixel");
    expect(ids("/see-it/")).not.toContain("ad-pixel");
  });

  it("the sales-intelligence tag loads on the configured product, pricing, comparison and blog paths", () => {
    expect(ids("/pricing/")).toContain("sales-intelligence");
    expect(ids("/compare/zendesk/")).toContain("sales-intelligence");
    expect(ids("/blog/some-post/")).toContain("sales-intelligence");
    expect(ids("/careers/")).not.toContain("sales-intelligence");
    const custom = thirdPartyScripts({
      pathname: "/careers/",
      hostname: "www.northdesk.com",
      config: { ids: ALL, salesIntelligencePaths: ["/careers/"] },
      hosts,
    });
    expect(custom.map((s) => s.id)).toContain("sales-intelligence");
  });

  it("analytics load on marketing hosts and on login and sign-up pages only", () => {
    const analytics = ["visitor-analytics", "product-analytics", "heap"];
    expect(ids("/")).toEqual(expect.arrayContaining(analytics));
    expect(ids("/", "localhost")).toEqual(expect.arrayContaining(analytics));
    expect(ids("/somewhere/", "preview.example.net").filter((id) => analytics.includes(id))).toEqual([]);
    expect(ids("/members/login/", "preview.example.net")).toEqual(expect.arrayContaining(analytics));
    expect(ids("/members/register/", "preview.example.net")).toEqual(expect.arrayContaining(analytics));
  });

  it("builds addresses from ids, and accepts only https:// or root-relative URLs for the others", () => {
    const byId = Object.fromEntries(
      thirdPartyScripts({ pathname: "/", hostname: "localhost", config: { ids: ALL }, hosts }).map((s) => [s.id, s.src]),
    );
    expect(byId["tag-manager"]).toBe("https://www.googletagmanager.com/gtm.js?id=GTM-TEST");
    expect(byId.gtag).toBe("https://www.googletagmanager.com/gtag/js?id=G-TEST");
    expect(byId["crm-loader"]).toBe("https://js.hs-scripts.com/123456.js");
    expect(byId.heap).toBe("https://cdn.heapanalytics.com/js/heap-987.js");
    expect(ids("/", "localhost", { "ad-pixel": "javascript:alert(1)", "consent-manager": "http://insecure.test/x.js" })).toEqual([]);
    expect(ids("/", "localhost", { gtag: 'x"><script>' })).toEqual(["gtag"]);
    expect(byId).not.toHaveProperty("ad-pixel");
  });

  it("initialises gtag and the support widget on load, and tells of a blocked speed-insights script", () => {
    const scripts = thirdPartyScripts({ pathname: "/", hostname: "localhost", config: { ids: ALL }, hosts });
    const win = {} as Window & { dataLayer?: unknown[]; Beacon?: (...args: unknown[]) => void };
    scripts.find((s) => s.id === "gtag")!.init!(win);
    expect(win.dataLayer!.map((entry) => Array.from(entry as IArguments)[0])).toEqual(["js", "config"]);
    win.Beacon = vi.fn();
    scripts.find((s) => s.id === "support-widget")!.init!(win);
    expect(win.Beacon).toHaveBeenNthCalledWith(1, "init", "beacon-id");
    expect(win.Beacon).toHaveBeenNthCalledWith(2, "reset");
    expect(scripts.find((s) => s.id === "speed-insights")!.errorMessage).toMatch(/content blocker/);
  });

  it("knows every script the spec lists", () => {
    expect(VENDOR_IDS).toHaveLength(13);
    expect(matchesPathList("/integrations", DEFAULT_SALES_INTELLIGENCE_PATHS)).toBe(true);
    expect(matchesPathList("/pricing/?x=1", ["/pricing/"])).toBe(true);
  });
});
