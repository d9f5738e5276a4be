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
  localStorage.clear();
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
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(document.querySelector('[role="status"] p')?.textContent).toBe(DO_NOT_SELL_DONE);
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

  it("without the manager: refused and confirmed at once, a timeout logged after 5000 ms, the hand-over kept for later", async () => {
    vi.useFakeTimers();
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { requestDoNotSell, CONSENT_WAIT_MS, DO_NOT_SELL_DONE } = await load("cookiebot");
    const { installConsent } = await import("../../../src/consent/face");
    const face = installConsent(window, { policy: "opt-out" });
    const done = requestDoNotSell(window);
    expect(face.state().granted.marketing).toBe(false);
    expect(face.state().record?.method).toBe("do-not-sell");
    await vi.advanceTimersByTimeAsync(CONSENT_WAIT_MS + 100);
    await expect(done).resolves.toBe(false);
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/Timed out .* consent manager/));
    expect(document.querySelector('[role="status"] p')?.textContent).toBe(DO_NOT_SELL_DONE);
    expect(localStorage.getItem("nd_dns_pending")).not.toBeNull();
    error.mockRestore();
  });

  it("a pending hand-over reaches the manager on a later page once it loads, then is done", async () => {
    vi.useFakeTimers();
    localStorage.setItem("nd_dns_pending", "1");
    vi.resetModules();
    vi.stubEnv("GATSBY_CONSENT_PROVIDER", "cookiebot");
    vi.stubEnv("GATSBY_CONSENT_SCRIPT_URL", "https://cmp.example/cmp.js");
    const { handOverDoNotSell, doNotSellPending } = await import("../../../src/consent/do-not-sell-handover");
    const { appConsent, consentSettings } = await import("../../../src/consent/app");
    const face = appConsent(window);
    const done = handOverDoNotSell(window, face, consentSettings, { waitMs: 30_000, pollMs: 100 });
    await vi.advanceTimersByTimeAsync(1000);
    const submitCustomConsent = vi.fn();
    (window as unknown as { Cookiebot: unknown }).Cookiebot = { submitCustomConsent, consent: { preferences: true, statistics: true } };
    await vi.advanceTimersByTimeAsync(200);
    await expect(done).resolves.toBe(true);
    expect(submitCustomConsent).toHaveBeenCalledWith(true, true, false);
    expect(doNotSellPending(window)).toBe(false);
    delete (window as unknown as Record<string, unknown>).Cookiebot;
  });
});
