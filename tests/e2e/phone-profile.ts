import type { CDPSession, Page } from "@playwright/test";
import { PHONE_VIEWPORT, applyPhoneThrottling } from "../../scripts/bench/phone";

/**
 * The phone profile the first-second tests run on (docs/page-load.md), close to Lighthouse's mobile profile:
 * 375×740 touch, 150 ms round trip, 1.6 Mbit/s down and 0.75 Mbit/s up, and a 4× CPU slowdown, applied
 * through CDP (Chromium only). Times are taken from the page's `load` event.
 *
 *   test.use(PHONE);
 *   const phone = await applyPhoneProfile(page);
 *   await page.goto(path);
 *   await phone.atMsAfterLoad(500);
 */
export const PHONE = { viewport: PHONE_VIEWPORT, hasTouch: true, isMobile: true } as const;

// One phone for every measurement: the bench applies the same (scripts/bench/phone.ts).
export { PHONE_CPU_SLOWDOWN, PHONE_NETWORK } from "../../scripts/bench/phone";

export interface PhoneProfile {
  cdp: CDPSession;
  /** Milliseconds since the page's load event (negative before it). */
  msSinceLoad(): Promise<number>;
  /** Waits until `ms` after the load event (the load event first). */
  atMsAfterLoad(ms: number): Promise<number>;
}

/** The load event's time and now, on the page's clock; loadEventStart is 0 until the event. */
const sinceLoad = () => {
  const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
  return nav && nav.loadEventStart > 0 ? performance.now() - nav.loadEventStart : Number.NEGATIVE_INFINITY;
};

/** Throttles the page's network and CPU as a phone (apply before page.goto); the viewport and touch come from PHONE. */
export async function applyPhoneProfile(page: Page): Promise<PhoneProfile> {
  const cdp = await page.context().newCDPSession(page);
  await applyPhoneThrottling(cdp);
  const msSinceLoad = () => page.evaluate(sinceLoad);
  return {
    cdp,
    msSinceLoad,
    async atMsAfterLoad(ms) {
      // the page's CSP allows no eval: the check is written out here rather than passed as text
      await page.waitForFunction(
        (target) => {
          const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
          return Boolean(nav && nav.loadEventStart > 0 && performance.now() - nav.loadEventStart >= target);
        },
        ms,
        { polling: 10 },
      );
      return msSinceLoad();
    },
  };
}
