// @vitest-environment jsdom
/**
 * The consent face (docs/product-rules.md#consent "One face"): installed once per window, reads the `nd_consent`
 * cookie, records choices in it, announces changes, reads Global Privacy Control.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CONSENT_EVENT, consentFace, gpcSignal, installConsent, type ConsentChange } from "../../../src/consent/face";
import { CONSENT_TEXT_VERSION, parseRecord, serializeRecord, type ConsentRecord } from "../../../src/lib/consent-model";

const DAY = 86_400_000;

/** The nd_consent cookie's raw value, as the browser holds it. */
const storedValue = (): string | undefined =>
  document.cookie
    .split("; ")
    .find((pair) => pair.startsWith("nd_consent="))
    ?.slice("nd_consent=".length);

const setGpc = (value: unknown) => Object.defineProperty(window.navigator, "globalPrivacyControl", { value, configurable: true });

const clean = () => {
  delete (window as unknown as Record<string, unknown>).__ndConsent;
  delete (window.navigator as unknown as Record<string, unknown>).globalPrivacyControl;
  document.cookie = "nd_consent=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
};

beforeEach(clean);
afterEach(() => {
  vi.restoreAllMocks();
  clean();
});

const stored = (overrides: Partial<ConsentRecord> = {}): ConsentRecord => ({
  id: "0b9f3c1e-5d2a-4e8f-9c7b-6a5d4e3f2a1b",
  at: Date.now() - DAY,
  policy: "opt-in",
  version: CONSENT_TEXT_VERSION,
  choices: { preferences: false, analytics: true, marketing: false },
  method: "preferences",
  ...overrides,
});

describe("installConsent", () => {
  it("sweeps on install: a lapsed choice leaves no attribution cookie behind (docs/product-rules.md#consent-over-time)", () => {
    const lapsed = stored({ at: Date.now() - 184 * DAY, choices: { preferences: true, analytics: true, marketing: true } });
    document.cookie = `nd_consent=${serializeRecord(lapsed)}; path=/`;
    document.cookie = "nd_ft_src=partnerblog|referral||spring|; path=/";
    localStorage.setItem("__nt_profile__", "{}");
    const face = installConsent(window, { policy: "opt-in" });
    expect(face.state().pending).toBe(true);
    expect(document.cookie).not.toContain("nd_ft_src");
    expect(localStorage.getItem("__nt_profile__")).toBeNull();
  });

  it("installs one face per window: a second call returns the first, whatever its settings", () => {
    const first = installConsent(window, { policy: "opt-in" });
    const second = installConsent(window, { policy: "opt-out" });
    expect(second).toBe(first);
    expect(consentFace(window)).toBe(first);
    expect(second.state().policy).toBe("opt-in");
    expect(second.granted("analytics")).toBe(false);
  });

  it("no face before it is installed", () => {
    expect(consentFace(window)).toBeUndefined();
  });

  it("no cookie under opt-in: pending, only necessary", () => {
    const face = installConsent(window, { policy: "opt-in" });
    expect(face.state().pending).toBe(true);
    expect(face.granted("necessary")).toBe(true);
    expect(face.granted("preferences")).toBe(false);
    expect(face.granted("analytics")).toBe(false);
    expect(face.granted("marketing")).toBe(false);
  });

  it("reads a current stored choice from the cookie", () => {
    const record = stored();
    document.cookie = `nd_consent=${serializeRecord(record)}; path=/`;
    const face = installConsent(window, { policy: "opt-in" });
    expect(face.state().pending).toBe(false);
    expect(face.state().record).toEqual(record);
    expect(face.granted("analytics")).toBe(true);
    expect(face.granted("preferences")).toBe(false);
  });

  it("ignores a stored choice of another text version", () => {
    document.cookie = `nd_consent=${serializeRecord(stored())}; path=/`;
    const face = installConsent(window, { policy: "opt-in", version: CONSENT_TEXT_VERSION + 1 });
    expect(face.state().pending).toBe(true);
    expect(face.granted("analytics")).toBe(false);
  });
});

