// @vitest-environment jsdom
// @vitest-environment-options { "url": "https://www.example.com/pricing/" }
/**
 * Withdrawal (docs/product-rules.md#consent "What waits, per category"): the withdrawn categories' vendors stop
 * (their off switch, else a reload) and their cookies (host and parent domain) and local and session storage go.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { withdraw, type WithdrawalInput } from "../../../src/consent/withdraw";
import { deleteCookie } from "../../../src/consent/stores";
import type { OptionalCategory } from "../../../src/lib/consent-model";
import type { VendorId } from "../../../src/vendors/catalog";

type VendorGlobals = { _hsp?: unknown[]; fbq?: unknown; mixpanel?: unknown };
const w = window as unknown as VendorGlobals;

const HOST = window.location.hostname;
const cookieNames = () =>
  document.cookie
    .split(";")
    .map((pair) => pair.split("=")[0].trim())
    .filter(Boolean);

const clearAll = () => {
  for (const name of cookieNames())
    for (const domain of ["", "; domain=example.com", "; domain=www.example.com"])
      document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/${domain}`;
  localStorage.clear();
  sessionStorage.clear();
  delete w._hsp;
  delete w.fbq;
  delete w.mixpanel;
};
beforeEach(clearAll);
afterEach(clearAll);

const input = (withdrawn: OptionalCategory[], loaded: VendorId[] = []): WithdrawalInput => ({
  withdrawn,
  stillGranted: (c) => !withdrawn.includes(c),
  loaded: new Set(loaded),
});

/** A visitor who granted everything: what the site and its vendors wrote. */
function seed() {
  const cookies = [
    "nd_ft_src=google",
    "nd_lt_src=google",
    "nd_mxid=abc",
    "nd_signup_utm=x",
    "mp_0123abcd_mixpanel=%7B%7D",
    "_hp2_id.123=%7B%7D",
    "_hp2_ses_props.123=%7B%7D",
    "ajs_user_id=u1",
    "ajs_anonymous_id=a1",
    "_ga=GA1.1.1",
    "_ga_ABC=GS1",
    "_gcl_au=1.1.1",
    "hubspotutk=hutk",
    "__hstc=h",
    "_fbp=fb.1",
    "nd_tvar=b",
    "nd_consent=kept",
  ];
  for (const pair of cookies) document.cookie = `${pair}; path=/`;
  localStorage.setItem("ajs_anonymous_id", "a1");
  localStorage.setItem("ajs_user_traits", "{}");
  localStorage.setItem("_hp2_props.123", "{}");
  localStorage.setItem("gspk", "partner");
  localStorage.setItem("__nt_profile", "{}");
  localStorage.setItem("nd_demo_bar_dismissed", "1");
  sessionStorage.setItem("ajs_session", "s1");
  sessionStorage.setItem("nd_last_path", "/");
}

describe("withdraw: stores", () => {
  it("analytics: the site's and the analytics vendors' cookies and storage go; marketing's and nd_consent stay", () => {
    seed();
    expect(withdraw(window, input(["analytics"]))).toBe(false);
    const left = cookieNames();
    for (const gone of [
      "nd_ft_src",
      "nd_lt_src",
      "nd_mxid",
      "nd_signup_utm",
      "mp_0123abcd_mixpanel",
      "_hp2_id.123",
      "_hp2_ses_props.123",
      "ajs_user_id",
      "ajs_anonymous_id",
    ])
      expect(left).not.toContain(gone);
    for (const kept of ["hubspotutk", "__hstc", "_fbp", "nd_tvar", "nd_consent"]) expect(left).toContain(kept);
    // Google's tags serve marketing too, still granted: they keep running (Consent Mode), but Google Analytics'
    // cookies are analytics' and go; Google Ads' stay with marketing.
    expect(left).not.toContain("_ga");
    expect(left).not.toContain("_ga_ABC");
    expect(left).toContain("_gcl_au");
    expect(localStorage.getItem("ajs_anonymous_id")).toBeNull();
    expect(localStorage.getItem("ajs_user_traits")).toBeNull();
    expect(localStorage.getItem("_hp2_props.123")).toBeNull();
    expect(sessionStorage.getItem("ajs_session")).toBeNull();
    expect(localStorage.getItem("gspk")).toBe("partner");
    expect(localStorage.getItem("__nt_profile")).toBe("{}");
    expect(localStorage.getItem("nd_demo_bar_dismissed")).toBe("1");
    expect(sessionStorage.getItem("nd_last_path")).toBe("/");
  });

  it("marketing: HubSpot's and Meta's cookies and the partner ids go; analytics' stay", () => {
    seed();
    withdraw(window, input(["marketing"]));
    const left = cookieNames();
    for (const gone of ["hubspotutk", "__hstc", "_fbp"]) expect(left).not.toContain(gone);
    for (const kept of ["nd_ft_src", "mp_0123abcd_mixpanel", "ajs_user_id", "_ga", "nd_consent"]) expect(left).toContain(kept);
    expect(localStorage.getItem("gspk")).toBeNull();
    expect(localStorage.getItem("ajs_anonymous_id")).toBe("a1");
  });

  it("marketing alone: Google Ads' _gcl_* go with it, Google Analytics' _ga* stay under analytics", () => {
    seed();
    withdraw(window, input(["marketing"], ["gtag"]));
    const left = cookieNames();
    expect(left).not.toContain("_gcl_au");
    for (const kept of ["_ga", "_ga_ABC"]) expect(left).toContain(kept);
  });

  it("analytics and marketing both: the Google cookies go too", () => {
    seed();
    withdraw(window, input(["analytics", "marketing"]));
    const left = cookieNames();
    expect(left).not.toContain("_ga");
    expect(left).not.toContain("_ga_ABC");
    expect(left).toContain("nd_consent");
    expect(left).toContain("nd_tvar");
  });

  it("cookies written on the parent domain go too", () => {
    document.cookie = "nd_ft_src=parent; path=/; domain=example.com";
    document.cookie = "mp_abc_mixpanel=parent; path=/; domain=example.com";
    expect(cookieNames()).toContain("nd_ft_src");
    withdraw(window, input(["analytics"]));
    expect(cookieNames()).not.toContain("nd_ft_src");
    expect(cookieNames()).not.toContain("mp_abc_mixpanel");
  });

  it("nothing withdrawn: nothing deleted, no reload", () => {
    seed();
    const before = cookieNames();
    expect(withdraw(window, input([], ["heap", "tag-manager"]))).toBe(false);
    expect(cookieNames()).toEqual(before);
    expect(localStorage.getItem("ajs_anonymous_id")).toBe("a1");
  });
});

