import { describe, expect, it, vi } from "vitest";
import { SKIP_WAITING, registerWhenIdle, takeOverWhenInstalled } from "../../../src/browser/service-worker";

/** A worker whose state the test moves on, firing `statechange` like the browser does. */
function worker(state: ServiceWorkerState) {
  const target = new EventTarget();
  const sw = Object.assign(target, { state, postMessage: vi.fn() }) as unknown as ServiceWorker & { state: ServiceWorkerState };
  const become = (next: ServiceWorkerState) => {
    (sw as { state: ServiceWorkerState }).state = next;
    sw.dispatchEvent(new Event("statechange"));
  };
  return { sw, become };
}

function registration(initial: { waiting?: ServiceWorker; installing?: ServiceWorker } = {}) {
  const target = new EventTarget();
  return Object.assign(target, {
    waiting: initial.waiting ?? null,
    installing: initial.installing ?? null,
  }) as unknown as ServiceWorkerRegistration & {
    waiting: ServiceWorker | null;
    installing: ServiceWorker | null;
  };
}

const containerFor = (reg: ServiceWorkerRegistration) => ({ ready: Promise.resolve(reg) }) as unknown as ServiceWorkerContainer;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("a new release's worker takes over", () => {
  it("asks a worker that is already waiting when the page starts", async () => {
    const waiting = worker("installed");
    takeOverWhenInstalled(containerFor(registration({ waiting: waiting.sw })));
    await settle();
    expect(waiting.sw.postMessage).toHaveBeenCalledWith(SKIP_WAITING);
  });

  it("asks a worker that was installing when the page started, once it is installed", async () => {
    const next = worker("installing");
    const reg = registration({ installing: next.sw });
    takeOverWhenInstalled(containerFor(reg));
    await settle();
    expect(next.sw.postMessage).not.toHaveBeenCalled();
    reg.installing = null;
    reg.waiting = next.sw;
    next.become("installed");
    expect(next.sw.postMessage).toHaveBeenCalledWith(SKIP_WAITING);
  });

  it("asks a worker found later (a deploy while the tab is open), and not before it is installed", async () => {
    const reg = registration();
    takeOverWhenInstalled(containerFor(reg));
    await settle();
    const next = worker("installing");
    reg.installing = next.sw;
    reg.dispatchEvent(new Event("updatefound"));
    expect(next.sw.postMessage).not.toHaveBeenCalled();
    reg.installing = null;
    reg.waiting = next.sw;
    next.become("installed");
    expect(next.sw.postMessage).toHaveBeenCalledOnce();
    next.become("activating");
    expect(next.sw.postMessage).toHaveBeenCalledOnce();
  });

  it("does nothing without service workers or without a waiting worker", async () => {
    expect(() => takeOverWhenInstalled(undefined)).not.toThrow();
    const reg = registration();
    takeOverWhenInstalled(containerFor(reg));
    await settle();
    expect(reg.waiting).toBeNull();
  });
});

/** A container whose `register` lives on the prototype, as the browser's does. */
class FakeContainer {
  calls: unknown[][] = [];
  outcome: Promise<ServiceWorkerRegistration> = Promise.resolve({ scope: "/" } as ServiceWorkerRegistration);
  constructor(public controller: ServiceWorker | null = null) {}
  register(...args: unknown[]) {
    this.calls.push(args);
    return this.outcome;
  }
}
const asContainer = (fake: FakeContainer) => fake as unknown as ServiceWorkerContainer;

describe("a first visit registers the service worker once the page is idle", () => {
  it("holds Gatsby's register call until the page is idle, then registers with the same arguments", async () => {
    const fake = new FakeContainer();
    const idle: (() => void)[] = [];
    registerWhenIdle(asContainer(fake), (run) => idle.push(run));
    const registered = asContainer(fake).register("/sw.js");
    await settle();
    expect(fake.calls).toEqual([]);
    expect(idle).toHaveLength(1);
    idle[0]();
    await expect(registered).resolves.toEqual({ scope: "/" });
    expect(fake.calls).toEqual([["/sw.js"]]);
  });

  it("defers one call only: the next goes straight to the browser", async () => {
    const fake = new FakeContainer();
    registerWhenIdle(asContainer(fake), () => {});
    void asContainer(fake).register("/sw.js");
    expect(Object.prototype.hasOwnProperty.call(fake, "register")).toBe(false);
    await asContainer(fake).register("/sw.js");
    expect(fake.calls).toEqual([["/sw.js"]]);
  });

  it("passes a failed registration on to Gatsby's caller", async () => {
    const fake = new FakeContainer();
    fake.outcome = Promise.reject(new TypeError("bad script"));
    fake.outcome.catch(() => {});
    registerWhenIdle(asContainer(fake), (run) => run());
    await expect(asContainer(fake).register("/sw.js")).rejects.toThrow("bad script");
  });

  it("leaves a page a worker already controls (a returning visitor) to register at once", async () => {
    const fake = new FakeContainer({} as ServiceWorker);
    const whenIdle = vi.fn();
    registerWhenIdle(asContainer(fake), whenIdle);
    await asContainer(fake).register("/sw.js");
    expect(whenIdle).not.toHaveBeenCalled();
    expect(fake.calls).toEqual([["/sw.js"]]);
    expect(() => registerWhenIdle(undefined, whenIdle)).not.toThrow();
  });
});
