import { describe, expect, it } from "vitest";
import { lookUpWeights, readThirdPartyWeb, VENDOR_WEIGHTS } from "../../../../scripts/bench/vendors/weights";
import { VENDOR_IDS } from "../../../../src/vendors/catalog";

describe("vendor weights", () => {
  it("are read from third-party-web by entity name, case-insensitively, falling back to the issue's figure", () => {
    const weights = lookUpWeights(
      [
        { name: "Google Tag Manager", averageExecutionTime: 928.4 },
        { name: "DemandBase", averageExecutionTime: 171.5 },
        { name: "Mixpanel", averageExecutionTime: NaN },
      ],
      "0.0.0",
    );
    const of = (id: string) => weights.find((w) => w.id === id)!;
    expect(of("tag-manager")).toMatchObject({ ms: 928, source: "third-party-web", issueMs: 1066 });
    expect(of("visitor-intelligence")).toMatchObject({ ms: 172, source: "third-party-web", entity: "DemandBase" });
    expect(of("visitor-intelligence").note).toContain("DemandBase");
    expect(of("product-analytics")).toMatchObject({ ms: 319, source: "issue" });
    expect(of("heap")).toMatchObject({ ms: 230, source: "issue" });
    expect(of("heap").note).toContain('no "Heap"');
    expect(of("partner-referral")).toMatchObject({ ms: 100, source: "assumed" });
    expect(of("speed-insights")).toMatchObject({ ms: 20, source: "assumed" });
  });

  it("cover every vendor of the catalog, and every entity named is in the pinned package", () => {
    expect(VENDOR_WEIGHTS.map((w) => w.id).sort()).toEqual([...VENDOR_IDS].sort());
    const { version, entities } = readThirdPartyWeb(process.cwd());
    expect(version).toBe("0.27.0");
    for (const weight of lookUpWeights(entities, version)) expect(weight.source).not.toBe("issue");
  });
});
