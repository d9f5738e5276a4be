import { describe, expect, it } from "vitest";
import {
  FORCE_START_MS,
  INPUT_QUIET_MS,
  SETTLE_WAIT_MS,
  createVendorScheduler,
  type SchedulerHost,
} from "../../../src/browser/vendor-scheduler";
import type { VendorId } from "../../../src/vendors/catalog";

/**
 * A deterministic page: a clock, timers, an idle queue that runs when the test says the main thread is idle
 * (at the latest at its timeout), and frames painted every 16 ms.
 */
function fakePage({ loaded = true } = {}) {
  let now = 0;
  let seq = 0;
  let timers: { at: number; seq: number; run: () => void; id: number }[] = [];
  let isLoaded = loaded;
  const loadListeners: (() => void)[] = [];
  let busyUntil = 0;
  const host: SchedulerHost = {
    now: () => now,
    setTimeout: (run, ms) => {
      const id = ++seq;
      timers.push({ at: now + ms, seq: id, run, id });
      return id;
    },
    clearTimeout: (handle) => {
      timers = timers.filter((t) => t.id !== handle);
    },
    // Idle once the main thread is free (busyUntil), and never later than the timeout.
    idle: (run, timeout) => {
      const id = ++seq;
      timers.push({ at: Math.min(Math.max(now, busyUntil), now + timeout), seq: id, run, id });
    },
    afterPaint: (run) => {
      const id = ++seq;
      timers.push({ at: Math.ceil((now + 1) / 16) * 16, seq: id, run, id });
    },
    loaded: () => isLoaded,
    onLoad: (run) => void loadListeners.push(run),
  };
  const advance = (ms: number) => {
    const end = now + ms;
    for (;;) {
      timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
      const next = timers[0];
      if (!next || next.at > end) break;
      timers.shift();
      now = Math.max(now, next.at);
      next.run();
    }
    now = end;
  };
  return {
    host,
    advance,
    busy: (ms: number) => (busyUntil = now + ms),
    load: () => {
      isLoaded = true;
      loadListeners.splice(0).forEach((run) => run());
    },
    get now() {
      return now;
    },
  };
}

const setup = (options?: { loaded?: boolean }) => {
  const page = fakePage(options);
  const starts: [VendorId, number][] = [];
  const scheduler = createVendorScheduler(page.host, (id) => starts.push([id, page.now]));
  return { page, starts, scheduler, order: () => starts.map(([id]) => id) };
};

