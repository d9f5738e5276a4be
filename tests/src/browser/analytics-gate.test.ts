// @vitest-environment jsdom
/**
 * The analytics queue under consent (docs/product-rules.md#consent "Analytics"): page views wait for the choice,
 * are sent once if `analytics` is granted, dropped if refused; granted, they pass straight on. The real face.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AnalyticsEvent, Tracker } from "../../../src/browser/analytics";
import { installConsent } from "../../../src/consent/face";
import { gatedTracker } from "../../../src/browser/analytics-gate";
import type { ConsentPolicy } from "../../../src/lib/consent-model";

const clean = () => {
  delete (window as unknown as Record<string, unknown>).__ndConsent;
  document.cookie = "nd_consent=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
};
beforeEach(clean);
afterEach(clean);

function fakeTracker(inner = 0) {
  const sent: AnalyticsEvent[] = [];
  const tracker = {
    track: vi.fn((event: AnalyticsEvent) => void sent.push(event)),
    pending: vi.fn(() => inner),
    flush: vi.fn(),
    dispose: vi.fn(),
  } satisfies Tracker;
  return { tracker, sent };
}

const view = (path: string): AnalyticsEvent => ({ type: "pageView", path });

function setup(policy: ConsentPolicy, inner = 0) {
  const face = installConsent(window, { policy });
  const { tracker, sent } = fakeTracker(inner);
  return { face, tracker, sent, gated: gatedTracker(tracker, face) };
}

describe("gatedTracker", () => {
  it("pending: holds events, then sends them once, in order, when analytics is granted", () => {
    const { face, tracker, sent, gated } = setup("opt-in", 1);
    gated.track(view("/"));
    gated.track(view("/pricing/"));
    expect(tracker.track).not.toHaveBeenCalled();
    expect(gated.pending()).toBe(3);

    face.choose("accept-all");
    expect(sent).toEqual([view("/"), view("/pricing/")]);
    expect(gated.pending()).toBe(1);

    face.choose("preferences", { preferences: true });
    expect(sent).toHaveLength(2);
  });

  it("pending: a grant of analytics alone through the preferences sends them too", () => {
    const { face, sent, gated } = setup("opt-in");
    gated.track(view("/a/"));
    face.choose("preferences", { analytics: true });
    expect(sent).toEqual([view("/a/")]);
  });

  it("pending: a refusal drops them, and a later grant does not bring them back", () => {
    const { face, tracker, gated } = setup("opt-in");
    gated.track(view("/"));
    gated.track(view("/blog/"));
    face.choose("reject-all");
    expect(tracker.track).not.toHaveBeenCalled();
    expect(gated.pending()).toBe(0);
    face.choose("accept-all");
    expect(tracker.track).not.toHaveBeenCalled();
  });

  it("pending: a choice that grants other categories but not analytics drops them", () => {
    const { face, tracker, gated } = setup("opt-in");
    gated.track(view("/"));
    face.choose("preferences", { preferences: true, marketing: true });
    expect(gated.pending()).toBe(0);
    face.choose("preferences", { analytics: true });
    expect(tracker.track).not.toHaveBeenCalled();
  });

  it("granted: events pass straight through, nothing held", () => {
    const { tracker, sent, gated } = setup("opt-out");
    gated.track(view("/"));
    expect(sent).toEqual([view("/")]);
    expect(tracker.track).toHaveBeenCalledTimes(1);
    expect(gated.pending()).toBe(0);
  });

  it("granted after the choice: later events pass straight through", () => {
    const { face, sent, gated } = setup("opt-in");
    face.choose("accept-all");
    gated.track(view("/next/"));
    expect(sent).toEqual([view("/next/")]);
  });

  it("refused: nothing is held or sent", () => {
    const { face, tracker, gated } = setup("opt-in");
    face.choose("reject-all");
    gated.track(view("/"));
    expect(gated.pending()).toBe(0);
    expect(tracker.track).not.toHaveBeenCalled();
    face.choose("accept-all");
    expect(tracker.track).not.toHaveBeenCalled();
  });

  it("refused under opt-out (withdrawn): nothing held", () => {
    const { face, tracker, gated } = setup("opt-out");
    face.choose("reject-all");
    gated.track(view("/"));
    expect(gated.pending()).toBe(0);
    expect(tracker.track).not.toHaveBeenCalled();
  });

  it("flushes only when analytics is granted", () => {
    const pending = setup("opt-in");
    pending.gated.track(view("/"));
    pending.gated.flush();
    expect(pending.tracker.flush).not.toHaveBeenCalled();
    pending.face.choose("reject-all");
    pending.gated.flush();
    expect(pending.tracker.flush).not.toHaveBeenCalled();
    pending.face.choose("accept-all");
    pending.gated.flush();
    expect(pending.tracker.flush).toHaveBeenCalledTimes(1);
  });

  it("flushes straight away under opt-out, and disposes the inner tracker", () => {
    const { tracker, gated } = setup("opt-out");
    gated.flush();
    expect(tracker.flush).toHaveBeenCalledTimes(1);
    gated.dispose();
    expect(tracker.dispose).toHaveBeenCalledTimes(1);
  });
});
