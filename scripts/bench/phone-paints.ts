/**
 * A page's first and largest paint on the phone profile, applied (scripts/bench/phone.ts), as a first visit
 * sees it: a fresh browser context with no cookie (so the consent banner shows where the policy asks), every
 * request off the site refused. `npm run bench` compares a page with its script-free floor this way
 * (docs/page-load.md#how-to-measure); the paints are the browser's own Paint Timing and Largest Contentful Paint
 * entries, read by an init script (it runs before the page's scripts, whatever the page's CSP).
 */
import type { Browser } from "@playwright/test";
import { PHONE_VIEWPORT, applyPhoneThrottling } from "./phone";

export interface PhonePaints {
  fcpMs: number;
  lcpMs: number;
  /** The largest paint's element, as `tag#id.class`, and whether it is inside the consent banner. */
  lcpElement: string;
  lcpInBanner: boolean;
}

/** The consent banner's root (src/components/consent/consent-banner.tsx). */
const BANNER_SELECTOR = "[data-consent-banner]";

const RECORD_PAINTS = `(function () {
  if (window.top !== window) return;
  var paints = (window.__ndPaints = {});
  new PerformanceObserver(function (list) {
    list.getEntries().forEach(function (e) { if (e.name === "first-contentful-paint") paints.fcp = e.startTime; });
  }).observe({ type: "paint", buffered: true });
  new PerformanceObserver(function (list) {
    list.getEntries().forEach(function (e) {
      var el = e.element;
      paints.lcp = e.startTime;
      paints.element = el ? el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") + (typeof el.className === "string" && el.className ? "." + el.className.trim().split(/\\s+/).join(".") : "") : "";
      paints.inBanner = Boolean(el && el.closest && el.closest(${JSON.stringify(BANNER_SELECTOR)}));
    });
  }).observe({ type: "largest-contentful-paint", buffered: true });
})();`;

/** How long after the load event the largest paint may still come (an image decoded late). */
const SETTLE_MS = 1000;

/** One load of url on the phone profile; its paints once the load event has passed and the page settled. */
export async function measurePhonePaints(browser: Browser, url: string): Promise<PhonePaints> {
  const { origin } = new URL(url);
  const context = await browser.newContext({ viewport: PHONE_VIEWPORT, hasTouch: true, isMobile: true, serviceWorkers: "block" });
  try {
    await context.route(
      (target) => target.origin !== origin,
      (route) => route.abort(),
    );
    await context.addInitScript({ content: RECORD_PAINTS });
    const page = await context.newPage();
    await applyPhoneThrottling(await context.newCDPSession(page));
    await page.goto(url, { waitUntil: "load", timeout: 90_000 });
    await page.waitForTimeout(SETTLE_MS);
    // the largest paint stops at the first input, and this reads without one
    const paints = await page.evaluate(
      () => (window as unknown as { __ndPaints: { fcp?: number; lcp?: number; element?: string; inBanner?: boolean } }).__ndPaints,
    );
    if (paints.fcp === undefined || paints.lcp === undefined) throw new Error(`${url}: no paint was reported`);
    return {
      fcpMs: Math.round(paints.fcp),
      lcpMs: Math.round(paints.lcp),
      lcpElement: paints.element ?? "",
      lcpInBanner: Boolean(paints.inBanner),
    };
  } finally {
    await context.close();
  }
}
