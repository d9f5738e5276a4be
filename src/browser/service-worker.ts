/**
 * The page's side of gatsby-plugin-offline's service worker: when a first visit registers it
 * (`registerWhenIdle`, below), and how a new release's worker takes over (`takeOverWhenInstalled`).
 *
 * A new release's service worker takes over as soon as it is installed.
 *
 * gatsby-plugin-offline builds its worker with `skipWaiting: true`: a deploy's worker replaces the old one
 * at once, and Gatsby's loader reloads the page in full on the next navigation. workbox asks for that
 * once, from the worker's install event, and in Chromium that is sometimes not enough: the new worker
 * stays `waiting` behind the old one for as long as a tab is open, and visitors keep the old release's
 * cached shell. Every page therefore asks an installed, waiting worker again; the worker's side is in
 * src/sw/append.js. Even so, Chromium sometimes leaves it waiting for more than 20 s with no event of
 * the old worker open (docs/browser-runtime.md#offline-and-deploys); pages go to the network first meanwhile.
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

/**
 * On a first visit, the service worker registers once the page has loaded and the main thread is idle, not
 * while the page boots (docs/architecture.md#lighthouse-and-main-thread: TBT). Registering installs the worker at once: its script and the
 * app shell it precaches are fetched and compiled while the page is still hydrating, and the page then does
 * the plugin's activation work. Nothing is lost by waiting on a first visit: no worker controls the page yet.
 *
 * A returning visitor's page is already controlled, and registers at boot as Gatsby does: registering is
 * then an update check, and Gatsby's `updatefound` listener (which makes the next navigation load a new
 * release in full) must be attached before the browser's own check on navigation can find the update.
 *
 * Installed synchronously in onClientEntry, before Gatsby calls `register`; later calls go straight through.
 */
export function registerWhenIdle(container: ServiceWorkerContainer | undefined, whenIdle: (run: () => void) => void): void {
  if (!container || container.controller) return;
  const register = container.register;
  container.register = function deferredRegister(...args: Parameters<ServiceWorkerContainer["register"]>) {
    delete (container as Partial<ServiceWorkerContainer>).register; // the prototype's method again
    return new Promise<ServiceWorkerRegistration>((resolve, reject) =>
      whenIdle(() => {
        register.apply(container, args).then(resolve, reject);
      }),
    );
  };
}
