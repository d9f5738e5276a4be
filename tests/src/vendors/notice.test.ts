/**
 * The notice's facts per catalog entry (docs/product-rules.md#consent, "The notice"): every store the catalog
 * declares has its lifetime, no lifetime names a store the catalog does not, and the table's rows follow the build.
 */
import { describe, expect, it } from "vitest";
import { VENDORS, VENDOR_IDS, vendor, type ScriptIds } from "../../../src/vendors/catalog";
import { noticeRows, vendorNamesByCategory, vendorStoreLines } from "../../../src/vendors/notice";
import { NECESSARY_STORES, SITE_STORES } from "../../../src/vendors/site";
import { OPTIONAL_CATEGORIES } from "../../../src/lib/consent-model";

const ALL: ScriptIds = Object.fromEntries(VENDOR_IDS.map((id) => [id, "https://vendor.test/x.js"]));

describe("vendor notices", () => {
  it("every store an entry declares carries a lifetime", () => {
    for (const v of VENDORS) for (const line of vendorStoreLines(v)) expect(line.lifetime, `${v.id} ${line.name}`).not.toBe("");
    for (const site of [...Object.values(SITE_STORES), NECESSARY_STORES])
      for (const kind of Object.values(site.stores)) for (const [name, life] of Object.entries(kind)) expect(life, name).not.toBe("");
  });

  it("each entry has a one-sentence purpose, a recipient and an https (or the site's own) policy", () => {
    for (const notice of [...VENDORS, ...Object.values(SITE_STORES), NECESSARY_STORES]) {
      expect(notice.purpose).toMatch(/^[A-Z][^.]*\.$/);
      expect(notice.name).not.toBe("");
    }
    for (const v of VENDORS) expect(v.recipient.policyUrl).toMatch(/^(https:\/\/|\/privacy\/$)/);
  });

  it("the site's consented cookies live no longer than the consent", () => {
    for (const c of OPTIONAL_CATEGORIES)
      for (const [name, life] of Object.entries(SITE_STORES[c].stores.cookies ?? {}))
        if (name !== "hubspotutk") expect(life, name).toMatch(/183 days at most/);
  });

  it("Google's stores split by category: _gcl_* are marketing's, _ga* analytics'", () => {
    const lines = vendorStoreLines(vendor("gtag"));
    expect(lines.find((l) => l.name === "_gcl_*")?.category).toBe("marketing");
    expect(lines.find((l) => l.name === "_ga")?.category).toBe("analytics");
    expect(vendor("gtag").stores).toBeUndefined();
  });
});

describe("noticeRows", () => {
  it("lists the necessary and the site's own stores, and only the vendors this build configures", () => {
    const rows = noticeRows({ heap: "42", "ad-pixel": " " });
    expect(rows.map((r) => r.name)).toEqual([
      NECESSARY_STORES.name,
      SITE_STORES.analytics.name,
      SITE_STORES.preferences.name,
      SITE_STORES.marketing.name,
      "Heap",
    ]);
    expect(rows[4]).toMatchObject({ categories: ["analytics"], recipient: vendor("heap").recipient });
    expect(rows[4].stores).toEqual([
      { name: "_hp2_*", kind: "cookie", lifetime: "13 months (visitor id), 30 minutes (session)" },
      { name: "_hp5_*", kind: "cookie", lifetime: "13 months" },
      { name: "_hp2_*", kind: "local storage", lifetime: "no expiry; deleted when your choice expires or is withdrawn" },
    ]);
  });

  it("the consent manager: only with a hosted provider, named by it", () => {
    expect(noticeRows({ "consent-manager": "https://cm.test/x.js" }).map((r) => r.name)).not.toContain("Consent manager");
    const row = noticeRows({ "consent-manager": "https://cm.test/x.js" }, "osano").find((r) => r.name === "Consent manager");
    expect(row?.recipient.name).toBe("Osano, Inc.");
  });

  it("every configured vendor: one row each, every store with its lifetime", () => {
    const rows = noticeRows(ALL, "cookiebot");
    expect(rows).toHaveLength(4 + VENDOR_IDS.length);
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
