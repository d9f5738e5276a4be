// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FRAME_WAIT_MS, START_GLOBAL, scheduleAppStart } from "../../../../src/browser/early/app-start";

type StartWindow = Window & { [START_GLOBAL]?: () => void };

describe("scheduleAppStart", () => {
  const frames: FrameRequestCallback[] = [];
  const insert = vi.fn();
  // each test's listeners are on window; the next test must not see them
  const listeners: Parameters<typeof window.addEventListener>[] = [];
  const addEventListener = window.addEventListener.bind(window);

  beforeEach(() => {
    vi.spyOn(window, "addEventListener").mockImplementation((...args: Parameters<typeof window.addEventListener>) => {
      listeners.push(args);
      addEventListener(...args);
    });
    vi.useFakeTimers();
    frames.length = 0;
    insert.mockReset();
    vi.stubGlobal("requestAnimationFrame", (cb: FrameRequestCallback) => frames.push(cb));
    Object.defineProperty(document, "readyState", { value: "loading", configurable: true });
    document.body.innerHTML = `<img fetchpriority="high" src="/hero.png" alt="">`;
    HTMLImageElement.prototype.decode = () => Promise.resolve();
    (window as StartWindow)[START_GLOBAL] = insert;
  });
  afterEach(() => {
    for (const [type, listener, options] of listeners.splice(0)) window.removeEventListener(type, listener, options);
    delete (window as StartWindow)[START_GLOBAL];
    vi.restoreAllMocks();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    Object.defineProperty(document, "readyState", { value: "complete", configurable: true });
  });
  const paintFrame = () => frames.splice(0).forEach((cb) => cb(performance.now()));

  it("starts nothing while the page loads", async () => {
    scheduleAppStart(window);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(insert).not.toHaveBeenCalled();
  });

  it("starts the app once the page has loaded, its hero has decoded and a frame has been painted", async () => {
    scheduleAppStart(window);
    window.dispatchEvent(new Event("load"));
    await vi.advanceTimersByTimeAsync(0); // decode()
    expect(insert).not.toHaveBeenCalled();
    paintFrame(); // the frame that paints the hero
    paintFrame(); // the next one: the hero is on screen
    expect(insert).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(0);
    expect(insert).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(FRAME_WAIT_MS);
    expect(insert).toHaveBeenCalledTimes(1);
  });

  it("on a page that has already loaded (the early script came late), goes straight to the decode and the frames", async () => {
    Object.defineProperty(document, "readyState", { value: "complete", configurable: true });
    scheduleAppStart(window);
    await vi.advanceTimersByTimeAsync(0);
    paintFrame();
    paintFrame();
    await vi.advanceTimersByTimeAsync(0);
    expect(insert).toHaveBeenCalledTimes(1);
  });

  it("where the browser reports largest paints, waits after the frames until one has been reported", async () => {
    const observers: { callback: () => void; options: unknown; disconnected: boolean }[] = [];
    class FakeObserver {
      static supportedEntryTypes = ["largest-contentful-paint"];
      private record: { callback: () => void; options: unknown; disconnected: boolean };
      constructor(callback: (entries: unknown, observer: FakeObserver) => void) {
        this.record = { callback: () => callback({}, this), options: null, disconnected: false };
        observers.push(this.record);
      }
      observe(options: unknown) {
        this.record.options = options;
      }
      disconnect() {
        this.record.disconnected = true;
      }
    }
    vi.stubGlobal("PerformanceObserver", FakeObserver);
    scheduleAppStart(window);
    window.dispatchEvent(new Event("load"));
    await vi.advanceTimersByTimeAsync(0); // decode()
    paintFrame();
    paintFrame();
    await vi.advanceTimersByTimeAsync(500);
    expect(insert).not.toHaveBeenCalled(); // the frame that painted the hero is not on screen yet
    expect(observers.map((o) => o.options)).toEqual([{ type: "largest-contentful-paint", buffered: true }]);
    observers[0].callback(); // the largest paint is reported
    await vi.advanceTimersByTimeAsync(0);
    expect(insert).toHaveBeenCalledTimes(1);
    expect(observers[0].disconnected).toBe(true);
  });

  it("starts at the first pointer or key press, before the page has loaded, and only once", async () => {
    scheduleAppStart(window);
    window.dispatchEvent(new Event("pointerdown"));
    expect(insert).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event("keydown"));
    window.dispatchEvent(new Event("load"));
    await vi.advanceTimersByTimeAsync(FRAME_WAIT_MS);
    paintFrame();
    paintFrame();
    await vi.advanceTimersByTimeAsync(0);
    expect(insert).toHaveBeenCalledTimes(1);
  });

  it("starts a second after the load event when no frame is painted (a background tab)", async () => {
    scheduleAppStart(window);
    window.dispatchEvent(new Event("load"));
    await vi.advanceTimersByTimeAsync(FRAME_WAIT_MS - 1);
    expect(insert).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(insert).toHaveBeenCalledTimes(1);
  });

  it("does nothing on a page without the bootstrap's start function", async () => {
    delete (window as StartWindow)[START_GLOBAL];
    scheduleAppStart(window);
    window.dispatchEvent(new Event("pointerdown"));
    window.dispatchEvent(new Event("load"));
    await vi.advanceTimersByTimeAsync(FRAME_WAIT_MS);
    expect(insert).not.toHaveBeenCalled();
  });
});
