// @vitest-environment jsdom
import { JSDOM } from "jsdom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { installConsent, type ConsentFace } from "../../../../src/consent/face";
import { adapterFor } from "../../../../src/consent/providers";
import { activeGroups, oneTrustAdapter, oneTrustChoices } from "../../../../src/consent/providers/onetrust";
import { installOneTrustStandIn, standInSource, type OneTrustStandIn } from "../../../fixtures/consent-managers/onetrust";
import { clearWindow, providerSettings } from "../../../fixtures/consent-managers/harness";

const settingsWith = (groups?: string) => providerSettings("onetrust", "https://cdn.cookielaw.org/scripttemplates/otSDKStub.js", groups);
const settings = settingsWith();
/** Two groups for marketing, one extra for analytics: an account whose categories differ from the template. */
const custom = settingsWith("C0002:analytics,C0007:analytics,C0004:marketing,C0005:marketing");

const reset = (win: Window) => clearWindow(win, ["OneTrust", "OnetrustActiveGroups", "OptanonWrapper"]);

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

const connect = (s = settings) => (stop = oneTrustAdapter.connect(window, face, s));

describe("onetrust: mapping", () => {
  it("reads OnetrustActiveGroups", () => {
    expect(activeGroups(",C0001,C0002,")).toEqual(["C0001", "C0002"]);
    expect(activeGroups(undefined)).toEqual([]);
  });

  it("grants a category when all its mapped groups are active; an unmapped one stays refused", () => {
    expect(oneTrustChoices(["C0001", "C0002", "C0004"], settings.oneTrustGroups)).toEqual({
      preferences: false,
      analytics: true,
      marketing: true,
    });
    expect(oneTrustChoices(["C0001", "C0002"], custom.oneTrustGroups).analytics).toBe(false);
    expect(oneTrustChoices(["C0001", "C0002", "C0007"], custom.oneTrustGroups).analytics).toBe(true);
    expect(oneTrustChoices(["C0003"], custom.oneTrustGroups).preferences).toBe(false);
  });

  it("is the adapter for 'onetrust'", () => {
    expect(adapterFor("onetrust")).toBe(oneTrustAdapter);
  });
});

describe("onetrust: loaded before connect", () => {
  it("maps the visitor's answered groups into the model", () => {
    installOneTrustStandIn(window, { groups: ["C0001", "C0002", "C0004"], answered: true });
    connect();
    const state = face.state();
    expect(state.pending).toBe(false);
    expect(state.granted).toEqual({ preferences: false, analytics: true, marketing: true });
    expect(state.record?.method).toBe("manager");
  });

  it("OneTrust's defaults before the visitor answers are not a choice; the answer is", () => {
    const ot = installOneTrustStandIn(window, { groups: ["C0001", "C0002", "C0003", "C0004"] });
    connect();
    expect(face.state().pending).toBe(true);
    ot.save(["C0001", "C0003"]);
    expect(face.state().granted).toEqual({ preferences: true, analytics: false, marketing: false });
  });

  it("a returning visitor's unchanged groups make no new record", () => {
    installOneTrustStandIn(window, { groups: ["C0001", "C0002"], answered: true });
    connect();
    stop?.();
    const choose = vi.spyOn(face, "choose");
    connect();
    expect(choose).not.toHaveBeenCalled();
  });
});

describe("onetrust: loads after connect", () => {
  it("maps the stored answer when the script loads (OneTrustGroupsUpdated) and every later update", () => {
    connect();
    expect(face.state().pending).toBe(true);
    const ot = installOneTrustStandIn(window, { groups: ["C0001", "C0002"], answered: true });
    expect(face.state().granted).toEqual({ preferences: false, analytics: true, marketing: false });
    ot.save(["C0001", "C0002", "C0003", "C0004"]);
    expect(face.state().granted).toEqual({ preferences: true, analytics: true, marketing: true });
  });

  it("leaves a page's own OptanonWrapper alone", () => {
    const wrapper = vi.fn();
    (window as unknown as { OptanonWrapper: () => void }).OptanonWrapper = wrapper;
    connect();
    installOneTrustStandIn(window, { answered: true });
    expect(wrapper).toHaveBeenCalledTimes(1);
  });
});

describe("onetrust: custom group map", () => {
  it("a category is granted only when all of its groups are active", () => {
    const ot = installOneTrustStandIn(window, { groups: ["C0001", "C0002", "C0004"], answered: true });
    connect(custom);
    expect(face.state().granted).toEqual({ preferences: false, analytics: false, marketing: false });
    ot.save(["C0002", "C0007", "C0004", "C0005"]);
    expect(face.state().granted).toEqual({ preferences: false, analytics: true, marketing: true });
  });
});

describe("onetrust: do not sell", () => {
  it("is not performed while OneTrust is not there", () => {
    expect(oneTrustAdapter.doNotSell(window, face, settings)).toBe(false);
    expect(face.state().pending).toBe(true);
  });

  it("after the model's refusal, refuses every mapped marketing group through UpdateConsent, opens the preference center", () => {
    const ot = installOneTrustStandIn(window, { groups: ["C0001", "C0002", "C0004", "C0005", "C0007"], answered: true });
    connect(custom);
    expect(face.granted("marketing")).toBe(true);
    face.choose("do-not-sell"); // the link refuses in the model first (src/browser/consent.ts)
    expect(oneTrustAdapter.doNotSell(window, face, custom)).toBe(true);
    expect(ot.updates()).toEqual([
      ["Category", "C0004:0"],
      ["Category", "C0005:0"],
    ]);
    expect(ot.groups()).toEqual(["C0001", "C0002", "C0007"]);
    expect(ot.preferenceCenterShown()).toBe(1);
    expect(face.granted("marketing")).toBe(false);
    expect(face.granted("analytics")).toBe(true);
  });
});

describe("onetrust: stop", () => {
  it("removes its OneTrustGroupsUpdated listener", () => {
    const ot = installOneTrustStandIn(window, { answered: true });
    const remove = vi.spyOn(window, "removeEventListener");
    connect();
    stop?.();
    expect(remove).toHaveBeenCalledWith("OneTrustGroupsUpdated", expect.any(Function));
    ot.save(["C0001", "C0002", "C0003", "C0004"]);
    expect(face.granted("analytics")).toBe(false);
    remove.mockRestore();
  });
});

describe("onetrust: the stand-in as a script", () => {
  it("installs the same surface on a page's window", () => {
    const dom = new JSDOM("<!doctype html>", { url: "http://localhost/", runScripts: "outside-only" });
    const win = dom.window as unknown as Window;
    const pageFace = installConsent(win, { policy: "opt-in" });
    const stopPage = oneTrustAdapter.connect(win, pageFace, settings);
    dom.window.eval(standInSource({ groups: ["C0001", "C0002"], answered: true }));
    expect(pageFace.state().granted).toEqual({ preferences: false, analytics: true, marketing: false });
    (win as unknown as { __consentManagerStandIn: OneTrustStandIn }).__consentManagerStandIn.save(["C0004"]);
    expect(pageFace.state().granted).toEqual({ preferences: false, analytics: false, marketing: true });
    stopPage();
    dom.window.close();
  });
});
