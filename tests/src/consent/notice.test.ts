// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  DO_NOT_SELL_DONE,
  GPC_HONOURED,
  GPC_NOTICE_KEY,
  NOTICE_KEY,
  announce,
  announceAfterReload,
  confirmGpc,
  gpcRefusedMarketing,
  showKeptNotice,
} from "../../../src/consent/notice";
import { CONSENT_TEXT_VERSION, decide, type ConsentRecord } from "../../../src/lib/consent-model";

const status = () => document.querySelector<HTMLElement>('[role="status"]');

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = "";
  sessionStorage.clear();
  localStorage.clear();
});

describe("consent notices (docs/product-rules.md#consent-over-time)", () => {
  it("announce: a status region in view, its text set once it is in the page, kept until dismissed", () => {
    announce(document, DO_NOT_SELL_DONE);
    expect(status()?.style.position).toBe("fixed");
    expect(status()?.textContent).toBe("Dismiss"); // the region first, then its text: what screen readers announce
    vi.advanceTimersByTime(60);
    expect(status()?.querySelector("p")?.textContent).toBe(DO_NOT_SELL_DONE);
    vi.advanceTimersByTime(60_000);
    expect(status()).not.toBeNull();
    status()!.querySelector("button")!.click();
    expect(status()).toBeNull();
  });

  it("a new notice replaces the one showing", () => {
    announce(document, "first");
    announce(document, "second");
    vi.advanceTimersByTime(60);
    expect(document.querySelectorAll('[role="status"]')).toHaveLength(1);
    expect(status()?.textContent).toContain("second");
  });

  it("a notice kept before a reload shows once on the next load, then is gone", () => {
    announceAfterReload(window, DO_NOT_SELL_DONE);
    expect(sessionStorage.getItem(NOTICE_KEY)).toBe(DO_NOT_SELL_DONE);
    showKeptNotice(window);
    expect(document.querySelectorAll('[role="status"]')).toHaveLength(1);
    expect(sessionStorage.getItem(NOTICE_KEY)).toBeNull();
    showKeptNotice(window);
    expect(document.querySelectorAll('[role="status"]')).toHaveLength(1);
  });

  it("nothing kept, nothing shown", () => {
    showKeptNotice(window);
    expect(status()).toBeNull();
  });
});

describe("Global Privacy Control is confirmed, not applied silently", () => {
  const now = Date.now();
  const accepted: ConsentRecord = {
    id: "0b6f3c0e-5a43-4c7a-9f5e-0a4b6cbd1f10",
    at: now,
    policy: "opt-in",
    version: CONSENT_TEXT_VERSION,
    choices: { preferences: true, analytics: true, marketing: true },
    method: "accept-all",
  };

  it("when GPC refuses marketing the policy or the choice would grant: opt-out, or Accept all", () => {
    expect(gpcRefusedMarketing(decide(undefined, { policy: "opt-out", gpc: true, now }))).toBe(true);
    expect(gpcRefusedMarketing(decide(accepted, { policy: "opt-in", gpc: true, now }))).toBe(true);
    expect(gpcRefusedMarketing(decide(undefined, { policy: "opt-in", gpc: true, now }))).toBe(false);
    expect(gpcRefusedMarketing(decide(undefined, { policy: "opt-out", gpc: false, now }))).toBe(false);
  });

  it("says so on every page until dismissed; a new Accept all says it again", () => {
    const state = decide(undefined, { policy: "opt-out", gpc: true, now });
    confirmGpc(window, state);
    vi.advanceTimersByTime(60);
    expect(status()?.textContent).toContain(GPC_HONOURED);
    status()!.querySelector("button")!.click();
    expect(localStorage.getItem(GPC_NOTICE_KEY)).toBe("1");
    confirmGpc(window, state);
    expect(status()).toBeNull();
    confirmGpc(window, decide(accepted, { policy: "opt-in", gpc: true, now }), true);
    expect(status()).not.toBeNull();
  });
});
