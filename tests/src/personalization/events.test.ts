import { describe, expect, it, vi } from "vitest";
import {
  cyclicParamsMessage,
  identify,
  invalidParamsMessage,
  page,
  track,
  validateJsonObject,
  type NinetailedWindowApi,
} from "../../../src/personalization/events";

const fakeSdk = () => ({ page: vi.fn(), track: vi.fn(), identify: vi.fn() }) satisfies NinetailedWindowApi;

describe("personalization events (docs/product-rules.md#personalization-events)", () => {
  it("page validates its properties as a JSON object", () => {
    expect(() => page([1, 2], fakeSdk())).toThrow("page was called with invalid params");
    expect(() => page("x", fakeSdk())).toThrow(invalidParamsMessage("page"));
    expect(() => page({ when: new Date() }, fakeSdk())).toThrow(invalidParamsMessage("page"));
    expect(() => page({ n: Number.NaN }, fakeSdk())).toThrow(invalidParamsMessage("page"));
  });

  it("track validates its properties as a JSON object", () => {
    expect(() => track("signup", null, fakeSdk())).toThrow("track was called with invalid params");
    expect(() => track("signup", { fn: () => 1 }, fakeSdk())).toThrow("track was called with invalid params");
    expect(() => track("", {}, fakeSdk())).toThrow("track was called with invalid params");
  });

  it("identify validates its traits as a JSON object", () => {
    expect(() => identify("u1", 42, fakeSdk())).toThrow("identify was called with invalid params");
  });

  it("a cyclic structure gives its own message", () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = { back: cyclic };
    expect(() => track("e", cyclic, fakeSdk())).toThrow(cyclicParamsMessage("track"));
    expect(cyclicParamsMessage("track")).not.toBe(invalidParamsMessage("track"));
    const list: unknown[] = [];
    list.push(list);
    expect(() => validateJsonObject("identify", { list })).toThrow(cyclicParamsMessage("identify"));
  });

  it("a shared (non-cyclic) object is valid", () => {
    const shared = { x: 1 };
    expect(validateJsonObject("page", { a: shared, b: shared })).toEqual({ a: shared, b: shared });
  });

  it("valid calls reach the SDK, absent properties become {}", () => {
    const sdk = fakeSdk();
    expect(page(undefined, sdk)).toBe(true);
    expect(sdk.page).toHaveBeenCalledWith({});
    expect(track("demo_booked", { plan: "plus", seats: 3, tags: ["a"], nested: { ok: null } }, sdk)).toBe(true);
    expect(sdk.track).toHaveBeenCalledWith("demo_booked", { plan: "plus", seats: 3, tags: ["a"], nested: { ok: null } });
    expect(identify("user-1", { plan: "plus" }, sdk)).toBe(true);
    expect(sdk.identify).toHaveBeenCalledWith("user-1", { plan: "plus" });
  });

  it("an identify with no user id and no traits is skipped", () => {
    const sdk = fakeSdk();
    expect(identify(undefined, undefined, sdk)).toBe(false);
    expect(identify("  ", {}, sdk)).toBe(false);
    expect(sdk.identify).not.toHaveBeenCalled();
    expect(identify("", { company: "Acme" }, sdk)).toBe(true);
    expect(sdk.identify).toHaveBeenCalledWith("", { company: "Acme" });
  });

  it("without the SDK (personalization unset or not loaded yet) the calls are no-ops", () => {
    expect(page({}, null)).toBe(false);
    expect(track("x", {}, null)).toBe(false);
    expect(identify("u", {}, null)).toBe(false);
  });
});
