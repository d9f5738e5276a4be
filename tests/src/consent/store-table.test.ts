/** The sweep's table of stores (docs/product-rules.md#consent-over-time), derived from the vendor catalog. */
import { describe, expect, it } from "vitest";
import { STORE_TABLE } from "../../../src/consent/store-table";

describe("the store table", () => {
  it("every owner names at least one store (the sweep skips reading cookies when nothing is withheld)", () => {
    for (const owner of STORE_TABLE)
      expect((owner.cookies?.length ?? 0) + (owner.localStorage?.length ?? 0), owner.categories.join()).toBeGreaterThan(0);
  });

  it("vendors of the same categories are one owner, each name once; the site's own stay apart", () => {
    const vendorKeys = STORE_TABLE.filter((o) => !o.site).map((o) => o.categories.join());
    expect(new Set(vendorKeys).size).toBe(vendorKeys.length);
    const names = STORE_TABLE.filter((o) => !o.site).flatMap((o) => [
      ...(o.cookies ?? []),
      ...(o.localStorage ?? []).map((k) => `ls:${k}`),
    ]);
    expect(new Set(names).size).toBe(names.length);
    expect(STORE_TABLE.filter((o) => o.site).map((o) => o.categories)).toEqual([["preferences"], ["analytics"], ["marketing"]]);
  });

  it("Google Ads' cookies are marketing's alone, Google Analytics' analytics'", () => {
    const owner = (name: string) => STORE_TABLE.filter((o) => o.cookies?.includes(name)).map((o) => o.categories);
    expect(owner("_gcl_*")).toEqual([["marketing"]]);
    expect(owner("_ga")).toEqual([["analytics"]]);
    expect(owner("nd_ref")).toEqual([["analytics"]]);
  });
});
