// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/** The do-not-sell link (docs/product-rules.md#consent): built-in banner, and a hosted manager's adapter with the 5 s wait. */
async function load(provider?: string) {
  vi.resetModules();
  vi.stubEnv("GATSBY_CONSENT_PROVIDER", provider ?? "");
  vi.stubEnv("GATSBY_CONSENT_SCRIPT_URL", provider ? "https://cmp.example/cmp.js" : "");
  return import("../../../src/browser/consent");
}

const clean = () => {
  delete (window as unknown as Record<string, unknown>).__ndConsent;
  delete (window as unknown as Record<string, unknown>).Osano;
  document.cookie = "nd_consent=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
  document.body.innerHTML = "";
};

describe("do-not-sell", () => {
  beforeEach(clean);
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllEnvs();
    clean();
  });

  it("built-in banner: refuses marketing at once, keeps the rest, and says so", async () => {
    const { requestDoNotSell, DO_NOT_SELL_DONE } = await load();
    const { installConsent } = await import("../../../src/consent/face");
    const face = installConsent(window, { policy: "opt-out" });
    expect(face.granted("marketing")).toBe(true);
    await expect(requestDoNotSell(window)).resolves.toBe(true);
    expect(face.state().granted).toEqual({ preferences: true, analytics: true, marketing: false });
    expect(document.querySelector('[role="status"]')?.textContent).toBe(DO_NOT_SELL_DONE);
    expect(decodeURIComponent(document.cookie)).toContain('"method":"do-not-sell"');
  });

  it("Osano: calls Osano.cm.showDoNotSell once the manager loads", async () => {
    vi.useFakeTimers();
    const { requestDoNotSell } = await load("osano");
    const done = requestDoNotSell(window);
    await vi.advanceTimersByTimeAsync(500);
    const showDoNotSell = vi.fn();
    (window as unknown as { Osano: unknown }).Osano = { cm: { showDoNotSell, getConsent: () => ({}), addEventListener: vi.fn() } };
    await vi.advanceTimersByTimeAsync(100);
    await expect(done).resolves.toBe(true);
    expect(showDoNotSell).toHaveBeenCalledTimes(1);
  });

  it("logs a timeout error after 5000 ms without a manager, and does nothing else", async () => {
    vi.useFakeTimers();
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { requestDoNotSell, CONSENT_WAIT_MS } = await load("cookiebot");
    const done = requestDoNotSell(window);
    await vi.advanceTimersByTimeAsync(CONSENT_WAIT_MS + 100);
    await expect(done).resolves.toBe(false);
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/Timed out .* consent manager/));
    expect(document.querySelector('[role="status"]')).toBeNull();
    error.mockRestore();
  });
});
