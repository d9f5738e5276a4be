/**
 * Consent settings (docs/product-rules.md#consent "Policy", "Hosted consent managers"; docs/consent-managers.md):
 * the policy, the hosted manager with its script, OneTrust's group map, from the GATSBY_* variables.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_ONETRUST_GROUPS, parseGroupMap, readConsentSettings } from "../../../src/config/consent";

const VARIABLES = [
  "GATSBY_CONSENT_POLICY",
  "GATSBY_CONSENT_PROVIDER",
  "GATSBY_CONSENT_SCRIPT_URL",
  "GATSBY_ONETRUST_DOMAIN_SCRIPT",
  "GATSBY_ONETRUST_GROUPS",
];

const DEFAULT_MAP = { analytics: ["C0002"], preferences: ["C0003"], marketing: ["C0004"] };

beforeEach(() => {
  for (const name of VARIABLES) vi.stubEnv(name, undefined);
});
afterEach(() => vi.unstubAllEnvs());

describe("parseGroupMap", () => {
  it("maps each group to its category, several groups per category in order", () => {
    expect(parseGroupMap("C0002:analytics,C0004:marketing,C0005:marketing")).toEqual({
      analytics: ["C0002"],
      marketing: ["C0004", "C0005"],
    });
  });

  it("the default map: performance, functional, targeting", () => {
    expect(parseGroupMap(DEFAULT_ONETRUST_GROUPS)).toEqual(DEFAULT_MAP);
  });

  it("trims spaces around groups and categories", () => {
    expect(parseGroupMap(" C0002 : analytics , C0003:preferences ")).toEqual({ analytics: ["C0002"], preferences: ["C0003"] });
  });

  it("leaves out unknown categories, necessary included, and malformed pairs", () => {
    expect(parseGroupMap("C0001:necessary,C0009:social,C0002,:marketing,,C0003:Preferences,C0004:marketing")).toEqual({
      marketing: ["C0004"],
    });
  });

  it("empty or unset: an empty map", () => {
    expect(parseGroupMap(undefined)).toEqual({});
    expect(parseGroupMap("")).toEqual({});
  });
});

describe("readConsentSettings", () => {
  it("nothing set: opt-in, the built-in banner, the default OneTrust map", () => {
    expect(readConsentSettings()).toEqual({ policy: "opt-in", oneTrustGroups: DEFAULT_MAP });
  });

  it("GATSBY_CONSENT_POLICY=opt-out (spaces trimmed)", () => {
    vi.stubEnv("GATSBY_CONSENT_POLICY", " opt-out ");
    expect(readConsentSettings().policy).toBe("opt-out");
  });

  it("any other policy value: opt-in, the strictest", () => {
    for (const value of ["opt-in", "", "OPT-OUT", "optout", "none"]) {
      vi.stubEnv("GATSBY_CONSENT_POLICY", value);
      expect(readConsentSettings().policy).toBe("opt-in");
    }
  });

  it("a provider with its script URL: the hosted manager", () => {
    vi.stubEnv("GATSBY_CONSENT_PROVIDER", "osano");
    vi.stubEnv("GATSBY_CONSENT_SCRIPT_URL", " https://cmp.osano.com/abc/def/osano.js ");
    expect(readConsentSettings().provider).toEqual({ name: "osano", scriptUrl: "https://cmp.osano.com/abc/def/osano.js" });
    vi.stubEnv("GATSBY_CONSENT_PROVIDER", " cookiebot ");
    expect(readConsentSettings().provider?.name).toBe("cookiebot");
  });

  it("a provider without a script URL: no provider (the built-in banner)", () => {
    vi.stubEnv("GATSBY_CONSENT_PROVIDER", "onetrust");
    expect(readConsentSettings().provider).toBeUndefined();
    vi.stubEnv("GATSBY_CONSENT_SCRIPT_URL", "   ");
    expect(readConsentSettings().provider).toBeUndefined();
  });

  it("a script URL alone is ignored", () => {
    vi.stubEnv("GATSBY_CONSENT_SCRIPT_URL", "https://cmp.example/cmp.js");
    expect(readConsentSettings().provider).toBeUndefined();
  });

  it("an unknown provider is ignored", () => {
    vi.stubEnv("GATSBY_CONSENT_PROVIDER", "acme");
    vi.stubEnv("GATSBY_CONSENT_SCRIPT_URL", "https://cmp.example/cmp.js");
    expect(readConsentSettings().provider).toBeUndefined();
  });

  it("OneTrust: its domain script, trimmed", () => {
    vi.stubEnv("GATSBY_CONSENT_PROVIDER", "onetrust");
    vi.stubEnv("GATSBY_CONSENT_SCRIPT_URL", "https://cdn.cookielaw.org/scripttemplates/otSDKStub.js");
    vi.stubEnv("GATSBY_ONETRUST_DOMAIN_SCRIPT", " 0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b ");
    expect(readConsentSettings().provider).toEqual({
      name: "onetrust",
      scriptUrl: "https://cdn.cookielaw.org/scripttemplates/otSDKStub.js",
      domainScript: "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b",
    });
    vi.stubEnv("GATSBY_ONETRUST_DOMAIN_SCRIPT", "");
    expect(readConsentSettings().provider).not.toHaveProperty("domainScript");
  });

  it("the OneTrust group map from GATSBY_ONETRUST_GROUPS, the default when empty", () => {
    vi.stubEnv("GATSBY_ONETRUST_GROUPS", "C0007:marketing,C0002:analytics");
    expect(readConsentSettings().oneTrustGroups).toEqual({ marketing: ["C0007"], analytics: ["C0002"] });
    vi.stubEnv("GATSBY_ONETRUST_GROUPS", "  ");
    expect(readConsentSettings().oneTrustGroups).toEqual(DEFAULT_MAP);
  });
});
