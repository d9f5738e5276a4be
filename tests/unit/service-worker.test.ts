import { describe, expect, it, vi } from "vitest";
import { afterLoadAndIdle, deferServiceWorkerRegistration } from "../../src/browser/service-worker";

function windowWith(register: (url: string | URL, options?: RegistrationOptions) => Promise<ServiceWorkerRegistration>) {
  const container = { register } as unknown as ServiceWorkerContainer;
  return { navigator: { serviceWorker: container } } as unknown as Window;
}

describe("service worker registration", () => {
  it("registers only once the wait is over, with the same arguments, and hands back the registration", async () => {
    const registration = { scope: "/" } as ServiceWorkerRegistration;
    const register = vi.fn(() => Promise.resolve(registration));
    const win = windowWith(register);
    let start: (() => void) | undefined;
    deferServiceWorkerRegistration(win, (s) => (start = s));

    const pending = win.navigator.serviceWorker.register("/sw.js", { scope: "/" });
    expect(register).not.toHaveBeenCalled();
    start?.();
    await expect(pending).resolves.toBe(registration);
    expect(register).toHaveBeenCalledWith("/sw.js", { scope: "/" });
  });

  it("passes a failed registration on to the caller", async () => {
    const win = windowWith(() => Promise.reject(new Error("insecure origin")));
    deferServiceWorkerRegistration(win, (start) => start());
    await expect(win.navigator.serviceWorker.register("/sw.js")).rejects.toThrow("insecure origin");
  });

  it("wraps once, and leaves a browser without service workers alone", () => {
    const register = vi.fn(() => Promise.resolve({} as ServiceWorkerRegistration));
    const win = windowWith(register);
    deferServiceWorkerRegistration(win, (start) => start());
    const wrapped = win.navigator.serviceWorker.register;
    deferServiceWorkerRegistration(win, (start) => start());
    expect(win.navigator.serviceWorker.register).toBe(wrapped);
    expect(() => deferServiceWorkerRegistration({ navigator: {} } as unknown as Window)).not.toThrow();
  });

  it("waits for the load event, then for an idle period", () => {
    const start = vi.fn();
    const idle: Array<() => void> = [];
    let readyState = "loading";
    const listeners: Record<string, () => void> = {};
    const win = {
      document: {
        get readyState() {
          return readyState;
        },
      },
      addEventListener: (type: string, listener: () => void) => (listeners[type] = listener),
      requestIdleCallback: (callback: () => void) => idle.push(callback),
    } as unknown as Window;

    afterLoadAndIdle(win)(start);
    expect(idle).toHaveLength(0);
    readyState = "complete";
    listeners.load();
    expect(start).not.toHaveBeenCalled();
    idle[0]();
    expect(start).toHaveBeenCalledOnce();

    // already loaded: straight to the idle period
    afterLoadAndIdle(win)(start);
    idle[1]();
    expect(start).toHaveBeenCalledTimes(2);
  });
});
