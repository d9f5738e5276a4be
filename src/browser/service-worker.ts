/**
 * When the offline service worker registers (ARCHITECTURE.md 7, Total Blocking Time).
 *
 * gatsby-plugin-offline registers it while the app boots, in the same task that runs the site's modules.
 * The registration itself is a synchronous round trip to the browser process, and on a first visit the new
 * worker then downloads and compiles the app shell on another thread of the same renderer process, while the
 * page is still booting. On a phone with few cores, both come out of the page's own tasks. Registering after
 * the `load` event, once the page is idle, is the usual advice for exactly this reason; the worker only serves
 * later visits and offline navigations, so nothing a visitor sees waits for it.
 *
 * Gatsby's registration code is kept as is: its `register()` call returns the same registration, only later,
 * and the plugin's update and activation hooks hang off that promise as before.
 */

type Start = () => void;
/** Runs `start` once the page has loaded and gone idle. */
export type Wait = (start: Start) => void;

export function afterLoadAndIdle(win: Window): Wait {
  return (start) => {
    const idle = () => {
      if (typeof win.requestIdleCallback === "function") win.requestIdleCallback(() => start(), { timeout: 3000 });
      else win.setTimeout(start, 0);
    };
    if (win.document.readyState === "complete") idle();
    else win.addEventListener("load", idle, { once: true });
  };
}

/** Makes `navigator.serviceWorker.register` wait for `wait` before it registers. Idempotent. */
export function deferServiceWorkerRegistration(win: Window, wait: Wait = afterLoadAndIdle(win)): void {
  const container = win.navigator.serviceWorker as (ServiceWorkerContainer & { __deferred?: true }) | undefined;
  if (!container || container.__deferred) return;
  const register = container.register.bind(container);
  container.register = (url, options) =>
    new Promise<ServiceWorkerRegistration>((resolve, reject) => wait(() => register(url, options).then(resolve, reject)));
  container.__deferred = true;
}
