// When Gatsby's app scripts start: after the largest paint, or at the first key or pointer press
// (docs/techniques/deferred-app-scripts.md).

/** Set by the page's bootstrap: inserts the template's scripts, in order, once. */
import { START_GLOBAL } from "../../lib/handover";

export { START_GLOBAL };

/** How long after the load event the scripts wait for a painted frame (none comes in a background tab). */
export const FRAME_WAIT_MS = 1000;

const LARGEST_PAINT = "largest-contentful-paint";
const INPUTS = ["pointerdown", "keydown"] as const;

/** Starts the app at the moment described above; does nothing on a page without the bootstrap's start function. */
export function scheduleAppStart(win: Window): void {
  const insert = win[START_GLOBAL];
  if (typeof insert !== "function") return;
  const doc = win.document;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    INPUTS.forEach((type) => win.removeEventListener(type, start, true));
    insert();
  };
  const afterPaint = () =>
    win.requestAnimationFrame(() =>
      win.requestAnimationFrame(() => {
        const Observer = (win as Window & { PerformanceObserver?: typeof PerformanceObserver }).PerformanceObserver;
        if (Observer && (Observer.supportedEntryTypes ?? []).includes(LARGEST_PAINT))
          new Observer((_entries: PerformanceObserverEntryList, observer: PerformanceObserver) => {
            observer.disconnect();
            win.setTimeout(start);
          }).observe({ type: LARGEST_PAINT, buffered: true });
        else win.setTimeout(start);
      }),
    );
  const loaded = () => {
    win.setTimeout(start, FRAME_WAIT_MS);
    const images = Array.from(doc.querySelectorAll<HTMLImageElement>("img[fetchpriority=high]"));
    void Promise.all(images.map((image) => image.decode().catch(() => undefined))).then(afterPaint);
  };
  INPUTS.forEach((type) => win.addEventListener(type, start, true));
  if (doc.readyState === "complete") loaded();
  else win.addEventListener("load", loaded, { once: true });
}