describe("choose", () => {
  it("writes the nd_consent cookie with the choice, parseable by parseRecord", () => {
    const face = installConsent(window, { policy: "opt-in" });
    const before = Date.now();
    const state = face.choose("accept-all");
    const record = parseRecord(storedValue());
    expect(record).toBeDefined();
    expect(record).toMatchObject({
      policy: "opt-in",
      version: CONSENT_TEXT_VERSION,
      method: "accept-all",
      choices: { preferences: true, analytics: true, marketing: true },
    });
    expect(record!.at).toBeGreaterThanOrEqual(before);
    expect(record!.at).toBeLessThanOrEqual(Date.now());
    expect(state.pending).toBe(false);
    expect(state.record).toEqual(record);
    expect(face.state()).toBe(state);
    expect(face.granted("marketing")).toBe(true);
  });

  it("the shown toggles of the preferences become the choices", () => {
    const face = installConsent(window, { policy: "opt-in" });
    face.choose("preferences", { analytics: true });
    expect(parseRecord(storedValue())?.choices).toEqual({ preferences: false, analytics: true, marketing: false });
    expect(face.granted("analytics")).toBe(true);
    expect(face.granted("preferences")).toBe(false);
  });

  it("keeps the same record id across choices", () => {
    const face = installConsent(window, { policy: "opt-in" });
    const first = face.choose("accept-all").record!.id;
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    const second = face.choose("reject-all");
    expect(second.record!.id).toBe(first);
    expect(parseRecord(storedValue())?.id).toBe(first);
    expect(parseRecord(storedValue())?.method).toBe("reject-all");
  });

  it("keeps the stored record's id", () => {
    document.cookie = `nd_consent=${serializeRecord(stored())}; path=/`;
    const face = installConsent(window, { policy: "opt-in" });
    expect(face.choose("do-not-sell").record!.id).toBe(stored().id);
    expect(parseRecord(storedValue())?.choices).toEqual({ preferences: false, analytics: true, marketing: false });
  });

  it("calls onRecord with every new record, the state it makes and the window", () => {
    const onRecord = vi.fn();
    const face = installConsent(window, { policy: "opt-out", onRecord });
    face.choose("do-not-sell");
    expect(onRecord).toHaveBeenCalledTimes(1);
    const [record, state, win] = onRecord.mock.calls[0];
    expect(win).toBe(window);
    expect(state).toBe(face.state());
    expect(record).toEqual(parseRecord(storedValue()));
    expect(record).toMatchObject({
      policy: "opt-out",
      method: "do-not-sell",
      choices: { preferences: true, analytics: true, marketing: false },
    });
    face.choose("reject-all");
    expect(onRecord).toHaveBeenCalledTimes(2);
    // One secret per record id, kept in the cookie only: the proof's later decisions carry the same.
    expect(onRecord.mock.calls[1][0].secret).toMatch(/^[0-9a-f]{32}$/);
    expect(onRecord.mock.calls[1][0].secret).toBe(record.secret);
  });

  it("announces the change to subscribers, with the state before and after, until they unsubscribe", () => {
    const face = installConsent(window, { policy: "opt-in" });
    const listener = vi.fn<(change: ConsentChange) => void>();
    const unsubscribe = face.subscribe(listener);
    const initial = face.state();
    const state = face.choose("accept-all");
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener.mock.calls[0][0].previous).toBe(initial);
    expect(listener.mock.calls[0][0].previous.pending).toBe(true);
    expect(listener.mock.calls[0][0].state).toBe(state);
    expect(listener.mock.calls[0][0].state.granted.analytics).toBe(true);

    const next = face.choose("reject-all");
    expect(listener).toHaveBeenCalledTimes(2);
    expect(listener.mock.calls[1][0]).toEqual({ previous: state, state: next });

    unsubscribe();
    face.choose("accept-all");
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it("the change is a nd:consent event on the window", () => {
    const face = installConsent(window, { policy: "opt-in" });
    const seen: ConsentChange[] = [];
    const handler = (event: Event) => seen.push((event as CustomEvent<ConsentChange>).detail);
    window.addEventListener(CONSENT_EVENT, handler);
    try {
      face.choose("reject-all");
    } finally {
      window.removeEventListener(CONSENT_EVENT, handler);
    }
    expect(CONSENT_EVENT).toBe("nd:consent");
    expect(seen).toHaveLength(1);
    expect(seen[0].state.granted).toEqual({ preferences: false, analytics: false, marketing: false });
  });

  it("a cookie that cannot be written does not throw: the choice holds for the page", () => {
    const face = installConsent(window, { policy: "opt-in" });
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const listener = vi.fn();
    face.subscribe(listener);
    Object.defineProperty(document, "cookie", {
      configurable: true,
      get: () => "",
      set: () => {
        throw new DOMException("The operation is insecure.", "SecurityError");
      },
    });
    try {
      expect(() => face.choose("accept-all")).not.toThrow();
    } finally {
      delete (document as unknown as Record<string, unknown>).cookie;
    }
    expect(error).toHaveBeenCalled();
    expect(face.granted("analytics")).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(storedValue()).toBeUndefined();
  });
});

describe("Global Privacy Control", () => {
  it("gpcSignal reads navigator.globalPrivacyControl === true", () => {
    expect(gpcSignal(window)).toBe(false);
    setGpc(true);
    expect(gpcSignal(window)).toBe(true);
    setGpc("true");
    expect(gpcSignal(window)).toBe(false);
    setGpc(1);
    expect(gpcSignal(window)).toBe(false);
  });

  it("the face refuses marketing under opt-out when the signal is on", () => {
    setGpc(true);
    const face = installConsent(window, { policy: "opt-out" });
    expect(face.granted("marketing")).toBe(false);
    expect(face.granted("analytics")).toBe(true);
    expect(face.state().source.marketing).toBe("gpc");
    expect(face.state().gpc).toBe(true);
  });

  it("Accept all leaves the signal in force; the preferences can turn marketing on", () => {
    setGpc(true);
    const face = installConsent(window, { policy: "opt-in" });
    face.choose("accept-all");
    expect(face.granted("marketing")).toBe(false);
    expect(parseRecord(storedValue())?.choices.marketing).toBe(true);
    face.choose("preferences", { marketing: true });
    expect(face.granted("marketing")).toBe(true);
  });
});
