// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { getStored, removeStored, setStored, STORAGE_TTL_MS } from "../../../src/browser/storage";

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe("storage helper (docs/product-rules.md#constants: local-storage entries expire after 31,536,000,000 ms)", () => {
  it("stores {value, expires} with a one-year expiry and reads the value back", () => {
    expect(STORAGE_TTL_MS).toBe(31_536_000_000);
    expect(setStored("k", { a: 1 }, { now: 1000 })).toBe(true);
    expect(JSON.parse(localStorage.getItem("k")!)).toEqual({ value: { a: 1 }, expires: 1000 + 31_536_000_000 });
    expect(getStored("k", 2000)).toEqual({ a: 1 });
  });

  it("an expired entry reads as null and is removed", () => {
    setStored("k", "v", { now: 0, ttl: 10 });
    expect(getStored("k", 10)).toBeNull();
    expect(localStorage.getItem("k")).toBeNull();
  });

  it("missing, corrupt or foreign entries read as null", () => {
    expect(getStored("missing")).toBeNull();
    localStorage.setItem("k", "{not json");
    expect(getStored("k")).toBeNull();
    localStorage.setItem("k", JSON.stringify("plain"));
    expect(getStored("k")).toBeNull();
    localStorage.setItem("k", JSON.stringify({ value: 1 }));
    expect(getStored("k")).toBeNull();
  });

  it("blocked or full storage never throws", () => {
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("full", "QuotaExceededError");
    });
    vi.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new DOMException("denied", "SecurityError");
    });
    expect(setStored("k", 1)).toBe(false);
    expect(getStored("k")).toBeNull();
    expect(() => removeStored("k")).not.toThrow();
  });

  it("round-trips values with the default lifetime", () => {
    expect(STORAGE_TTL_MS).toBe(31_536_000_000);
    setStored("k", { employeeCount: 12 }, { now: 1000 });
    expect(JSON.parse(window.localStorage.getItem("k")!).expires).toBe(1000 + 31_536_000_000);
    expect(getStored("k", 1000)).toEqual({ employeeCount: 12 });
  });
  it("an entry is alive until one ms before expiry and gone at expiry", () => {
    setStored("k", "v", { ttl: 100, now: 0 });
    expect(getStored("k", 99)).toBe("v");
    expect(getStored("k", 100)).toBeNull();
    expect(window.localStorage.getItem("k")).toBeNull();
  });
  it("unreadable or foreign entries read as null", () => {
    window.localStorage.setItem("raw", "not json");
    window.localStorage.setItem("legacy", JSON.stringify({ value: 1 }));
    expect(getStored("raw")).toBeNull();
    expect(getStored("legacy")).toBeNull();
    expect(getStored("missing")).toBeNull();
  });
  it("stores falsy values and removes entries", () => {
    setStored("zero", 0);
    expect(getStored("zero")).toBe(0);
    removeStored("zero");
    expect(getStored("zero")).toBeNull();
  });
});
