import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { poll } from "../../../src/lib/poll";

describe("poll (docs/product-rules.md#constants)", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it("resolves with the first value, checking at once and then every interval", async () => {
    const source: { value?: string } = {};
    const get = vi.fn(() => source.value);
    const found = poll(get, { intervalMs: 100, timeoutMs: 1000 });
    expect(get).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(250);
    expect(get).toHaveBeenCalledTimes(3);
    source.value = "there";
    await vi.advanceTimersByTimeAsync(100);
    await expect(found).resolves.toBe("there");
    expect(get).toHaveBeenCalledTimes(4);
  });

  it("resolves undefined once the time is up, and stops asking", async () => {
    const get = vi.fn(() => undefined);
    const missing = poll(get, { intervalMs: 100, timeoutMs: 1000 });
    await vi.advanceTimersByTimeAsync(1000);
    await expect(missing).resolves.toBeUndefined();
    const calls = get.mock.calls.length;
    await vi.advanceTimersByTimeAsync(500);
    expect(get).toHaveBeenCalledTimes(calls);
  });
});
