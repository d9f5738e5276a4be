import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  PLUGIN_WAIT_MS,
  QUEUE_DRAIN_MS,
  VIEWED_PAGE,
  createTracker,
  heapUserId,
  pollFor,
  windowSinks,
  type AnalyticsSinks,
} from "../../../src/browser/analytics";
import type { BeaconEvent } from "../../../src/browser/analytics-beacon";

const log = () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() });

describe("per-route analytics (docs/product-rules.md#scripts-and-analytics, #constants)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("sends a page view to the visitor analytics and 'Viewed Page' with no properties to the product analytics", () => {
    const page = vi.fn();
    const track = vi.fn();
    const tracker = createTracker({ sinks: { visitor: () => ({ page }), product: () => ({ track }) }, production: true, log: log() });
    tracker.track({ type: "pageView", path: "/pricing/" });
    expect(page).toHaveBeenCalledTimes(1);
    expect(track).toHaveBeenCalledWith(VIEWED_PAGE);
    expect(track.mock.calls[0]).toHaveLength(1);
  });

  it("off the production host, every event is stubbed to the console", () => {
    const page = vi.fn();
    const track = vi.fn();
    const logger = log();
    createTracker({ sinks: { visitor: () => ({ page }), product: () => ({ track }) }, production: false, log: logger }).track({
      type: "pageView",
      path: "/",
    });
    expect(page).not.toHaveBeenCalled();
    expect(track).not.toHaveBeenCalled();
    expect(logger.info).toHaveBeenCalledWith("[analytics stub]", { type: "pageView", path: "/" });
  });

  it("queues events until the product analytics loads, draining every 3000 ms in order", () => {
    let product: { track: ReturnType<typeof vi.fn<(event: string) => void>> } | undefined = undefined;
    const sinks: AnalyticsSinks = { visitor: () => undefined, product: () => product };
    const tracker = createTracker({ sinks, production: true, log: log() });
    tracker.track({ type: "pageView", path: "/a/" });
    tracker.track({ type: "pageView", path: "/b/" });
    expect(tracker.pending()).toBe(2);
    product = { track: vi.fn() };
    vi.advanceTimersByTime(QUEUE_DRAIN_MS - 1);
    expect(product.track).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(product.track).toHaveBeenCalledTimes(2);
    expect(tracker.pending()).toBe(0);
  });

  it("drops the queue with a warning when the script does not load within 10 s", () => {
    const logger = log();
    const tracker = createTracker({ sinks: { visitor: () => undefined, product: () => undefined }, production: true, log: logger });
    tracker.track({ type: "pageView", path: "/" });
    vi.advanceTimersByTime(PLUGIN_WAIT_MS + QUEUE_DRAIN_MS);
    expect(tracker.pending()).toBe(0);
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining("10000 ms"));
  });

  it("a throwing analytics script is logged and never breaks the page", () => {
    const logger = log();
    const boom = () => {
      throw new Error("blocked");
    };
    const tracker = createTracker({
      sinks: { visitor: () => ({ page: boom }), product: () => ({ track: boom }) },
      production: true,
      log: logger,
    });
    expect(() => tracker.track({ type: "pageView", path: "/" })).not.toThrow();
    expect(logger.error).toHaveBeenCalledTimes(2);
  });

  it("polls every 100 ms for a global and gives up after the wait", async () => {
    let value: string | undefined = undefined;
    const found = pollFor(() => value, { intervalMs: 100, timeoutMs: 1000 });
    vi.advanceTimersByTime(300);
    value = "ok";
    vi.advanceTimersByTime(100);
    await expect(found).resolves.toBe("ok");
    const missing = pollFor(() => undefined, { intervalMs: 100, timeoutMs: 1000 });
    vi.advanceTimersByTime(1100);
    await expect(missing).resolves.toBeUndefined();
  });

  it("reads the scripts' globals only once they expose the methods called", () => {
    const win = { analytics: {}, mixpanel: { track: () => undefined }, heap: { userId: 42 } } as unknown as Window;
    expect(windowSinks(win).visitor()).toBeUndefined();
    expect(windowSinks(win).product()).toBeDefined();
    expect(heapUserId(win)).toBe("42");
    expect(heapUserId({} as Window)).toBeUndefined();
  });
});

