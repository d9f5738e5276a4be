// @vitest-environment jsdom
/**
 * Google Consent Mode v2, basic (docs/product-rules.md#consent): the signals per category, `consent default`
 * once per page before any Google tag, `consent update` on every change, in gtag's own Arguments shape.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { consentSignals, pushConsentDefault, pushConsentUpdate, resetConsentMode } from "../../../src/consent/consent-mode";
import { decide, type Choices, type ConsentState } from "../../../src/lib/consent-model";

type DataLayerWindow = Window & { dataLayer?: unknown[] };
const w = window as DataLayerWindow;

const state = (granted: Partial<Choices>): ConsentState => {
  const base = decide(undefined, { policy: "opt-in", gpc: false, now: Date.now() });
  return { ...base, pending: false, granted: { ...base.granted, ...granted } };
};

const signals = (analytics: string, marketing: string, preferences: string) => ({
  analytics_storage: analytics,
  ad_storage: marketing,
  ad_user_data: marketing,
  ad_personalization: marketing,
  functionality_storage: preferences,
  personalization_storage: preferences,
  security_storage: "granted",
});

const isArguments = (value: unknown) => Object.prototype.toString.call(value) === "[object Arguments]";

beforeEach(() => {
  resetConsentMode();
  delete w.dataLayer;
});
afterEach(() => {
  resetConsentMode();
  delete w.dataLayer;
});

describe("consentSignals", () => {
  it("nothing granted: every signal denied but security_storage", () => {
    expect(consentSignals(state({}))).toEqual(signals("denied", "denied", "denied"));
  });

  it("analytics → analytics_storage only", () => {
    expect(consentSignals(state({ analytics: true }))).toEqual(signals("granted", "denied", "denied"));
  });

  it("marketing → ad_storage, ad_user_data, ad_personalization", () => {
    expect(consentSignals(state({ marketing: true }))).toEqual(signals("denied", "granted", "denied"));
  });

  it("preferences → functionality_storage, personalization_storage", () => {
    expect(consentSignals(state({ preferences: true }))).toEqual(signals("denied", "denied", "granted"));
  });

  it("everything granted", () => {
    expect(consentSignals(state({ analytics: true, marketing: true, preferences: true }))).toEqual(
      signals("granted", "granted", "granted"),
    );
  });

  it("GPC under opt-out: the ad signals denied, the rest granted", () => {
    expect(consentSignals(decide(undefined, { policy: "opt-out", gpc: true, now: Date.now() }))).toEqual(
      signals("granted", "denied", "granted"),
    );
  });
});

describe("pushConsentDefault / pushConsentUpdate", () => {
  it("pushes an Arguments entry ['consent', 'default', signals] once per window", () => {
    pushConsentDefault(window, state({ analytics: true }));
    pushConsentDefault(window, state({ marketing: true }));
    expect(w.dataLayer).toHaveLength(1);
    const entry = w.dataLayer![0];
    expect(isArguments(entry)).toBe(true);
    expect(Array.isArray(entry)).toBe(false);
    expect(Array.from(entry as ArrayLike<unknown>)).toEqual(["consent", "default", signals("granted", "denied", "denied")]);
  });

  it("keeps what the dataLayer already holds", () => {
    const earlier = { event: "gtm.js" };
    w.dataLayer = [earlier];
    pushConsentDefault(window, state({}));
    expect(w.dataLayer).toHaveLength(2);
    expect(w.dataLayer[0]).toBe(earlier);
    expect(Array.from(w.dataLayer[1] as ArrayLike<unknown>).slice(0, 2)).toEqual(["consent", "default"]);
  });

  it("an update after the default pushes 'update' with the new signals", () => {
    pushConsentDefault(window, state({}));
    pushConsentUpdate(window, state({ analytics: true, marketing: true }));
    pushConsentUpdate(window, state({}));
    expect(w.dataLayer).toHaveLength(3);
    const [, first, second] = w.dataLayer!.map((entry) => Array.from(entry as ArrayLike<unknown>));
    expect(isArguments(w.dataLayer![1])).toBe(true);
    expect(first).toEqual(["consent", "update", signals("granted", "granted", "denied")]);
    expect(second).toEqual(["consent", "update", signals("denied", "denied", "denied")]);
  });

  it("an update before any default pushes the default (with the update's signals), then updates", () => {
    pushConsentUpdate(window, state({ preferences: true }));
    expect(w.dataLayer).toHaveLength(1);
    expect(Array.from(w.dataLayer![0] as ArrayLike<unknown>)).toEqual(["consent", "default", signals("denied", "denied", "granted")]);
    pushConsentUpdate(window, state({}));
    expect(Array.from(w.dataLayer![1] as ArrayLike<unknown>)[1]).toBe("update");
    pushConsentDefault(window, state({}));
    expect(w.dataLayer).toHaveLength(2);
  });

  it("resetConsentMode forgets the default: the next page's default is pushed again", () => {
    pushConsentDefault(window, state({}));
    resetConsentMode();
    pushConsentDefault(window, state({ analytics: true }));
    expect(w.dataLayer).toHaveLength(2);
    expect(Array.from(w.dataLayer![1] as ArrayLike<unknown>)[1]).toBe("default");
  });

  it("one default per window: another window gets its own", () => {
    const other = { dataLayer: [] as unknown[] } as unknown as DataLayerWindow;
    pushConsentDefault(window, state({}));
    pushConsentDefault(other, state({}));
    expect(w.dataLayer).toHaveLength(1);
    expect(other.dataLayer).toHaveLength(1);
  });
});
