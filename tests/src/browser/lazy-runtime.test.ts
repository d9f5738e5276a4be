// @vitest-environment jsdom
import { describe, expect, it, vi } from "vitest";

const calls: string[] = [];
const hooks: { onRender?: () => void } = {};
vi.mock("../../../src/browser/runtime", () => ({
  onClientEntry: () => {
    calls.push("entry");
    setTimeout(() => calls.push("next task"), 0);
  },
  onInitialClientRender: () => {
    calls.push("render");
    hooks.onRender?.();
  },
  onRouteUpdate: ({ location }: { location: { pathname: string } }) => calls.push(`route ${location.pathname}`),
}));

const installed: unknown[] = [];
vi.mock("../../../src/browser/chunk-recovery", () => ({
  installChunkRecovery: (win: unknown, storage: unknown) => installed.push({ win, storage }),
}));

describe("lazy browser runtime", () => {
  it("replays the calls made before its chunk arrived in order, one task each, then calls straight through", async () => {
    const lazy = await import("../../../src/browser/lazy-runtime");
    const at = (pathname: string) => ({ location: { pathname, search: "", hash: "" }, prevLocation: null });
    // a call made while the replay is under way waits for the calls before it
    hooks.onRender = () => lazy.onRouteUpdate(at("/during/"));
    lazy.onClientEntry();
    lazy.onRouteUpdate(at("/"));
    lazy.onInitialClientRender();
    expect(calls).toEqual([]);
    // "next task" is a timeout set by the first call: the second call runs in a later task than the first
    await vi.waitFor(() => expect(calls).toEqual(["entry", "next task", "route /", "render", "route /during/"]));
    hooks.onRender = undefined;
    lazy.onRouteUpdate(at("/pricing/"));
    expect(calls.at(-1)).toBe("route /pricing/");
  });

  it("installs the chunk-load recovery synchronously, before any chunk can fail (docs/product-rules.md#page-resources)", async () => {
    const lazy = await import("../../../src/browser/lazy-runtime");
    installed.length = 0;
    lazy.onClientEntry();
    await vi.waitFor(() => expect(calls.at(-1)).toBe("next task"));
    expect(installed).toEqual([{ win: window, storage: expect.any(Function) }]);
    expect((installed[0] as { storage: () => Storage | null }).storage()).toBe(window.sessionStorage);
    expect(calls.at(-2)).toBe("entry");
  });
});