describe("every visit counted: queued until the scripts arrive, beaconed when the visitor leaves", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  type Track = ReturnType<typeof vi.fn<(event: string) => void>>;
  /** Scripts that arrive when the test says, and a beacon that records what it was given. */
  function setup({ accepts = true, production = true } = {}) {
    const scripts: { visitor?: { page: ReturnType<typeof vi.fn<() => void>> }; product?: { track: Track } } = {};
    const beaconed: BeaconEvent[][] = [];
    const beacon = vi.fn((events: BeaconEvent[]) => {
      if (accepts) beaconed.push(events);
      return accepts;
    });
    const logger = log();
    const options = {
      sinks: { visitor: () => scripts.visitor, product: () => scripts.product },
      production,
      log: logger,
      beacon,
      origin: "https://www.northdesk.com",
    };
    return { scripts, beaconed, beacon, logger, options };
  }

  it("a page view before the visitor-analytics script arrives is replayed to it once it has", () => {
    const { scripts, options } = setup();
    const tracker = createTracker(options);
    tracker.track({ type: "pageView", path: "/" });
    tracker.track({ type: "pageView", path: "/pricing/" });
    scripts.visitor = { page: vi.fn() };
    vi.advanceTimersByTime(QUEUE_DRAIN_MS);
    expect(scripts.visitor.page).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(PLUGIN_WAIT_MS);
    expect(scripts.visitor.page).toHaveBeenCalledTimes(2);
  });

  it("leaving before the product-analytics script arrives sends the queued events by beacon, and the script arriving later gets none of them", () => {
    const { scripts, beaconed, options } = setup();
    const tracker = createTracker(options);
    tracker.track({ type: "pageView", path: "/" });
    tracker.track({ type: "pageView", path: "/pricing/" });
    tracker.flush();
    expect(beaconed).toHaveLength(1);
    expect(beaconed[0].map((e) => [e.event, e.url])).toEqual([
      [VIEWED_PAGE, "https://www.northdesk.com/"],
      [VIEWED_PAGE, "https://www.northdesk.com/pricing/"],
    ]);
    expect(new Set(beaconed[0].map((e) => e.id)).size).toBe(2);
    expect(tracker.pending()).toBe(0);
    tracker.flush(); // hidden again: nothing left to send
    expect(beaconed).toHaveLength(1);
    scripts.product = { track: vi.fn() };
    vi.advanceTimersByTime(PLUGIN_WAIT_MS);
    expect(scripts.product.track).not.toHaveBeenCalled();
  });

  it("events the script already took are not beaconed again", () => {
    const { scripts, beacon, options } = setup();
    scripts.product = { track: vi.fn() };
    const tracker = createTracker(options);
    tracker.track({ type: "pageView", path: "/" });
    tracker.flush();
    expect(scripts.product.track).toHaveBeenCalledTimes(1);
    expect(beacon).not.toHaveBeenCalled();
  });

  it("a beacon the browser refuses keeps the events queued for the script: none lost", () => {
    const { scripts, options } = setup({ accepts: false });
    const tracker = createTracker(options);
    tracker.track({ type: "pageView", path: "/" });
    tracker.flush();
    expect(tracker.pending()).toBe(1);
    scripts.product = { track: vi.fn() };
    vi.advanceTimersByTime(QUEUE_DRAIN_MS);
    expect(scripts.product.track).toHaveBeenCalledWith(VIEWED_PAGE);
  });

  it("when the product-analytics script does not come within the plugin wait, its events go by beacon instead of being dropped", () => {
    const { beaconed, logger, options } = setup();
    const tracker = createTracker(options);
    tracker.track({ type: "pageView", path: "/" });
    vi.advanceTimersByTime(PLUGIN_WAIT_MS + QUEUE_DRAIN_MS);
    expect(beaconed.flat()).toHaveLength(1);
    expect(tracker.pending()).toBe(0);
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining("sent 1 event(s) by beacon"));
  });

  it("the first page view takes over the early script's record: its id and time, and nothing again if it was already sent", () => {
    const { beaconed, options } = setup();
    const adoptEarly = vi.fn(() => ({ id: "early-1", time: 1234, sent: false }));
    const tracker = createTracker({ ...options, adoptEarly });
    tracker.track({ type: "pageView", path: "/" });
    tracker.track({ type: "pageView", path: "/pricing/" });
    expect(adoptEarly).toHaveBeenCalledTimes(1);
    tracker.flush();
    expect(beaconed[0][0]).toMatchObject({ id: "early-1", time: 1234 });
    expect(beaconed[0][1].id).not.toBe("early-1");

    const sentEarly = setup();
    const second = createTracker({ ...sentEarly.options, adoptEarly: () => ({ id: "early-2", time: 1, sent: true }) });
    second.track({ type: "pageView", path: "/" });
    expect(second.pending()).toBe(0);
    second.flush();
    expect(sentEarly.beacon).not.toHaveBeenCalled();
    // the visitor-analytics page view is still owed: the early beacon went to the product analytics only
    sentEarly.scripts.visitor = { page: vi.fn() };
    vi.advanceTimersByTime(QUEUE_DRAIN_MS);
    expect(sentEarly.scripts.visitor.page).toHaveBeenCalledTimes(1);
  });

  it("off the production host, a view the early stub beacon already recorded is not logged again, and nothing is beaconed", () => {
    const { beacon, logger, options } = setup({ production: false });
    const tracker = createTracker({ ...options, adoptEarly: () => ({ id: "e", time: 1, sent: true }) });
    tracker.track({ type: "pageView", path: "/" });
    tracker.track({ type: "pageView", path: "/pricing/" });
    tracker.flush();
    expect(logger.info.mock.calls).toEqual([["[analytics stub]", { type: "pageView", path: "/pricing/" }]]);
    expect(beacon).not.toHaveBeenCalled();
  });
});
