import { describe, expect, it } from "vitest";
import {
  busyWith,
  interactions,
  matchInputs,
  prng,
  quantile,
  seededMoments,
  splitIntoLoads,
  totalBlockingTime,
  type EventEntry,
} from "../../../../scripts/bench/vendors/metrics";

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

describe("what held an interaction up", () => {
  it("is the vendor whose burns overlap the span from input to paint most, else another long task, else nothing", () => {
    const vendors = { "tag-manager": [[100, 330] as [number, number]], heap: [[400, 460] as [number, number]], gtag: undefined };
    const longTasks = [
      { startTime: 100, duration: 230 },
      { startTime: 600, duration: 120 },
    ];
    expect(busyWith(200, 264, vendors, longTasks)).toBe("tag-manager");
    expect(busyWith(300, 470, vendors, longTasks)).toBe("heap"); // 60 ms of heap, 30 of GTM
    expect(busyWith(350, 380, vendors, longTasks)).toBeUndefined();
    expect(busyWith(590, 640, vendors, longTasks)).toBe("site");
  });
});
