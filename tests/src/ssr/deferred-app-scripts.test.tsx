// @vitest-environment jsdom
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFERRED_SCRIPTS_ID, DEFERRED_SCRIPTS_LOADER, deferAppScripts } from "../../../src/ssr/deferred-app-scripts";

// What Gatsby's static-entry puts last in postBodyComponents: its scripts slice, rendered as the
// placeholder that slice stitching later fills with the chunk map, the compilation hash and the bundles.
const ScriptsSlice = ({ sliceId }: { sliceId: string }) => [
  createElement("slice-start", { key: "s", id: `${sliceId}-1` }),
  createElement("slice-end", { key: "e", id: `${sliceId}-1` }),
];
const scriptsSlice = <ScriptsSlice key="scripts" sliceId="_gatsby-scripts" />;
const pagePath = <script key="loader" id="gatsby-script-loader" dangerouslySetInnerHTML={{ __html: "window.pagePath='/';" }} />;

describe("deferAppScripts", () => {
  it("puts the site's scripts slice (Gatsby's, its chunk map in a file) inside the template in place of Gatsby's, followed by the loader", () => {
    const html = renderToStaticMarkup(<>{deferAppScripts([pagePath, scriptsSlice])}</>);
    expect(html).toBe(
      `<script id="gatsby-script-loader">window.pagePath='/';</script>` +
        `<template id="${DEFERRED_SCRIPTS_ID}"><slice-start id="northdesk-app-scripts-1"></slice-start><slice-end id="northdesk-app-scripts-1"></slice-end></template>` +
        `<script>${DEFERRED_SCRIPTS_LOADER}</script>`,
    );
  });

  it("leaves the components alone when Gatsby renders no scripts slice", () => {
    const other = <ScriptsSlice key="other" sliceId="header" />;
    const components = [pagePath, other];
    expect(deferAppScripts(components)).toBe(components);
  });
});

describe("the loader in the page", () => {
  const frames: FrameRequestCallback[] = [];
  const inserted = () => document.body.querySelector("script[data-app]");
  // each test's loader listens on window; the next test must not see them
  const listeners: Parameters<typeof window.addEventListener>[] = [];
  const addEventListener = window.addEventListener.bind(window);

  beforeEach(() => {
    vi.spyOn(window, "addEventListener").mockImplementation((...args: Parameters<typeof window.addEventListener>) => {
      listeners.push(args);
      addEventListener(...args);
    });
    vi.useFakeTimers();
    frames.length = 0;
    vi.stubGlobal("requestAnimationFrame", (cb: FrameRequestCallback) => frames.push(cb));
    Object.defineProperty(document, "readyState", { value: "loading", configurable: true });
    document.body.innerHTML =
      `<img fetchpriority="high" src="/hero.png" alt="">` +
      `<template id="${DEFERRED_SCRIPTS_ID}"><script data-app src="/app.js" async></script></template>`;
    HTMLImageElement.prototype.decode = () => Promise.resolve();
    new Function(DEFERRED_SCRIPTS_LOADER)();
  });
  afterEach(() => {
    for (const [type, listener, options] of listeners.splice(0)) window.removeEventListener(type, listener, options);
    vi.restoreAllMocks();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    Object.defineProperty(document, "readyState", { value: "complete", configurable: true });
  });
  const paintFrame = () => frames.splice(0).forEach((cb) => cb(performance.now()));

  it("starts nothing while the page loads (the template's scripts are inert)", async () => {
    await vi.advanceTimersByTimeAsync(10_000);
    expect(inserted()).toBeNull();
  });

  it("inserts the scripts once the page has loaded, its hero has decoded and a frame has been painted", async () => {
    window.dispatchEvent(new Event("load"));
    await vi.advanceTimersByTimeAsync(0); // decode()
    expect(inserted()).toBeNull();
    paintFrame(); // the frame that paints the hero
    paintFrame(); // the next one: the hero is on screen
    expect(inserted()).toBeNull();
    await vi.advanceTimersByTimeAsync(0);
    expect(inserted()).not.toBeNull();
    expect(document.body.querySelectorAll("script[data-app]")).toHaveLength(1);
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
    window.dispatchEvent(new Event("load"));
    await vi.advanceTimersByTimeAsync(0); // decode()
    paintFrame();
    paintFrame();
    await vi.advanceTimersByTimeAsync(500);
    expect(inserted()).toBeNull(); // the frame that painted the hero is not on screen yet
    expect(observers.map((o) => o.options)).toEqual([{ type: "largest-contentful-paint", buffered: true }]);
    observers[0].callback(); // the largest paint is reported
    await vi.advanceTimersByTimeAsync(0);
    expect(inserted()).not.toBeNull();
    expect(observers[0].disconnected).toBe(true);
  });

  it("inserts nothing after a script file without async until that script has run (the chunk map before the app)", () => {
    document.getElementById(DEFERRED_SCRIPTS_ID)!.innerHTML =
      `<script data-map src="/chunk-map.js"></script><script data-app src="/app.js" async></script>`;
    window.dispatchEvent(new Event("pointerdown"));
    const map = document.body.querySelector("body > script[data-map]");
    expect(map).not.toBeNull();
    expect(inserted()).toBeNull();
    map!.dispatchEvent(new Event("load"));
    expect(inserted()).not.toBeNull();
  });

  it("inserts them at the first pointer or key press, before the page has loaded", () => {
    window.dispatchEvent(new Event("pointerdown"));
    expect(inserted()).not.toBeNull();
    window.dispatchEvent(new Event("keydown"));
    window.dispatchEvent(new Event("load"));
    expect(document.body.querySelectorAll("script[data-app]")).toHaveLength(1);
  });

  it("inserts them a second after the load event when no frame is painted (a background tab)", async () => {
    window.dispatchEvent(new Event("load"));
    await vi.advanceTimersByTimeAsync(999);
    expect(inserted()).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(inserted()).not.toBeNull();
  });
});