describe("withdraw: vendors", () => {
  it("a vendor of analytics or marketing (tag manager) is not stopped while marketing stays granted", () => {
    expect(withdraw(window, input(["analytics"], ["tag-manager", "gtag"]))).toBe(false);
  });

  it("the tag manager with both its categories withdrawn: no off switch, reload", () => {
    expect(withdraw(window, input(["analytics", "marketing"], ["tag-manager"]))).toBe(true);
  });

  it("crm-loader: pushes revokeCookieConsent onto _hsp (kept or created), no reload", () => {
    w._hsp = [["setPath", "/"]];
    expect(withdraw(window, input(["marketing"], ["crm-loader"]))).toBe(false);
    expect(w._hsp).toEqual([["setPath", "/"], ["revokeCookieConsent"]]);
    delete w._hsp;
    expect(withdraw(window, input(["marketing"], ["crm-loader"]))).toBe(false);
    expect(w._hsp).toEqual([["revokeCookieConsent"]]);
  });

  it("ad-pixel: fbq('consent', 'revoke'), no reload", () => {
    const fbq = vi.fn();
    w.fbq = fbq;
    expect(withdraw(window, input(["marketing"], ["ad-pixel"]))).toBe(false);
    expect(fbq).toHaveBeenCalledWith("consent", "revoke");
    expect(fbq).toHaveBeenCalledTimes(1);
  });

  it("ad-pixel loading but fbq not there yet: reload", () => {
    expect(withdraw(window, input(["marketing"], ["ad-pixel"]))).toBe(true);
  });

  it("product-analytics: mixpanel.opt_out_tracking(), no reload", () => {
    const opt_out_tracking = vi.fn();
    w.mixpanel = { opt_out_tracking };
    expect(withdraw(window, input(["analytics"], ["product-analytics"]))).toBe(false);
    expect(opt_out_tracking).toHaveBeenCalledTimes(1);
  });

  it("product-analytics without its off switch loaded: reload", () => {
    w.mixpanel = {};
    expect(withdraw(window, input(["analytics"], ["product-analytics"]))).toBe(true);
  });

  it("a loaded vendor without an off switch (heap): reload", () => {
    expect(withdraw(window, input(["analytics"], ["heap"]))).toBe(true);
    expect(withdraw(window, input(["analytics"], ["visitor-analytics"]))).toBe(true);
    expect(withdraw(window, input(["marketing"], ["sales-intelligence"]))).toBe(true);
  });

  it("off switches with a reload still run and the stores still go", () => {
    seed();
    const fbq = vi.fn();
    w.fbq = fbq;
    expect(withdraw(window, input(["analytics", "marketing"], ["ad-pixel", "heap", "crm-loader"]))).toBe(true);
    expect(fbq).toHaveBeenCalledWith("consent", "revoke");
    expect(w._hsp).toEqual([["revokeCookieConsent"]]);
    expect(cookieNames()).not.toContain("_hp2_id.123");
    expect(cookieNames()).not.toContain("hubspotutk");
  });

  it("vendors of categories not withdrawn are left alone", () => {
    const fbq = vi.fn();
    w.fbq = fbq;
    expect(withdraw(window, input(["analytics"], ["ad-pixel", "crm-loader", "support-widget", "consent-manager"]))).toBe(false);
    expect(fbq).not.toHaveBeenCalled();
    expect(w._hsp).toBeUndefined();
    expect(withdraw(window, input(["preferences"], ["heap"]))).toBe(false);
  });

  it("a vendor of preferences (support widget) withdrawn: reload", () => {
    expect(withdraw(window, input(["preferences"], ["support-widget"]))).toBe(true);
  });
});

describe("deleteCookie", () => {
  it("removes a cookie set for the host alone", () => {
    document.cookie = "gone=1; path=/";
    document.cookie = "stays=1; path=/";
    deleteCookie(document, "gone", HOST);
    expect(cookieNames()).toEqual(["stays"]);
  });

  it("removes it from the parent domain and the host together", () => {
    document.cookie = "both=host; path=/";
    document.cookie = "both=parent; path=/; domain=example.com";
    expect(cookieNames().filter((n) => n === "both")).toHaveLength(2);
    deleteCookie(document, "both", HOST);
    expect(cookieNames()).not.toContain("both");
  });

  it("a name not set: nothing else changes", () => {
    document.cookie = "stays=1; path=/";
    deleteCookie(document, "absent", HOST);
    expect(document.cookie).toBe("stays=1");
  });
});
