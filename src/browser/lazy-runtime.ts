/**
 * The browser runtime, loaded off the first-load path (docs/architecture.md#first-load-javascript):
 * gatsby-browser calls these at once, the runtime module arrives in its own chunk right after, and calls made
 * before it arrived are replayed in order.
 */
import type { RouteUpdateArgs } from "./runtime";
import { installChunkRecovery } from "./chunk-recovery";
import { registerWhenIdle } from "./service-worker";
import { afterLoadWhenIdle } from "./idle";
import { createTaskQueue } from "./task-queue";

type Runtime = typeof import("./runtime");
type Call = (runtime: Runtime) => void;

let runtime: Runtime | undefined;
const pending: Call[] = [];
let loading: Promise<void> | undefined;
/**
 * The waiting calls are replayed one task each (the chunk's evaluation is already a task of its own, and each
 * call's first run compiles its code), in order: a call made while some are still queued joins the queue.
 */
const replays = createTaskQueue();

function load(): Promise<void> {
  loading ??= import(/* webpackChunkName: "browser-runtime" */ "./runtime").then(
    (module) => {
      runtime = module;
      pending.splice(0).forEach((call) => replays.add(() => call(module)));
    },
    (error: unknown) => {
      // The chunk itself failed (offline, or a deploy replaced it): the page still works without it.
      console.error("The browser runtime could not load", error);
    },
  );
  return loading;
}

const run = (call: Call) => {
  const loaded = runtime;
  if (!loaded) {
    pending.push(call);
    void load();
  } else if (replays.pending > 0) replays.add(() => call(loaded));
  else call(loaded);
};

const sessionStore = (): Storage | null => {
  try {
    return window.sessionStorage;
  } catch {
    return null; // blocked by privacy settings
  }
};

/**
 * Chunk-load recovery (docs/product-rules.md#page-resources) is installed here, synchronously, not by the lazy
 * runtime: the page's own chunks start loading right after onClientEntry, and a failure must not beat the
 * listener (nor go unnoticed when the runtime chunk itself is the one that fails).
 */
export const onClientEntry = () => {
  installChunkRecovery(window, sessionStore);
  // Before Gatsby registers the service worker, right after this hook (see service-worker.ts).
  registerWhenIdle(window.navigator.serviceWorker, (register) => afterLoadWhenIdle(window, register));
  run((r) => r.onClientEntry());
};
export const onInitialClientRender = () => run((r) => r.onInitialClientRender());
export const onRouteUpdate = (args: RouteUpdateArgs) => run((r) => r.onRouteUpdate(args));
