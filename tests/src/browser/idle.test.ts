import { describe, expect, it, vi } from "vitest";
import { afterLoadWhenIdle } from "../../../src/browser/idle";

describe("afterLoadWhenIdle", () => {
  function fakeWindow(readyState: DocumentReadyState, withIdleCallback = true) {
    const target = new EventTarget();
    const requestIdleCallback = vi.fn((callback: () => void) => (callback(), 1));
    const setTimeout = vi.fn((callback: () => void) => (callback(), 1));
    const win = Object.assign(target, { document: { readyState }, setTimeout, ...(withIdleCallback ? { requestIdleCallback } : {}) });
    return { win: win as unknown as Window, target, requestIdleCallback, setTimeout };
  }

  it("waits for the load event, then for an idle period (at most the timeout)", () => {
    const { win, target, requestIdleCallback } = fakeWindow("interactive");
    const run = vi.fn();
    afterLoadWhenIdle(win, run, 4000);
    expect(run).not.toHaveBeenCalled();
    target.dispatchEvent(new Event("load"));
    expect(requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: 4000 });
    expect(run).toHaveBeenCalledOnce();
  });

  it("asks for the idle period at once when the page has loaded already", () => {
    const { win, requestIdleCallback } = fakeWindow("complete");
    const run = vi.fn();
    afterLoadWhenIdle(win, run);
    expect(requestIdleCallback).toHaveBeenCalledOnce();
    expect(run).toHaveBeenCalledOnce();
  });

  it("falls back to a task where there is no requestIdleCallback", () => {
    const { win, setTimeout } = fakeWindow("complete", false);
    const run = vi.fn();
    afterLoadWhenIdle(win, run);
    expect(setTimeout).toHaveBeenCalledOnce();
    expect(run).toHaveBeenCalledOnce();
  });
});
