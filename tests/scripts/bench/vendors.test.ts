import { describe, expect, it } from "vitest";
import {
  interactions,
  matchInputs,
  prng,
  quantile,
  seededMoments,
  splitIntoLoads,
  totalBlockingTime,
  type EventEntry,
} from "../../../scripts/bench/vendors/metrics";
import { lookUpWeights, readThirdPartyWeb, VENDOR_WEIGHTS } from "../../../scripts/bench/vendors/weights";
import { standInScript, vendorForUrl } from "../../../scripts/bench/vendors/stand-ins";
import { THIRD_PARTY_SCRIPT_IDS } from "../../../src/lib/third-party-scripts";

describe("seeded moments (npm run bench -- --vendors)", () => {
  it("are the same for the same seed, different for another, sorted, whole ms in [0, 15 s)", () => {
    const a = seededMoments(45, 20);
    expect(seededMoments(45, 20)).toEqual(a);
    expect(seededMoments(46, 20)).not.toEqual(a);
    expect(a).toHaveLength(20);
    expect([...a].sort((x, y) => x - y)).toEqual(a);
    for (const m of a) {
      expect(Number.isInteger(m)).toBe(true);
      expect(m).toBeGreaterThanOrEqual(0);
      expect(m).toBeLessThan(15_000);
    }
  });

  it("come from a PRNG uniform enough to spread over the window", () => {
    const next = prng(1);
    const values = Array.from({ length: 10_000 }, next);
    const quarters = [0, 0, 0, 0];
    for (const v of values) quarters[Math.floor(v * 4)]++;
    for (const q of quarters) expect(q).toBeGreaterThan(2300);
  });

  it("are dealt to loads in contiguous runs, as evenly as they divide", () => {
    expect(splitIntoLoads([9, 1, 5, 3, 7, 2], 4)).toEqual([[1, 2], [3, 5], [7], [9]]);
    expect(splitIntoLoads(seededMoments(45, 20), 4).map((g) => g.length)).toEqual([5, 5, 5, 5]);
    expect(splitIntoLoads([1, 2], 5)).toEqual([[1], [2]]);
  });
});

describe("total blocking time from long tasks", () => {
  it("sums each task's time over 50 ms inside [FCP, every vendor ready], clipping tasks that straddle either end", () => {
    const tasks = [
      { startTime: 0, duration: 200 }, // before FCP at 100: 100 ms inside, 50 blocking
      { startTime: 300, duration: 60 }, // 10
      { startTime: 400, duration: 40 }, // not long enough
      { startTime: 900, duration: 300 }, // window ends at 1000: 100 inside, 50
      { startTime: 1200, duration: 500 }, // after the window
    ];
    expect(totalBlockingTime(tasks, 100, 1000)).toBe(50 + 10 + 50);
    expect(totalBlockingTime([], 0, 1000)).toBe(0);
  });
});

const entry = (name: string, startTime: number, duration: number, interactionId: number, processingStart = startTime + 5): EventEntry => ({
  name,
  startTime,
  duration,
  processingStart,
  processingEnd: processingStart + 2,
  interactionId,
});

describe("interaction latency from Event Timing", () => {
  it("groups entries by interactionId, takes the longest duration (input delay included), drops entries of no interaction", () => {
    const found = interactions([
      entry("pointerdown", 1000, 264, 7, 1250),
      entry("pointerup", 1060, 208, 7),
      entry("click", 1061, 208, 7),
      entry("mousemove", 900, 40, 0),
      entry("keydown", 3000, 24, 9),
      entry("keyup", 3040, 16, 9),
      entry("pointerdown", 1000, 264, 7, 1250), // delivered twice (buffered and live)
    ]);
    expect(found).toEqual([
      { interactionId: 7, startTime: 1000, latency: 264, inputDelay: 250, names: ["pointerdown", "pointerup", "click"] },
      { interactionId: 9, startTime: 3000, latency: 24, inputDelay: 5, names: ["keydown", "keyup"] },
    ]);
  });

  it("matches each dispatched input to the nearest interaction, once, within the tolerance", () => {
    const found = interactions([entry("pointerdown", 1002, 80, 1), entry("pointerdown", 1300, 40, 2), entry("pointerdown", 5000, 40, 3)]);
    const matched = matchInputs([1000, 1290, 2500], found);
    expect(matched.map((m) => m?.interactionId)).toEqual([1, 2, undefined]);
  });

  it("p75 and max by nearest rank", () => {
    const values = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160, 170, 180, 190, 200];
    expect(quantile(values, 0.75)).toBe(150);
    expect(quantile([5], 0.75)).toBe(5);
    expect(quantile([1, 2, 3, Infinity], 0.75)).toBe(3);
  });
});

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
    expect(VENDOR_WEIGHTS.map((w) => w.id).sort()).toEqual([...THIRD_PARTY_SCRIPT_IDS].sort());
    const { version, entities } = readThirdPartyWeb(process.cwd());
    expect(version).toBe("0.27.0");
    for (const weight of lookUpWeights(entities, version)) expect(weight.source).not.toBe("issue");
  });
});

describe("vendor stand-ins", () => {
  it("are found by the e2e build's addresses", () => {
    expect(vendorForUrl("https://www.googletagmanager.com/gtm.js?id=GTM-E2E")).toBe("tag-manager");
    expect(vendorForUrl("https://www.googletagmanager.com/gtag/js?id=G-E2E")).toBe("gtag");
    expect(vendorForUrl("https://cdn.heapanalytics.com/js/heap-4242.js")).toBe("heap");
    expect(vendorForUrl("https://experience.third-party.test/v2/x")).toBeUndefined();
  });

  it("record start, ready and the page view, and burn in four tasks", async () => {
    const timers: (() => void)[] = [];
    const win: Record<string, unknown> = {};
    const run = new Function("window", "performance", "setTimeout", "document", standInScript("visitor-analytics", { burnMs: 8 }));
    run(win, performance, (fn: () => void) => timers.push(fn), { addEventListener() {} });
    const rec = () => (win.__ndVendors as Record<string, { start?: number; ready?: number; pageView?: number }>)["visitor-analytics"];
    expect(rec().start).toBeTypeOf("number");
    expect(rec().ready).toBeUndefined();
    (win.analytics as { page(): void }).page();
    expect(rec().pageView).toBeTypeOf("number");
    let tasks = 1;
    while (timers.length) {
      timers.shift()!();
      tasks++;
    }
    expect(tasks).toBe(4);
    expect(rec().ready! - rec().start!).toBeGreaterThanOrEqual(8);
  });
});