describe("vendor scheduler (docs/page-load.md#vendor-scheduling)", () => {
  it("starts one vendor at a time in the priority order, the next once the previous has loaded", () => {
    const { page, scheduler, order } = setup();
    scheduler.want(["partner-referral", "tag-manager", "product-analytics", "crm-loader"]);
    page.advance(0);
    expect(order()).toEqual(["product-analytics"]);
    page.advance(1000);
    // Not loaded yet: the next waits (up to SETTLE_WAIT_MS).
    expect(order()).toEqual(["product-analytics"]);
    scheduler.settled("product-analytics");
    page.advance(0);
    expect(order()).toEqual(["product-analytics", "tag-manager"]);
    scheduler.settled("tag-manager");
    page.advance(0);
    scheduler.settled("crm-loader");
    page.advance(0);
    expect(order()).toEqual(["product-analytics", "tag-manager", "crm-loader", "partner-referral"]);
  });

  it("a vendor that never loads holds the next one back for SETTLE_WAIT_MS only", () => {
    const { page, scheduler, starts } = setup();
    scheduler.want(["gtag", "heap"]);
    page.advance(0);
    page.advance(SETTLE_WAIT_MS - 1);
    expect(starts).toHaveLength(1);
    page.advance(1);
    expect(starts.map(([id]) => id)).toEqual(["gtag", "heap"]);
    expect(starts[1][1]).toBe(SETTLE_WAIT_MS);
  });

  it("waits for the main thread to be idle", () => {
    const { page, scheduler, starts } = setup();
    page.busy(700);
    scheduler.want(["heap"]);
    page.advance(699);
    expect(starts).toEqual([]);
    page.advance(1);
    expect(starts).toEqual([["heap", 700]]);
  });

  it("never starts a vendor right after the visitor's input: the input must be quiet and a frame painted", () => {
    const { page, scheduler, starts } = setup();
    scheduler.want(["gtag", "heap"]);
    page.advance(0);
    scheduler.settled("gtag");
    scheduler.input();
    page.advance(INPUT_QUIET_MS - 1);
    expect(starts.map(([id]) => id)).toEqual(["gtag"]);
    // More input keeps it waiting.
    scheduler.input();
    page.advance(INPUT_QUIET_MS - 1);
    expect(starts.map(([id]) => id)).toEqual(["gtag"]);
    page.advance(1);
    expect(starts.map(([id]) => id)).toEqual(["gtag", "heap"]);
    expect(starts[1][1]).toBe(2 * INPUT_QUIET_MS - 1);
  });

  it("an input that comes while it waits for idle time holds the start too", () => {
    const { page, scheduler, starts } = setup();
    page.busy(200);
    scheduler.want(["heap"]);
    page.advance(100);
    scheduler.input();
    page.advance(100);
    expect(starts).toEqual([]);
    page.advance(INPUT_QUIET_MS);
    expect(starts.map(([id]) => id)).toEqual(["heap"]);
  });

  it("the deadline: every vendor asked for has started FORCE_START_MS later, however busy the visitor is, one per task", () => {
    const { page, scheduler, starts } = setup();
    const ids: VendorId[] = ["product-analytics", "gtag", "tag-manager", "heap", "crm-loader", "partner-referral"];
    scheduler.want(ids);
    // The visitor taps every 100 ms for 10 s, and no script ever reports loaded.
    for (let t = 0; t < 10_000; t += 100) {
      scheduler.input();
      page.advance(100);
    }
    expect(starts.map(([id]) => id)).toEqual(ids);
    expect(Math.max(...starts.map(([, at]) => at))).toBeLessThanOrEqual(FORCE_START_MS + 100);
    expect(scheduler.startDelays().get("partner-referral")).toBeLessThanOrEqual(FORCE_START_MS + 100);
  });

  it("waits for the document's load before the first vendor", () => {
    const { page, scheduler, starts } = setup({ loaded: false });
    scheduler.want(["heap"]);
    page.advance(3000);
    expect(starts).toEqual([]);
    page.load();
    page.advance(0);
    expect(starts).toEqual([["heap", 3000]]);
  });

  it("a load that never comes (a hung image) holds the vendors only until the deadline", () => {
    const { page, scheduler, starts } = setup({ loaded: false });
    scheduler.want(["gtag", "heap"]);
    page.advance(FORCE_START_MS - 1);
    expect(starts).toEqual([]);
    page.advance(1);
    expect(starts.map(([id]) => id)).toEqual(["gtag", "heap"]);
  });

  it("a vendor the visitor asks for starts at once, ahead of the queue", () => {
    const { page, scheduler, order } = setup();
    page.busy(5000);
    scheduler.want(["gtag"]);
    scheduler.requestNow("support-widget");
    expect(order()).toEqual(["support-widget"]);
    scheduler.requestNow("support-widget");
    expect(order()).toEqual(["support-widget"]);
    page.advance(100);
    expect(order()).toEqual(["support-widget"]);
  });

  it("drops waiting vendors that are no longer wanted (consent withdrawn, another page); a later grant restarts the clock", () => {
    const { page, scheduler, order, starts } = setup();
    scheduler.want(["gtag", "crm-loader"]);
    page.advance(0);
    scheduler.want(["gtag"]);
    scheduler.settled("gtag");
    page.advance(FORCE_START_MS * 2);
    expect(order()).toEqual(["gtag"]);
    scheduler.input();
    scheduler.want(["gtag", "crm-loader"]);
    page.advance(0);
    expect(order()).toEqual(["gtag"]);
    page.advance(INPUT_QUIET_MS);
    expect(order()).toEqual(["gtag", "crm-loader"]);
    expect(scheduler.startDelays().get("crm-loader")).toBe(INPUT_QUIET_MS);
    expect(starts[1][1]).toBe(FORCE_START_MS * 2 + INPUT_QUIET_MS);
  });
});
