/**
 * The page's side of gatsby-plugin-offline's service worker: when a first visit registers it
 * (`registerWhenIdle`, below), and how a new release's worker takes over (`takeOverWhenInstalled`). See
 * docs/browser-runtime.md#offline-and-deploys.
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
 * while the page boots (docs/architecture.md#lighthouse-and-main-thread: TBT).
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
