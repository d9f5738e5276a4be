/**
 * Work the page does when it has nothing better to do (docs/architecture.md#lighthouse-and-main-thread): the
 * service worker's registration, the web-vitals library, the vendor scheduler's turns.
 */

/** Runs `run` in the next idle period, at the latest after `timeout` ms; a task where the browser has no idle callbacks. */
export function whenIdle(win: Window, run: () => void, timeout: number): void {
  if (typeof win.requestIdleCallback === "function") win.requestIdleCallback(() => run(), { timeout });
  else win.setTimeout(run, 0);
}

/** Runs `run` after the load event, in the first idle period (at the latest `timeout` ms after load). */
export function afterLoadWhenIdle(win: Window, run: () => void, timeout = 5000): void {
  const idle = () => whenIdle(win, run, timeout);
  if (win.document.readyState === "complete") idle();
  else win.addEventListener("load", idle, { once: true });
}
