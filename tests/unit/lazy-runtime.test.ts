// @vitest-environment jsdom
import { describe, expect, it, vi } from "vitest";

const calls: string[] = [];
vi.mock("../../src/browser/runtime", () => ({
  onClientEntry: () => calls.push("entry"),
  onInitialClientRender: () => calls.push("render"),
  onRouteUpdate: ({ location }: { location: { pathname: string } }) => calls.push(`route ${location.pathname}`),
}));

const installed: unknown[] = [];
vi.mock("../../src/browser/resilience", () => ({
  installChunkRecovery: (win: unknown, storage: unknown) => installed.push({ win, storage }),
}));

describe("lazy browser runtime", () => {
  it("replays the calls made before its chunk arrived, in order, then calls straight through", async () => {
    const lazy = await import("../../src/browser/lazy-runtime");
    const at = (pathname: string) => ({ location: { pathname, search: "", hash: "" }, prevLocation: null });
    lazy.onClientEntry();
    lazy.onRouteUpdate(at("/"));
    lazy.onInitialClientRender();
    expect(calls).toEqual([]);
    await vi.waitFor(() => expect(calls).toEqual(["entry", "route /", "render"]));
    lazy.onRouteUpdate(at("/pricing/"));
    expect(calls.at(-1)).toBe("route /pricing/");
  });

  it("installs the chunk-load recovery synchronously, before any chunk can fail (SPEC 4.7)", async () => {
    const lazy = await import("../../src/browser/lazy-runtime");
    installed.length = 0;
    lazy.onClientEntry();
    expect(installed).toEqual([{ win: window, storage: expect.any(Function) }]);
    expect((installed[0] as { storage: () => Storage | null }).storage()).toBe(window.sessionStorage);
    expect(calls.at(-1)).toBe("entry");
  });
});
