import { describe, expect, it, vi } from "vitest";

const calls: string[] = [];
vi.mock("../../src/browser/runtime", () => ({
  onClientEntry: () => calls.push("entry"),
  onInitialClientRender: () => calls.push("render"),
  onRouteUpdate: ({ location }: { location: { pathname: string } }) => calls.push(`route ${location.pathname}`),
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
});
