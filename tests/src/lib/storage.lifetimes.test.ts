// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { getStored, removeStored, setStored, STORAGE_TTL_MS } from "../../../src/lib/storage";
import { COOKIE_LIFETIME_DAYS, getCookie, removeCookie, setCookie } from "../../../src/lib/cookies";

afterEach(() => window.localStorage.clear());

describe("local-storage helper (docs/product-rules.md#constants: 31,536,000,000 ms)", () => {
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

describe("cookie helper (docs/product-rules.md#constants: 365 days)", () => {
  it("sets, reads and removes a cookie", () => {
    expect(COOKIE_LIFETIME_DAYS).toBe(365);
    setCookie("nd_test", "a b");
    expect(getCookie("nd_test")).toBe("a b");
    removeCookie("nd_test");
    expect(getCookie("nd_test")).toBeUndefined();
  });
});
