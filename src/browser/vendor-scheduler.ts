/** When each third-party vendor starts (docs/page-load.md#vendor-scheduling). */
import { START_ORDER, type VendorId } from "../vendors/catalog";
import { whenIdle } from "./idle";

/** After a pointer or key press, no vendor starts until the input has been quiet this long. */
export const INPUT_QUIET_MS = 400;
/** A vendor whose script has not loaded by then no longer holds back the next one. */
export const SETTLE_WAIT_MS = 1500;
/** Every vendor has started by this long after it was asked for. See docs/page-load.md#vendor-scheduling. */
export const FORCE_START_MS = 5000;

export interface SchedulerHost {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** Runs when the main thread is idle, at the latest after `timeout` ms. */
  idle(run: () => void, timeout: number): void;
  /** Runs after the next frame has been painted. */
  afterPaint(run: () => void): void;
  /** Whether the document has finished loading (vendors never compete with the page's own files). */
  loaded(): boolean;
  /** Calls `run` once the document has loaded. */
  onLoad(run: () => void): void;
}

export interface VendorScheduler {
  /**
   * The vendors this page may load now, in any order: new ones wait for their turn, those already started are
   * left alone, and waiting ones no longer listed (consent withdrawn, another page) are dropped.
   */
  want(ids: readonly VendorId[]): void;
  /** A vendor the visitor asked for: it starts at once. */
  requestNow(id: VendorId): void;
  /** Its script loaded or failed: the next one may go. */
  settled(id: VendorId): void;
  /** A pointer or key press: hold the next start. */
  input(): void;
  started(): ReadonlySet<VendorId>;
  /** Per started vendor, how long after it was asked for it started (ms). */
  startDelays(): ReadonlyMap<VendorId, number>;
}

/** docs/page-load.md#vendor-scheduling: the start order is the catalog's priorities; others start last, in the order asked. */
const rank = (id: VendorId) => {
  const at = START_ORDER.indexOf(id);
  return at < 0 ? START_ORDER.length : at;
};

interface Waiting {
  id: VendorId;
  askedAt: number;
}

export function createVendorScheduler(host: SchedulerHost, onStart: (id: VendorId) => void): VendorScheduler {
  const waiting: Waiting[] = [];
  const started = new Set<VendorId>();
  const delays = new Map<VendorId, number>();
  let current: { id: VendorId; at: number; settled: boolean } | null = null;
  let lastInput = -Infinity;
  let painted = true;
  let timer: unknown = null;
  let idlePending = false;
  let loadPending = false;

  const start = (item: Waiting) => {
    waiting.splice(waiting.indexOf(item), 1);
    started.add(item.id);
    delays.set(item.id, host.now() - item.askedAt);
    current = { id: item.id, at: host.now(), settled: false };
    onStart(item.id);
  };

  const wake = (ms: number) => {
    if (timer !== null) host.clearTimeout(timer);
    timer = host.setTimeout(() => {
      timer = null;
      check();
    }, ms);
  };

  /** How long until the next vendor may start unforced (0: now). */
  const holdFor = (now: number): number => {
    const settle = current && !current.settled ? current.at + SETTLE_WAIT_MS - now : 0;
    const quiet = lastInput + INPUT_QUIET_MS - now;
    return Math.max(0, settle, quiet, painted ? 0 : 16);
  };

  function check() {
    if (!waiting.length || idlePending) return;
    const now = host.now();
    const next = waiting[0];
    const forceIn = next.askedAt + FORCE_START_MS - now;
    if (forceIn <= 0) {
      // Past the deadline: start it, and the rest one per task.
      start(next);
      return wake(0);
    }
    // Vendors never compete with the page's own files; a load that never comes (a hung image) holds them only
    // until the deadline.
    if (!host.loaded()) {
      if (!loadPending)
        host.onLoad(() => {
          loadPending = false;
          check();
        });
      loadPending = true;
      return wake(forceIn);
    }
    const hold = holdFor(now);
    if (hold > 0) return wake(Math.min(hold, forceIn));
    idlePending = true;
    host.idle(() => {
      idlePending = false;
      const at = host.now();
      // Input may have come while waiting for idle time; the deadline may have passed.
      if (holdFor(at) > 0 && next.askedAt + FORCE_START_MS > at) return check();
      if (waiting.includes(next)) start(next);
      check();
    }, forceIn);
  }

  return {
    want(ids) {
      const now = host.now();
      for (const item of [...waiting]) if (!ids.includes(item.id)) waiting.splice(waiting.indexOf(item), 1);
      for (const id of ids) {
        if (started.has(id) || waiting.some((w) => w.id === id)) continue;
        waiting.push({ id, askedAt: now });
      }
      waiting.sort((a, b) => rank(a.id) - rank(b.id));
      check();
    },
    requestNow(id) {
      if (started.has(id)) return;
      const item = waiting.find((w) => w.id === id) ?? { id, askedAt: host.now() };
      if (!waiting.includes(item)) waiting.push(item);
      start(item);
      check();
    },
    settled(id) {
      if (current?.id === id && !current.settled) {
        current.settled = true;
        wake(0);
      }
    },
    input() {
      lastInput = host.now();
      painted = false;
      host.afterPaint(() => {
        painted = true;
      });
    },
    started: () => started,
    startDelays: () => delays,
  };
}

/** The browser's clock and callbacks. */
export function browserSchedulerHost(win: Window): SchedulerHost {
  return {
    now: () => win.performance.now(),
    setTimeout: (run, ms) => win.setTimeout(run, ms),
    clearTimeout: (handle) => win.clearTimeout(handle as number),
    idle: (run, timeout) => whenIdle(win, run, timeout),
    // A frame callback runs before the paint; a task posted from it runs after.
    afterPaint: (run) => win.requestAnimationFrame(() => win.setTimeout(run, 0)),
    loaded: () => win.document.readyState === "complete",
    onLoad: (run) => win.addEventListener("load", run, { once: true }),
  };
}
