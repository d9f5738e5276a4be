// @vitest-environment jsdom
import { JSDOM } from "jsdom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { installConsent, type ConsentFace } from "../../../../src/consent/face";
import { adapterFor, scriptAttributesFor } from "../../../../src/consent/providers";
import { COOKIEBOT_EVENTS, cookiebotAdapter, cookiebotChoices } from "../../../../src/consent/providers/cookiebot";
import { installCookiebotStandIn, standInSource, type CookiebotStandIn } from "../../../fixtures/consent-managers/cookiebot";
import { clearWindow, providerSettings } from "../../../fixtures/consent-managers/harness";

const settings = providerSettings("cookiebot", "https://consent.cookiebot.com/uc.js?cbid=00000000-0000-0000-0000-000000000000");
const STATS_AND_MARKETING = { preferences: false, statistics: true, marketing: true };

const reset = (win: Window) => clearWindow(win, ["Cookiebot"]);

let face: ConsentFace;
let stop: (() => void) | undefined;
beforeEach(() => {
  reset(window);
  face = installConsent(window, { policy: "opt-in" });
});
afterEach(() => {
  stop?.();
  stop = undefined;
  reset(window);
});

const connect = () => (stop = cookiebotAdapter.connect(window, face, settings));

describe("cookiebot: mapping and tag", () => {
  it("maps statistics → analytics, marketing → marketing, preferences → preferences", () => {
    expect(cookiebotChoices({ necessary: true, preferences: true, statistics: false, marketing: false })).toEqual({
      preferences: true,
      analytics: false,
      marketing: false,
    });
    expect(cookiebotChoices({ statistics: true, marketing: true })).toEqual({ preferences: false, analytics: true, marketing: true });
  });

  it("is the adapter for 'cookiebot'; its tag runs in manual mode without Google Consent Mode", () => {
    expect(adapterFor("cookiebot")).toBe(cookiebotAdapter);
    const attributes = scriptAttributesFor("cookiebot", settings);
    expect(attributes).toEqual({ id: "Cookiebot", "data-consentmode": "disabled", "data-consentmode-defaults": "disabled" });
    expect(attributes).not.toHaveProperty("data-blockingmode");
  });
});

describe("cookiebot: loaded before connect", () => {
  it("maps the visitor's stored answer into the model", () => {
    installCookiebotStandIn(window, { consent: STATS_AND_MARKETING });
    connect();
    const state = face.state();
    expect(state.pending).toBe(false);
    expect(state.granted).toEqual({ preferences: false, analytics: true, marketing: true });
    expect(state.record?.method).toBe("manager");
  });

  it("no response yet: pending until the visitor answers; a decline is recorded too", () => {
    const cb = installCookiebotStandIn(window);
    connect();
    expect(face.state().pending).toBe(true);
    cb.save({ preferences: true, statistics: false, marketing: false });
    expect(face.state().granted).toEqual({ preferences: true, analytics: false, marketing: false });
    cb.save({ preferences: false, statistics: false, marketing: false });
    expect(face.state().pending).toBe(false);
    expect(face.state().granted).toEqual({ preferences: false, analytics: false, marketing: false });
  });

  it("a returning visitor's unchanged answer makes no new record", () => {
    installCookiebotStandIn(window, { consent: STATS_AND_MARKETING });
    connect();
    stop?.();
    const choose = vi.spyOn(face, "choose");
    connect();
    window.dispatchEvent(new Event("CookiebotOnAccept"));
    expect(choose).not.toHaveBeenCalled();
  });
});

describe("cookiebot: loads after connect", () => {
  it("maps the answer from Cookiebot's events when its script loads, and every later submission", () => {
    connect();
    expect(face.state().pending).toBe(true);
    const cb = installCookiebotStandIn(window, { consent: STATS_AND_MARKETING });
    expect(face.state().granted).toEqual({ preferences: false, analytics: true, marketing: true });
    cb.save({ preferences: true, statistics: true, marketing: false });
    expect(face.state().granted).toEqual({ preferences: true, analytics: true, marketing: false });
  });
});

describe("cookiebot: do not sell", () => {
  it("is not performed while Cookiebot is not there", () => {
    expect(cookiebotAdapter.doNotSell(window, face, settings)).toBe(false);
    expect(face.state().pending).toBe(true);
  });

  it("after the model's refusal, submits Cookiebot's current preferences and statistics with marketing refused", () => {
    const cb = installCookiebotStandIn(window, { consent: { preferences: true, statistics: true, marketing: true } });
    connect();
    face.choose("do-not-sell"); // the link refuses in the model first (src/browser/consent.ts)
    expect(cookiebotAdapter.doNotSell(window, face, settings)).toBe(true);
    expect(cb.submissions()).toEqual([[true, true, false]]);
    expect(face.state().granted).toEqual({ preferences: true, analytics: true, marketing: false });
  });
});

describe("cookiebot: stop", () => {
  it("removes its listeners for Cookiebot's three events", () => {
    const cb = installCookiebotStandIn(window);
    const remove = vi.spyOn(window, "removeEventListener");
    connect();
    stop?.();
    for (const name of COOKIEBOT_EVENTS) expect(remove).toHaveBeenCalledWith(name, expect.any(Function));
    cb.save(STATS_AND_MARKETING);
    expect(face.state().pending).toBe(true);
    remove.mockRestore();
  });
});

describe("cookiebot: the stand-in as a script", () => {
  it("installs the same surface on a page's window", () => {
    const dom = new JSDOM("<!doctype html>", { url: "http://localhost/", runScripts: "outside-only" });
    const win = dom.window as unknown as Window;
    const pageFace = installConsent(win, { policy: "opt-in" });
    const stopPage = cookiebotAdapter.connect(win, pageFace, settings);
    dom.window.eval(standInSource({ consent: STATS_AND_MARKETING }));
    expect(pageFace.state().granted).toEqual({ preferences: false, analytics: true, marketing: true });
    expect(cookiebotAdapter.doNotSell(win, pageFace, settings)).toBe(true);
    expect((win as unknown as { __consentManagerStandIn: CookiebotStandIn }).__consentManagerStandIn.submissions()).toEqual([
      [false, true, false],
    ]);
    expect(pageFace.state().granted.marketing).toBe(false);
    stopPage();
    dom.window.close();
  });
});
