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
import { CONSENT_WAIT_MS, requestDoNotSell } from "../../../src/browser/consent";

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

describe("do-not-sell (docs/product-rules.md#scripts-and-analytics, #error-catalogue)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("calls the consent manager's doNotSell once it loads", async () => {
    const win = {} as Window;
    const done = requestDoNotSell(win);
    vi.advanceTimersByTime(500);
    const doNotSell = vi.fn();
    win.consentManager = { doNotSell };
    vi.advanceTimersByTime(100);
    await expect(done).resolves.toBe(true);
    expect(doNotSell).toHaveBeenCalledTimes(1);
  });

  it("logs a timeout error after 5000 ms and does nothing else", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const done = requestDoNotSell({} as Window);
    vi.advanceTimersByTime(CONSENT_WAIT_MS + 100);
    await expect(done).resolves.toBe(false);
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/Timed out .* consent manager/));
    error.mockRestore();
  });
});
