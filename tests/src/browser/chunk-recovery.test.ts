// @vitest-environment jsdom
import { describe, expect, it, vi } from "vitest";
import { LAST_PATH_KEY, installChunkRecovery, isChunkLoadError, recoveryTarget, rememberPath } from "../../../src/browser/chunk-recovery";

describe("chunk-load recovery (docs/product-rules.md#page-resources)", () => {
  it("recognizes webpack, CSS and dynamic-import chunk failures only", () => {
    expect(isChunkLoadError({ name: "ChunkLoadError", message: "x" })).toBe(true);
    expect(isChunkLoadError(new Error("Loading chunk 123 failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Loading CSS chunk component---src-pages-x failed"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /x.js"))).toBe(true);
    expect(isChunkLoadError(new Error("undefined is not a function"))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
    expect(isChunkLoadError("Loading chunk 1 failed")).toBe(false);
  });

  it("redirects to the last visited path once, not in a loop", () => {
    sessionStorage.clear();
    rememberPath(sessionStorage, "/pricing/?plan=plus");
    expect(sessionStorage.getItem(LAST_PATH_KEY)).toBe("/pricing/?plan=plus");
    const assign = vi.fn();
    const win = Object.assign(new EventTarget(), { location: { assign } }) as unknown as Window;
    const getStorage = vi.fn(() => sessionStorage);
    const remove = installChunkRecovery(win, getStorage);
    // not touched until a chunk error comes (its first access is a synchronous IPC)
    win.dispatchEvent(Object.assign(new Event("error"), { error: new Error("undefined is not a function") }));
    expect(getStorage).not.toHaveBeenCalled();
    const chunkError = Object.assign(new Event("error"), { error: { name: "ChunkLoadError" } });
    win.dispatchEvent(chunkError);
    expect(assign).toHaveBeenCalledWith("/pricing/?plan=plus");
    win.dispatchEvent(Object.assign(new Event("error"), { error: { name: "ChunkLoadError" } }));
    expect(assign).toHaveBeenCalledTimes(1);
    rememberPath(sessionStorage, "/blog/");
    const rejection = Object.assign(new Event("unhandledrejection"), { reason: new Error("Loading chunk 9 failed.") });
    win.dispatchEvent(rejection);
    expect(assign).toHaveBeenLastCalledWith("/blog/");
    remove();
  });

  it("does nothing without a remembered path or with blocked storage", () => {
    sessionStorage.clear();
    expect(recoveryTarget({ name: "ChunkLoadError" }, sessionStorage)).toBeNull();
    const blocked = {
      getItem: () => {
        throw new Error("no");
      },
      setItem: () => {
        throw new Error("no");
      },
      removeItem: () => undefined,
    };
    expect(() => rememberPath(blocked, "/")).not.toThrow();
    expect(recoveryTarget({ name: "ChunkLoadError" }, blocked)).toBeNull();
  });
});
