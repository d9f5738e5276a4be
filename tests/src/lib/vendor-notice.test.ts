/**
 * The notice's facts per catalog entry (docs/product-rules.md#consent, "The notice"): every store the catalog
 * declares has its lifetime, no lifetime names a store the catalog does not, and the table's rows follow the build.
 */
import { describe, expect, it } from "vitest";
import { SCRIPT_CATALOG, SITE_STORES, THIRD_PARTY_SCRIPT_IDS, type ScriptIds } from "../../../src/lib/third-party-scripts";
import {
  NECESSARY_NOTICE,
  SITE_NOTICES,
  VENDOR_NOTICES,
  noticeRows,
  vendorNamesByCategory,
  vendorStoreLines,
} from "../../../src/lib/vendor-notice";
import { OPTIONAL_CATEGORIES } from "../../../src/lib/consent-model";

const ALL: ScriptIds = Object.fromEntries(THIRD_PARTY_SCRIPT_IDS.map((id) => [id, "https://vendor.test/x.js"]));

describe("vendor notices", () => {
  it("every vendor store has a lifetime, and every lifetime names a store", () => {
    for (const id of THIRD_PARTY_SCRIPT_IDS) {
      const names = vendorStoreLines(id).map((line) => line.name);
      expect(Object.keys(VENDOR_NOTICES[id].lifetimes).sort(), id).toEqual([...new Set(names)].sort());
    }
  });

  it("every site store has a lifetime, and every lifetime names a store", () => {
    for (const c of OPTIONAL_CATEGORIES) {
      const names = [...(SITE_STORES[c].cookies ?? []), ...(SITE_STORES[c].localStorage ?? [])];
      expect(Object.keys(SITE_NOTICES[c].lifetimes).sort(), c).toEqual(names.sort());
    }
    const { cookies = [], localStorage = [], sessionStorage } = NECESSARY_NOTICE.stores;
    expect(Object.keys(NECESSARY_NOTICE.lifetimes).sort()).toEqual([...cookies, ...localStorage, ...sessionStorage].sort());
  });

  it("each notice has a one-sentence purpose, a recipient and an https (or the site's own) policy", () => {
    for (const notice of [...Object.values(VENDOR_NOTICES), ...Object.values(SITE_NOTICES), NECESSARY_NOTICE]) {
      expect(notice.purpose).toMatch(/^[A-Z][^.]*\.$/);
      expect(notice.recipient.name).not.toBe("");
      expect(notice.recipient.policyUrl).toMatch(/^(https:\/\/|\/privacy\/$)/);
    }
  });

  it("the site's consented cookies live no longer than the consent", () => {
    for (const name of SITE_STORES.analytics.cookies ?? []) expect(SITE_NOTICES.analytics.lifetimes[name]).toMatch(/183 days at most/);
  });

  it("Google's stores split by category: _gcl_* are marketing's, _ga* analytics'", () => {
    const lines = vendorStoreLines("gtag");
    expect(lines.find((l) => l.name === "_gcl_*")?.category).toBe("marketing");
    expect(lines.find((l) => l.name === "_ga")?.category).toBe("analytics");
    expect(SCRIPT_CATALOG.gtag.stores).toBeUndefined();
  });
});

describe("noticeRows", () => {
  it("lists the necessary and the site's own stores, and only the vendors this build configures", () => {
    const rows = noticeRows({ heap: "42", "ad-pixel": " " });
    expect(rows.map((r) => r.name)).toEqual([
      NECESSARY_NOTICE.name,
      SITE_NOTICES.analytics.name,
      SITE_NOTICES.preferences.name,
      SITE_NOTICES.marketing.name,
      "Heap",
    ]);
    expect(rows[4]).toMatchObject({ categories: ["analytics"], recipient: VENDOR_NOTICES.heap.recipient });
    expect(rows[4].stores).toEqual([
      { name: "_hp2_*", kind: "cookie", lifetime: VENDOR_NOTICES.heap.lifetimes["_hp2_*"] },
      { name: "_hp2_*", kind: "local storage", lifetime: VENDOR_NOTICES.heap.lifetimes["_hp2_*"] },
    ]);
  });

  it("the consent manager: only with a hosted provider, named by it", () => {
    expect(noticeRows({ "consent-manager": "https://cm.test/x.js" }).map((r) => r.name)).not.toContain("Consent manager");
    const row = noticeRows({ "consent-manager": "https://cm.test/x.js" }, "osano").find((r) => r.name === "Consent manager");
    expect(row?.recipient.name).toBe("Osano, Inc.");
  });

  it("every configured vendor: one row each, every store with its lifetime", () => {
    const rows = noticeRows(ALL, "cookiebot");
    expect(rows).toHaveLength(4 + THIRD_PARTY_SCRIPT_IDS.length);
    for (const row of rows) for (const store of row.stores) expect(store.lifetime, `${row.name} ${store.name}`).not.toBe("");
  });
});

describe("vendorNamesByCategory", () => {
  it("names each configured vendor under every category it serves", () => {
    expect(vendorNamesByCategory({ gtag: "G-1", "crm-loader": "1", "support-widget": "b" })).toEqual({
      preferences: ["Help Scout Beacon"],
      analytics: ["Google tag"],
      marketing: ["Google tag", "HubSpot"],
    });
  });
});
