// @vitest-environment jsdom
import { JSDOM } from "jsdom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { installConsent, type ConsentFace } from "../../../../src/consent/face";
import { adapterFor } from "../../../../src/consent/providers";
import { osanoAdapter, osanoChoices, scriptAttributes, type OsanoConsent } from "../../../../src/consent/providers/osano";
import { installOsanoStandIn, standInSource, type OsanoStandIn } from "../../../fixtures/consent-managers/osano";
import { clearWindow, providerSettings } from "../../../fixtures/consent-managers/harness";

const settings = providerSettings("osano", "https://cmp.osano.com/customer/config/osano.js");

const ALL: OsanoConsent = {
  ESSENTIAL: "ACCEPT",
  STORAGE: "ACCEPT",
  ANALYTICS: "ACCEPT",
  MARKETING: "ACCEPT",
  PERSONALIZATION: "ACCEPT",
  OPT_OUT: "DENY",
};
const ANALYTICS_ONLY: OsanoConsent = { ...ALL, MARKETING: "DENY", PERSONALIZATION: "DENY" };

const reset = (win: Window) => clearWindow(win, ["Osano"]);

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

const connect = () => (stop = osanoAdapter.connect(window, face, settings));

describe("osano: mapping", () => {
  it("maps ANALYTICS, MARKETING, PERSONALIZATION; an opt-out of sale refuses marketing", () => {
    expect(osanoChoices(ALL)).toEqual({ preferences: true, analytics: true, marketing: true });
    expect(osanoChoices(ANALYTICS_ONLY)).toEqual({ preferences: false, analytics: true, marketing: false });
    expect(osanoChoices({ ...ALL, OPT_OUT: "ACCEPT" })).toEqual({ preferences: true, analytics: true, marketing: false });
    expect(osanoChoices({})).toEqual({ preferences: false, analytics: false, marketing: false });
  });

  it("is the adapter for 'osano' and needs no script attribute", () => {
    expect(adapterFor("osano")).toBe(osanoAdapter);
    expect(scriptAttributes(settings)).toEqual({});
  });
});

describe("osano: loaded before connect", () => {
  it("maps the visitor's stored choice into the model", () => {
    installOsanoStandIn(window, { consent: ANALYTICS_ONLY });
    expect(face.state().pending).toBe(true);
    connect();
    const state = face.state();
    expect(state.pending).toBe(false);
    expect(state.granted).toEqual({ preferences: false, analytics: true, marketing: false });
    expect(state.record?.method).toBe("manager");
    expect(state.source.analytics).toBe("manager");
  });

  it("leaves the model pending until the visitor saves, then records every save", () => {
    const osano = installOsanoStandIn(window);
    connect();
    expect(face.state().pending).toBe(true);
    osano.save(ALL);
    expect(face.state().granted).toEqual({ preferences: true, analytics: true, marketing: true });
    osano.save({ ...ALL, OPT_OUT: "ACCEPT" });
    expect(face.granted("marketing")).toBe(false);
    expect(face.granted("analytics")).toBe(true);
  });

  it("a returning visitor's unchanged choice makes no new record; a save always does", () => {
    const osano = installOsanoStandIn(window, { consent: ALL });
    connect();
    stop?.();
    const choose = vi.spyOn(face, "choose");
    connect();
    expect(choose).not.toHaveBeenCalled();
    osano.save(ALL);
    expect(choose).toHaveBeenCalledTimes(1);
  });
});

describe("osano: loads after connect", () => {
  it("hooks in through the documented pre-load queue and maps the stored choice and later saves", () => {
    connect();
    expect(typeof (window as unknown as { Osano?: unknown }).Osano).toBe("function");
    expect(face.state().pending).toBe(true);
    const osano = installOsanoStandIn(window, { consent: ANALYTICS_ONLY });
    expect(face.state().granted).toEqual({ preferences: false, analytics: true, marketing: false });
    osano.save(ALL);
    expect(face.state().granted.marketing).toBe(true);
  });

  it("a visitor who has not chosen yet: nothing until the first save", () => {
    connect();
    const osano = installOsanoStandIn(window);
    expect(face.state().pending).toBe(true);
    osano.save(ANALYTICS_ONLY);
    expect(face.state().granted.analytics).toBe(true);
  });
});

describe("osano: do not sell", () => {
  it("is not performed while Osano is not there", () => {
    expect(osanoAdapter.doNotSell(window, face, settings)).toBe(false);
    expect(face.state().pending).toBe(true);
  });

  it("after the model's refusal, opens Osano's Do Not Sell dialog; Osano's save confirms it", () => {
    const osano = installOsanoStandIn(window, { consent: ALL });
    connect();
    expect(face.granted("marketing")).toBe(true);
    face.choose("do-not-sell"); // the link refuses in the model first (src/browser/consent.ts)
    expect(osanoAdapter.doNotSell(window, face, settings)).toBe(true);
    expect(osano.doNotSellShown()).toBe(1);
    expect(face.granted("marketing")).toBe(false);
    expect(face.granted("analytics")).toBe(true);
    osano.save({ ...ALL, OPT_OUT: "ACCEPT" });
    expect(face.granted("marketing")).toBe(false);
  });
});

describe("osano: a do-not-sell Osano has not recorded yet", () => {
  it("stands against Osano's stored state on later loads; the other categories still follow Osano", () => {
    installOsanoStandIn(window, { consent: ALL });
    face.choose("do-not-sell"); // the link, before Osano arrived; the visitor never confirmed in Osano's dialog
    connect();
    expect(face.state().granted).toEqual({ preferences: true, analytics: true, marketing: false });
    expect(face.state().record?.method).toBe("do-not-sell");
  });

  it("ends once the visitor saves in Osano", () => {
    const osano = installOsanoStandIn(window, { consent: ALL });
    face.choose("do-not-sell");
    connect();
    osano.save(ALL);
    expect(face.state().granted.marketing).toBe(true);
    expect(face.state().record?.method).toBe("manager");
  });
});

describe("osano: stop", () => {
  it("removes its listeners from Osano.cm", () => {
    const osano = installOsanoStandIn(window);
    connect();
    expect(osano.listenerCount()).toBeGreaterThan(0);
    stop?.();
    expect(osano.listenerCount()).toBe(0);
    osano.save(ALL);
    expect(face.state().pending).toBe(true);
  });

  it("stopped before Osano loads: the queued callback does nothing", () => {
    connect();
    stop?.();
    const osano = installOsanoStandIn(window, { consent: ALL });
    expect(face.state().pending).toBe(true);
    osano.save(ALL);
    expect(face.state().pending).toBe(true);
    expect(osano.listenerCount()).toBe(0);
  });
});

describe("osano: the stand-in as a script", () => {
  it("installs the same surface on a page's window", () => {
    const dom = new JSDOM("<!doctype html>", { url: "http://localhost/", runScripts: "outside-only" });
    const win = dom.window as unknown as Window;
    const pageFace = installConsent(win, { policy: "opt-in" });
    const stopPage = osanoAdapter.connect(win, pageFace, settings);
    dom.window.eval(standInSource({ consent: ANALYTICS_ONLY }));
    expect(pageFace.state().granted).toEqual({ preferences: false, analytics: true, marketing: false });
    (win as unknown as { __consentManagerStandIn: OsanoStandIn }).__consentManagerStandIn.save(ALL);
    expect(pageFace.state().granted.marketing).toBe(true);
    stopPage();
    dom.window.close();
  });
});
