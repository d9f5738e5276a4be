import type { Page } from "@playwright/test";

/**
 * What the visitor sees of the home page's personalized hero, recorded from the page's first frame (an init
 * script): each animation frame, just before it is painted, notes which hero headline is visible; a "swap" is
 * a change between two painted frames. Times are the page's own clock (performance.now()), so a verdict such
 * as "no swap later than SWAP_LIMIT_MS after the first paint" does not depend on how busy the machine is.
 */
export interface Painted {
  at: number;
  text: string;
}
export interface HeroRecord {
  frames: Painted[];
  firstPaint?: number;
  load?: number;
  cls: number;
}

/** From the first frame: the visible hero headline per painted frame, the first paint, load, and layout shifts. */
export async function recordHero(page: Page) {
  await page.addInitScript(() => {
    const rec: { frames: { at: number; text: string }[]; firstPaint?: number; load?: number; cls: number } = { frames: [], cls: 0 };
    (window as unknown as { __hero: typeof rec }).__hero = rec;
    const visible = () => {
      const main = document.querySelector("main");
      if (!main) return "";
      const stack = main.querySelector("[data-nd-slot]");
      const copies = stack ? [...stack.children] : [...main.querySelectorAll("h1")];
      const shown = copies.find((c) => getComputedStyle(c).visibility === "visible" && (c as HTMLElement).offsetParent !== null);
      const heading = shown?.matches("h1") ? shown : shown?.querySelector("h1, p.h1");
      return heading?.textContent?.trim() ?? "";
    };
    const frame = () => {
      const text = visible();
      const last = rec.frames[rec.frames.length - 1];
      if (text && text !== last?.text) rec.frames.push({ at: performance.now(), text });
      if (performance.now() < 15_000) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.name === "first-contentful-paint") rec.firstPaint = e.startTime;
    }).observe({ type: "paint", buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!e.hadRecentInput) rec.cls += e.value;
    }).observe({ type: "layout-shift", buffered: true });
    addEventListener("load", () => (rec.load = performance.now()));
  });
  return () => page.evaluate(() => (window as unknown as { __hero: HeroRecord }).__hero);
}
