// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SCROLL_OFFSET_PX, handleHash, hashRoute, scrollTop } from "../../../src/browser/hash-routes";
import { supportWidget } from "../../../src/vendors/support-widget";
import { SUPPORT_MAILTO, WIDGET_RETRY_MS, openSupportWidget, type BeaconFn } from "../../../src/browser/support-widget";

/** A window double: jsdom's location cannot navigate, so assign is recorded. */
function fakeWindow(hash = "") {
  const assign = vi.fn();
  const scrollTo = vi.fn();
  const replaceState = vi.fn();
  const win = {
    document,
    scrollY: 300,
    scrollTo,
    location: { hash, pathname: "/ask/", search: "?a=1", assign },
    history: { state: null, replaceState },
  } as unknown as Window;
  return { win, assign, scrollTo, replaceState };
}

describe("hash routes (docs/product-rules.md#hash-routes)", () => {
  it("#contact-us opens the widget's ask page, #open-beacon its answers page, others scroll", () => {
    expect(hashRoute("#contact-us")).toEqual({ kind: "support-widget", page: "ask" });
    expect(hashRoute("#open-beacon")).toEqual({ kind: "support-widget", page: "answers" });
    expect(hashRoute("#pricing-faq")).toEqual({ kind: "scroll", id: "pricing-faq" });
    expect(hashRoute("#caf%C3%A9")).toEqual({ kind: "scroll", id: "café" });
    expect(hashRoute("#%E0%A4")).toEqual({ kind: "scroll", id: "%E0%A4" });
    expect(hashRoute("")).toBeNull();
    expect(hashRoute("#")).toBeNull();
  });

  it("leaves 120 px above the element", () => {
    expect(SCROLL_OFFSET_PX).toBe(120);
    expect(scrollTop(500, 300)).toBe(680);
    expect(scrollTop(10, 0)).toBe(0);
  });

  describe("scrolling", () => {
    afterEach(() => {
      document.body.innerHTML = "";
    });
    it("scrolls smoothly to the element with that id and sets the URL hash", () => {
      document.body.innerHTML = `<h2 id="faq">FAQ</h2>`;
      vi.spyOn(document.getElementById("faq")!, "getBoundingClientRect").mockReturnValue({ top: 400 } as DOMRect);
      const { win, scrollTo, replaceState } = fakeWindow("");
      handleHash(win, "#faq");
      expect(scrollTo).toHaveBeenCalledWith({ top: 580, behavior: "smooth" });
      expect(replaceState).toHaveBeenCalledWith(null, "", "#faq");
    });
    it("does nothing for a hash naming no element", () => {
      const { win, scrollTo, replaceState } = fakeWindow("#nothing");
      handleHash(win, "#nothing");
      expect(scrollTo).not.toHaveBeenCalled();
      expect(replaceState).not.toHaveBeenCalled();
    });
  });
});

describe("support widget (docs/product-rules.md#support-widget, #scripts-and-analytics, #error-catalogue)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const beaconDouble = (info: unknown = { id: "b" }) => {
    const handlers: Record<string, () => void> = {};
    const calls: unknown[][] = [];
    const beacon: BeaconFn = (method, ...args) => {
      calls.push([method, ...args]);
      if (method === "on") handlers[args[0] as string] = args[1] as () => void;
      if (method === "info") return info;
      return undefined;
    };
    return { beacon, calls, handlers };
  };

  it("is initialised with its id, then reset", () => {
    const { beacon, calls } = beaconDouble();
    supportWidget.init("beacon-id")({ Beacon: beacon } as unknown as Window);
    expect(calls).toEqual([["init", "beacon-id"], ["reset"]]);
  });

  it("opens on the requested page; a close event clears the hash", () => {
    const { win, replaceState } = fakeWindow("#contact-us");
    const { beacon, calls, handlers } = beaconDouble();
    win.Beacon = beacon;
    openSupportWidget(win, "ask");
    expect(calls).toContainEqual(["open"]);
    expect(calls).toContainEqual(["navigate", "/ask/"]);
    handlers.close();
    expect(replaceState).toHaveBeenCalledWith(null, "", "/ask/?a=1");
  });

  it("retries every 100 ms while the widget is absent, then opens it", () => {
    const { win } = fakeWindow("#open-beacon");
    const { beacon, calls } = beaconDouble();
    openSupportWidget(win, "answers");
    vi.advanceTimersByTime(WIDGET_RETRY_MS * 3);
    expect(calls).toEqual([]);
    win.Beacon = beacon;
    vi.advanceTimersByTime(WIDGET_RETRY_MS);
    expect(calls).toContainEqual(["navigate", "/answers/"]);
  });

  it("goes to the support mailto link when the info call fails", () => {
    const { win, assign } = fakeWindow("#contact-us");
    win.Beacon = beaconDouble(null).beacon;
    openSupportWidget(win, "ask");
    expect(assign).toHaveBeenCalledWith(SUPPORT_MAILTO);
  });

  it("goes to the mailto link when the widget never arrives, and can be cancelled", () => {
    const { win, assign } = fakeWindow("#contact-us");
    openSupportWidget(win, "ask", { waitMs: 1000 });
    vi.advanceTimersByTime(1100);
    expect(assign).toHaveBeenCalledWith(SUPPORT_MAILTO);
    const second = fakeWindow("#contact-us");
    const cancel = openSupportWidget(second.win, "ask", { waitMs: 1000 });
    cancel();
    vi.advanceTimersByTime(2000);
    expect(second.assign).not.toHaveBeenCalled();
  });
});
