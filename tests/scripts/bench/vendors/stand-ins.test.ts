import { describe, expect, it } from "vitest";
import fs from "node:fs";
import { standInScript, vendorForUrl } from "../../../../scripts/bench/vendors/stand-ins";
import { scriptIdsFrom } from "../../../../src/vendors/catalog";

/** The e2e build's ids (tests/e2e/third-party.env). */
const e2eIds = scriptIdsFrom(
  Object.fromEntries(
    fs
      .readFileSync("tests/e2e/third-party.env", "utf8")
      .split("\n")
      .flatMap((line) => (/^GATSBY_[A-Z_]+=/.test(line) ? [line.split("=", 2) as [string, string]] : [])),
  ),
);

describe("vendor stand-ins", () => {
  it("are found by the e2e build's addresses", () => {
    expect(vendorForUrl("https://www.googletagmanager.com/gtm.js?id=GTM-E2E", e2eIds)).toBe("tag-manager");
    expect(vendorForUrl("https://www.googletagmanager.com/gtag/js?id=G-E2E", e2eIds)).toBe("gtag");
    expect(vendorForUrl("https://cdn.heapanalytics.com/js/heap-4242.js", e2eIds)).toBe("heap");
    expect(vendorForUrl("https://consent.third-party.test/consent.js", e2eIds)).toBe("consent-manager");
    expect(vendorForUrl("https://ad-pixel.third-party.test/pixel.js", e2eIds)).toBe("ad-pixel");
    expect(vendorForUrl("https://experience.third-party.test/v2/x", e2eIds)).toBeUndefined();
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
