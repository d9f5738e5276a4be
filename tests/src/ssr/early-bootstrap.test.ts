// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RELEASE_AFTER_MS, earlyBootstrap } from "../../../src/ssr/early-bootstrap";
import { DEFERRED_SCRIPTS_ID } from "../../../src/ssr/deferred-app-scripts";
import { START_GLOBAL } from "../../../src/browser/early/app-start";
import { RELEASE_GLOBAL } from "../../../src/browser/early/early";

type BootWindow = Window & { [START_GLOBAL]?: () => void; [RELEASE_GLOBAL]?: () => void };
const EARLY_SRC = "/static/early-test.js";

describe("the page's bootstrap", () => {
  const frames: FrameRequestCallback[] = [];
  const listeners: [EventTarget, ...Parameters<typeof window.addEventListener>][] = [];
  const win = window as BootWindow;

  const run = () => new Function(earlyBootstrap(EARLY_SRC))();
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
});
