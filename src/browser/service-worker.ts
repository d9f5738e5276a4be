/**
 * A new release's service worker takes over as soon as it is installed.
 *
 * gatsby-plugin-offline builds its worker with `skipWaiting: true`: a deploy's worker replaces the old one
 * at once, and Gatsby's loader reloads the page in full on the next navigation. workbox asks for that
 * once, from the worker's install event, and in Chromium that is sometimes not enough: the new worker
 * stays `waiting` behind the old one for as long as a tab is open, and visitors keep the old release's
 * cached shell. Every page therefore asks an installed, waiting worker again; the worker's side is in
 * src/sw/append.js. It does not help when the old worker itself keeps an event open (README, "Offline
 * and deploys").
 */

/** The message src/sw/append.js answers with `self.skipWaiting()`. */
export const SKIP_WAITING = { type: "nd:skip-waiting" } as const;

/** Watches this page's registration and asks any worker that is (or becomes) waiting to take over. */
export function takeOverWhenInstalled(container: ServiceWorkerContainer | undefined): void {
  if (!container) return;
  // `ready` resolves once the registration has an active worker: the only time a worker can be waiting.
  void container.ready.then((registration) => {
    const nudge = () => registration.waiting?.postMessage(SKIP_WAITING);
    const watch = (worker: ServiceWorker | null) =>
      worker?.addEventListener("statechange", () => {
        if (worker.state === "installed") nudge();
      });
    nudge();
    watch(registration.installing);
    registration.addEventListener("updatefound", () => watch(registration.installing));
  });
}
