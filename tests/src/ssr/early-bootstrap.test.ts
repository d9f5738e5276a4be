// @vitest-environment jsdom
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CONSENT_ACTION_ATTR, CONSENT_ASK_ATTR, RELEASE_AFTER_MS, earlyBootstrapScript } from "../../../src/ssr/early-bootstrap";
import { DEFERRED_SCRIPTS_ID } from "../../../src/lib/app-scripts-slice";
import { consentHead } from "../../../src/ssr/consent-head";
import { CONSENT_MANAGER_ID } from "../../../src/browser/inline/contract";
import { RELEASE_GLOBAL, START_GLOBAL } from "../../../src/lib/handover";
import type { BootstrapOptions } from "../../../src/node/bundling/inline-scripts";
import { compiledBootstrap, freshBootstrap } from "../../fixtures/inline-scripts";
import {
  CONSENT_COOKIE,
  CONSENT_LIFETIME_MS,
  CONSENT_TEXT_VERSION,
  currentRecordMarker,
  isCurrent,
  parseRecord,
  serializeRecord,
  type ConsentRecord,
} from "../../../src/lib/consent-model";

const EARLY_SRC = "/static/early-test.js";
const OPTIONS: BootstrapOptions = { src: EARLY_SRC, askConsent: false, policy: "opt-in" };
/** The bootstrap as a build compiles it (src/node/bundling/inline-scripts.ts). */
const earlyBootstrap = (options: Partial<BootstrapOptions> = {}): string => compiledBootstrap({ ...OPTIONS, ...options }).text;

