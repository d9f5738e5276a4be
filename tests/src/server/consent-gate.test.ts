/**
 * Consent on the server (docs/product-rules.md#consent "Lead form"): `marketing` decided from the request as
 * the browser decides it: the `nd_consent` cookie (URI-encoded in the Cookie header), the policy, `Sec-GPC: 1`.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { CONSENT_LIFETIME_MS, CONSENT_TEXT_VERSION, serializeRecord, type ConsentRecord } from "../../../src/lib/consent-model";
import { marketingGranted } from "../../../src/server/consent-gate";

const NOW = Date.UTC(2026, 4, 2, 10, 0);
const DAY = 86_400_000;

const record = (overrides: Partial<ConsentRecord> = {}): ConsentRecord => ({
  id: "7c2e9a41-0f3b-4d8e-a6c5-1b2d3e4f5a6b",
  at: NOW - DAY,
  policy: "opt-in",
  version: CONSENT_TEXT_VERSION,
  choices: { preferences: true, analytics: true, marketing: true },
  method: "accept-all",
  ...overrides,
});

/** A request as Node hands it over: lower-case header names, the browser's Cookie header. */
const req = (headers: Record<string, string> = {}) => ({ headers });
const withCookie = (r: ConsentRecord, extra: Record<string, string> = {}) =>
  req({ cookie: `_ga=GA1.1.1; nd_consent=${serializeRecord(r)}; hubspotutk=abc`, ...extra });

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("marketingGranted", () => {
  it("no cookie under opt-in: refused", () => {
    expect(marketingGranted(req(), NOW, "opt-in")).toBe(false);
    expect(marketingGranted(req({ cookie: "hubspotutk=abc" }), NOW, "opt-in")).toBe(false);
  });

  it("no cookie under opt-out: granted", () => {
    expect(marketingGranted(req(), NOW, "opt-out")).toBe(true);
  });

  it("opt-out with Sec-GPC: 1: refused", () => {
    expect(marketingGranted(req({ "sec-gpc": "1" }), NOW, "opt-out")).toBe(false);
  });

  it("Sec-GPC with another value is not the signal", () => {
    expect(marketingGranted(req({ "sec-gpc": "0" }), NOW, "opt-out")).toBe(true);
  });

  it("a current accept-all record: granted", () => {
    expect(marketingGranted(withCookie(record()), NOW, "opt-in")).toBe(true);
  });

  it("a current accept-all record with GPC: refused (Accept all leaves the signal in force)", () => {
    expect(marketingGranted(withCookie(record(), { "sec-gpc": "1" }), NOW, "opt-in")).toBe(false);
  });

  it("an explicit preferences record granting marketing, with GPC: granted", () => {
    const explicit = record({ method: "preferences", choices: { preferences: false, analytics: false, marketing: true } });
    expect(marketingGranted(withCookie(explicit, { "sec-gpc": "1" }), NOW, "opt-in")).toBe(true);
  });

  it("a current record refusing marketing: refused, under either policy", () => {
    expect(
      marketingGranted(
        withCookie(record({ method: "reject-all", choices: { preferences: false, analytics: false, marketing: false } })),
        NOW,
        "opt-in",
      ),
    ).toBe(false);
    const dns = record({ policy: "opt-out", method: "do-not-sell", choices: { preferences: true, analytics: true, marketing: false } });
    expect(marketingGranted(withCookie(dns), NOW, "opt-out")).toBe(false);
  });

  it("an expired record under opt-out: the policy's default (granted)", () => {
    const expired = record({
      policy: "opt-out",
      at: NOW - CONSENT_LIFETIME_MS - DAY,
      method: "do-not-sell",
      choices: { preferences: true, analytics: true, marketing: false },
    });
    expect(marketingGranted(withCookie(expired), NOW, "opt-out")).toBe(true);
  });

  it("an expired accept-all record under opt-in: refused", () => {
    expect(marketingGranted(withCookie(record({ at: NOW - CONSENT_LIFETIME_MS - 1 })), NOW, "opt-in")).toBe(false);
  });

  it("a record made under the other policy is not in force", () => {
    expect(marketingGranted(withCookie(record({ policy: "opt-out" })), NOW, "opt-in")).toBe(false);
  });

  it("a garbled cookie: the policy's default, no throw", () => {
    expect(marketingGranted(req({ cookie: "nd_consent=%7Bnot-json" }), NOW, "opt-in")).toBe(false);
    expect(marketingGranted(req({ cookie: "nd_consent=%E0%A4%A" }), NOW, "opt-out")).toBe(true);
  });

  it("the policy defaults to GATSBY_CONSENT_POLICY", () => {
    vi.stubEnv("GATSBY_CONSENT_POLICY", "opt-out");
    expect(marketingGranted(req(), NOW)).toBe(true);
    vi.stubEnv("GATSBY_CONSENT_POLICY", "");
    expect(marketingGranted(req(), NOW)).toBe(false);
  });
});