describe("the page's bootstrap", () => {
  const frames: FrameRequestCallback[] = [];
  const listeners: [EventTarget, ...Parameters<typeof window.addEventListener>][] = [];
  const win = window;

  const run = (options?: Partial<BootstrapOptions>) => new Function(earlyBootstrap(options))();
  const earlyScript = () => document.head.querySelector<HTMLScriptElement>(`script[src="${EARLY_SRC}"]`);
  const appScripts = () => [...document.body.querySelectorAll<HTMLScriptElement>("body > script")].map((s) => s.dataset.name);

  beforeEach(() => {
    for (const target of [window, document]) {
      const add = target.addEventListener.bind(target);
      vi.spyOn(target, "addEventListener").mockImplementation((...args: Parameters<typeof window.addEventListener>) => {
        listeners.push([target, ...args]);
        add(...args);
      });
    }
    vi.useFakeTimers();
    frames.length = 0;
    vi.stubGlobal("requestAnimationFrame", (cb: FrameRequestCallback) => frames.push(cb));
    document.head.innerHTML = "";
    document.body.innerHTML =
      `<a id="signup" href="/members/register/">Sign up</a>` +
      `<template id="${DEFERRED_SCRIPTS_ID}"><script data-name="map" src="/chunk-map.js"></script>` +
      `<script data-name="app" src="/app.js" async></script></template>`;
  });
  afterEach(() => {
    for (const [target, type, listener, options] of listeners.splice(0)) target.removeEventListener(type, listener, options);
    delete win[START_GLOBAL];
    delete win[RELEASE_GLOBAL];
    vi.restoreAllMocks();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    Object.defineProperty(document, "readyState", { value: "complete", configurable: true });
    document.documentElement.removeAttribute(CONSENT_ASK_ATTR);
    document.cookie = `${CONSENT_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  });

  it("inserts the early script after the first frame, at high priority", async () => {
    run();
    expect(earlyScript()).toBeNull();
    frames.splice(0).forEach((cb) => cb(0));
    await vi.advanceTimersByTimeAsync(0);
    expect(earlyScript()?.fetchPriority).toBe("high");
  });

  it("starts the app scripts when asked, once, without async so they run in the page's order (the chunk map first)", () => {
    run();
    win[START_GLOBAL]!();
    expect(appScripts()).toEqual(["map", "app"]);
    expect([...document.body.querySelectorAll<HTMLScriptElement>("body > script")].map((s) => s.async)).toEqual([false, false]);
    win[START_GLOBAL]!();
    expect(appScripts()).toEqual(["map", "app"]);
  });

  it("asked while the page is still being parsed, starts them once it is", () => {
    const template = document.getElementById(DEFERRED_SCRIPTS_ID)!;
    template.remove();
    Object.defineProperty(document, "readyState", { value: "loading", configurable: true });
    run();
    win[START_GLOBAL]!();
    expect(appScripts()).toEqual([]);
    document.body.append(template);
    Object.defineProperty(document, "readyState", { value: "interactive", configurable: true });
    document.dispatchEvent(new Event("DOMContentLoaded"));
    expect(appScripts()).toEqual(["map", "app"]);
  });

  it("when the early script fails to load, starts the app scripts and lets the held click go through", async () => {
    run();
    const link = document.getElementById("signup")!;
    const followed = vi.fn((event: Event) => event.preventDefault());
    link.addEventListener("click", followed);
    link.click(); // held: the early script is not there yet
    expect(followed).not.toHaveBeenCalled();
    frames.splice(0).forEach((cb) => cb(0));
    await vi.advanceTimersByTimeAsync(0);
    earlyScript()!.dispatchEvent(new Event("error"));
    expect(followed).toHaveBeenCalledTimes(1);
    expect(appScripts()).toEqual(["map", "app"]);
  });

  it(`lets a held click go through after ${RELEASE_AFTER_MS} ms without starting the app (the early script decides that)`, async () => {
    run();
    const link = document.getElementById("signup")!;
    const followed = vi.fn((event: Event) => event.preventDefault());
    link.addEventListener("click", followed);
    link.click();
    await vi.advanceTimersByTimeAsync(RELEASE_AFTER_MS);
    expect(followed).toHaveBeenCalledTimes(1);
    expect(appScripts()).toEqual([]);
  });

  it("inserts a hosted consent manager's script from its template at once, as the server rendered it (consentHead)", () => {
    const settings = {
      policy: "opt-in" as const,
      provider: { name: "osano" as const, scriptUrl: "https://cmp.example.com/c.js" },
      oneTrustGroups: {},
    };
    document.head.innerHTML = consentHead(settings)
      .map((element) => renderToStaticMarkup(element))
      .join("");
    run({ consentManager: true });
    const script = document.head.querySelector<HTMLScriptElement>("head > script[src='https://cmp.example.com/c.js']");
    expect(script).not.toBeNull();
    expect(script!.hasAttribute("async")).toBe(true);
    expect(script!.getAttribute("fetchpriority")).toBe("high");
    // no hosted manager: no template, and the bootstrap's text has no code for one
    expect(consentHead({ ...settings, provider: undefined })).toEqual([]);
    expect(earlyBootstrap({ consentManager: false })).not.toContain(CONSENT_MANAGER_ID);
    expect(earlyBootstrap({ consentManager: true })).toContain(CONSENT_MANAGER_ID);
  });

  it("holds a click on a consent banner's button like a link's", () => {
    document.body.insertAdjacentHTML("beforeend", `<button id="accept" ${CONSENT_ACTION_ATTR}="accept-all">Accept</button>`);
    run();
    const clicked = vi.fn();
    document.getElementById("accept")!.addEventListener("click", clicked);
    document.getElementById("accept")!.click();
    expect(clicked).not.toHaveBeenCalled();
    win[RELEASE_GLOBAL]!();
    expect(clicked).toHaveBeenCalledTimes(1);
  });
});

describe("the bootstrap's consent check (docs/product-rules.md#consent)", () => {
  const record = (at: number, changes: Partial<ConsentRecord> = {}): ConsentRecord => ({
    id: "0f8fad5b-d9cb-469f-a165-70867728950e",
    at,
    policy: "opt-in",
    version: CONSENT_TEXT_VERSION,
    choices: { preferences: true, analytics: false, marketing: false },
    method: "preferences",
    ...changes,
  });
  const asked = () => document.documentElement.getAttribute(CONSENT_ASK_ATTR);
  const runWith = (cookie: string | undefined, options: Partial<BootstrapOptions> = { askConsent: true }) => {
    document.documentElement.removeAttribute(CONSENT_ASK_ATTR);
    document.cookie = cookie === undefined ? `${CONSENT_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT` : `${CONSENT_COOKIE}=${cookie}`;
    new Function(earlyBootstrap(options))();
    const listeners = window;
    listeners[RELEASE_GLOBAL]?.(); // stops holding clicks for the next case
    return asked();
  };
  afterEach(() => {
    document.documentElement.removeAttribute(CONSENT_ASK_ATTR);
    document.cookie = `${CONSENT_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  });

  it('sets <html data-consent="ask"> without a current nd_consent cookie, and not with one', () => {
    expect(runWith(undefined)).toBe("ask");
    expect(runWith(serializeRecord(record(Date.now() - 1000)))).toBeNull();
  });

  it("asks whenever the model finds no choice in force, except for what only the cookie's expiry or the early script catches", () => {
    const now = Date.now();
    const cookies = {
      current: serializeRecord(record(now - 1000)),
      "almost 6 months old": serializeRecord(record(now - CONSENT_LIFETIME_MS + 60_000)),
      "6 months old": serializeRecord(record(now - CONSENT_LIFETIME_MS - 1000)),
      "from the future": serializeRecord(record(now + 10 * 60_000)),
      "a minute ahead (clock skew)": serializeRecord(record(now + 30_000)),
      "older text version": serializeRecord(record(now - 1000, { version: CONSENT_TEXT_VERSION - 1 })),
      "newer text version": serializeRecord(record(now - 1000, { version: CONSENT_TEXT_VERSION + 1 })),
      "opt-out policy": serializeRecord(record(now - 1000, { policy: "opt-out" })),
      "a refusal": serializeRecord(
        record(now - 1000, { method: "reject-all", choices: { preferences: false, analytics: false, marketing: false } }),
      ),
      "not JSON": "%7Bbroken",
      "not URI-encoded": "%E0%A4%A",
      empty: "",
    };
    // The browser drops the cookie once the choice is 6 months old (writeRecord's expiry); a record dated ahead
    // of the clock is the early script's to catch (it decides with the model's full rule and asks).
    const leftToExpiryOrEarly = ["6 months old", "from the future"];
    for (const [name, cookie] of Object.entries(cookies)) {
      const pending = !isCurrent(parseRecord(cookie), { policy: "opt-in", gpc: false, now: Date.now() });
      expect([name, runWith(cookie) === "ask"]).toEqual([name, leftToExpiryOrEarly.includes(name) ? false : pending]);
    }
  });

  it("never asks a visitor whose stored choice the model finds in force (the shape checks it leaves to the app only ever spare one)", () => {
    const now = Date.now();
    const valid = JSON.parse(decodeURIComponent(serializeRecord(record(now - 1000)))) as Record<string, unknown>;
    const malformed = [
      { ...valid, consentId: "x" },
      { ...valid, categories: "analytics" },
      { ...valid, data: { policy: "opt-in", method: "other" } },
    ];
    for (const cookie of malformed.map((value) => encodeURIComponent(JSON.stringify(value)))) {
      expect(parseRecord(cookie)).toBeUndefined(); // the early script asks again, nothing optional runs meanwhile
      expect(runWith(cookie)).toBeNull();
    }
  });

  it("does not check consent under the opt-out policy or with a hosted consent manager (askConsent false)", () => {
    expect(runWith(undefined, { askConsent: false })).toBeNull();
    expect(earlyBootstrap({ askConsent: false })).not.toContain(CONSENT_COOKIE);
  });

  it("looks for the model's own marker of a current record (currentRecordMarker), not a copy of it", () => {
    expect(earlyBootstrap({ ...OPTIONS, askConsent: true })).toContain(currentRecordMarker("opt-in"));
    expect(decodeURIComponent(serializeRecord(record(Date.now())))).toContain(decodeURIComponent(currentRecordMarker("opt-in")));
  });
});

describe("the bootstrap's text", () => {
  it("is the same for every page of a build (one CSP hash), with the build's values in it", () => {
    const first = freshBootstrap({ ...OPTIONS, askConsent: true }).text;
    expect(freshBootstrap({ ...OPTIONS, askConsent: true }).text).toBe(first);
    expect(first).toContain(JSON.stringify(EARLY_SRC));
    expect(first).not.toMatch(/\bBOOTSTRAP[._]/);
  });

  it("goes in the head as the build compiled it, and nowhere without a build", () => {
    expect(earlyBootstrapScript()).toBeNull();
    vi.stubGlobal("EARLY_BOOTSTRAP", earlyBootstrap());
    try {
      expect(renderToStaticMarkup(earlyBootstrapScript()!)).toBe(`<script>${earlyBootstrap()}</script>`);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
