/**
 * The consent model (docs/product-rules.md#consent): the `nd_consent` cookie in vanilla-cookieconsent's format,
 * when a stored choice is in force, the decision for a page (policy default, GPC), and the choices a method stands for.
 */
import { describe, expect, it } from "vitest";
import {
  CONSENT_LIFETIME_MS,
  CONSENT_TEXT_VERSION,
  choicesFor,
  decide,
  isCurrent,
  isGranted,
  newlyGranted,
  newRecordId,
  parseRecord,
  serializeRecord,
  withdrawn,
  type ChoiceMethod,
  type Choices,
  type ConsentContext,
  type ConsentRecord,
} from "../../../src/lib/consent-model";

const NOW = Date.UTC(2026, 2, 14, 9, 26, 53, 589);
const DAY = 86_400_000;
const NONE: Choices = { preferences: false, analytics: false, marketing: false };
const ALL: Choices = { preferences: true, analytics: true, marketing: true };

const record = (overrides: Partial<ConsentRecord> = {}): ConsentRecord => ({
  id: "3f1c2a9e-8b7d-4c6e-9a1b-2d3e4f5a6b7c",
  at: NOW - DAY,
  policy: "opt-in",
  version: CONSENT_TEXT_VERSION,
  choices: { preferences: true, analytics: false, marketing: true },
  method: "preferences",
  ...overrides,
});

const context = (overrides: Partial<ConsentContext> = {}): ConsentContext => ({ policy: "opt-in", gpc: false, now: NOW, ...overrides });

/** A cookie value as the banner library (or a hand) would write it: URI-encoded JSON. */
const cookie = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const libraryCookie = (overrides: Record<string, unknown> = {}) => ({
  categories: ["necessary", "analytics"],
  revision: 1,
  data: { policy: "opt-in", method: "preferences" },
  consentTimestamp: new Date(NOW - DAY).toISOString(),
  consentId: "3f1c2a9e-8b7d-4c6e-9a1b-2d3e4f5a6b7c",
  ...overrides,
});

describe("serializeRecord / parseRecord", () => {
  it("round-trips every method and every combination of choices", () => {
    const methods: ChoiceMethod[] = ["accept-all", "reject-all", "preferences", "do-not-sell", "manager"];
    for (const method of methods)
      for (let bits = 0; bits < 8; bits++) {
        const choices = { preferences: !!(bits & 1), analytics: !!(bits & 2), marketing: !!(bits & 4) };
        const r = record({ method, choices, policy: bits & 1 ? "opt-out" : "opt-in", version: 3 });
        expect(parseRecord(serializeRecord(r))).toEqual(r);
      }
  });

  it("writes vanilla-cookieconsent's cookie format, with the policy and method in its data", () => {
    const r = record({ choices: { preferences: false, analytics: true, marketing: true }, method: "accept-all", version: 2 });
    const value = serializeRecord(r);
    // Cookie-safe: no separators or spaces left unencoded.
    expect(value).not.toMatch(/[;,\s"]/);
    const data = JSON.parse(decodeURIComponent(value));
    expect(data.categories).toEqual(["necessary", "analytics", "marketing"]);
    expect(data.revision).toBe(2);
    expect(data.data).toEqual({ policy: "opt-in", method: "accept-all" });
    expect(data.consentId).toBe(r.id);
    expect(data.consentTimestamp).toBe(new Date(r.at).toISOString());
    expect(data.lastConsentTimestamp).toBe(new Date(r.at).toISOString());
    expect(data.expirationTime).toBe(r.at + CONSENT_LIFETIME_MS);
  });

  it("a refusal still lists necessary", () => {
    const data = JSON.parse(decodeURIComponent(serializeRecord(record({ choices: NONE, method: "reject-all" }))));
    expect(data.categories).toEqual(["necessary"]);
  });

  it("reads the library's own cookie: categories by name, last change over first, method preferences by default", () => {
    const last = new Date(NOW - 1000).toISOString();
    const parsed = parseRecord(
      cookie(libraryCookie({ data: { policy: "opt-out" }, lastConsentTimestamp: last, categories: ["necessary", "analytics", "unknown"] })),
    );
    expect(parsed).toEqual({
      id: "3f1c2a9e-8b7d-4c6e-9a1b-2d3e4f5a6b7c",
      at: NOW - 1000,
      policy: "opt-out",
      version: 1,
      choices: { preferences: false, analytics: true, marketing: false },
      method: "preferences",
    });
    expect(parseRecord(cookie(libraryCookie()))?.at).toBe(NOW - DAY);
  });

  it("reads a value that is not URI-encoded (plain JSON)", () => {
    expect(parseRecord(JSON.stringify(libraryCookie()))?.choices).toEqual({ preferences: false, analytics: true, marketing: false });
  });

  const bad: Record<string, string | undefined> = {
    undefined: undefined,
    empty: "",
    "not JSON": "yes",
    "malformed escape": "%E0%A4%A",
    "JSON null": "null",
    "JSON number": "42",
    "JSON string": cookie("necessary"),
    "JSON array": cookie(["necessary"]),
    "no categories": cookie(libraryCookie({ categories: undefined })),
    "categories not an array": cookie(libraryCookie({ categories: "necessary,analytics" })),
    "id missing": cookie(libraryCookie({ consentId: undefined })),
    "id a number": cookie(libraryCookie({ consentId: 12345678 })),
    "id too short": cookie(libraryCookie({ consentId: "abc" })),
    "id too long": cookie(libraryCookie({ consentId: "a".repeat(65) })),
    "id with markup": cookie(libraryCookie({ consentId: "<script>alert(1)</script>" })),
    "id with spaces": cookie(libraryCookie({ consentId: "abcd efgh ijkl" })),
    "revision a string": cookie(libraryCookie({ revision: "1" })),
    "revision missing": cookie(libraryCookie({ revision: undefined })),
    "timestamp not a date": cookie(libraryCookie({ consentTimestamp: "yesterday" })),
    "timestamp a number": cookie(libraryCookie({ consentTimestamp: NOW })),
    "no timestamp": cookie(libraryCookie({ consentTimestamp: undefined })),
    "data null (no policy)": cookie(libraryCookie({ data: null })),
    "data a string": cookie(libraryCookie({ data: "opt-in" })),
    "unknown policy": cookie(libraryCookie({ data: { policy: "opt-maybe", method: "preferences" } })),
    "unknown method": cookie(libraryCookie({ data: { policy: "opt-in", method: "implied" } })),
    "method not a string": cookie(libraryCookie({ data: { policy: "opt-in", method: 1 } })),
  };
  for (const [name, value] of Object.entries(bad))
    it(`${name} → undefined, without throwing`, () => {
      expect(() => parseRecord(value)).not.toThrow();
      expect(parseRecord(value)).toBeUndefined();
    });

  it("accepts ids of 8 and 64 word characters (its bounds)", () => {
    expect(parseRecord(cookie(libraryCookie({ consentId: "abcd_123" })))?.id).toBe("abcd_123");
    expect(parseRecord(cookie(libraryCookie({ consentId: "a".repeat(64) })))?.id).toBe("a".repeat(64));
  });
});

describe("isCurrent", () => {
  it("same policy and text version, recent: current", () => {
    expect(isCurrent(record(), context())).toBe(true);
    expect(isCurrent(record({ at: NOW }), context())).toBe(true);
  });

  it("no record: not current", () => {
    expect(isCurrent(undefined, context())).toBe(false);
  });

  it("another policy: not current", () => {
    expect(isCurrent(record({ policy: "opt-out" }), context({ policy: "opt-in" }))).toBe(false);
    expect(isCurrent(record({ policy: "opt-in" }), context({ policy: "opt-out" }))).toBe(false);
  });

  it("another text version: not current (the default is CONSENT_TEXT_VERSION)", () => {
    expect(isCurrent(record({ version: CONSENT_TEXT_VERSION + 1 }), context())).toBe(false);
    expect(isCurrent(record({ version: 2 }), context({ version: 2 }))).toBe(true);
    expect(isCurrent(record({ version: 1 }), context({ version: 2 }))).toBe(false);
  });

  it("expires after 183 days, a refusal included", () => {
    expect(CONSENT_LIFETIME_MS).toBe(183 * DAY);
    expect(isCurrent(record({ at: NOW - CONSENT_LIFETIME_MS + 1 }), context())).toBe(true);
    expect(isCurrent(record({ at: NOW - CONSENT_LIFETIME_MS }), context())).toBe(false);
    expect(isCurrent(record({ at: NOW - 200 * DAY, method: "reject-all", choices: NONE }), context())).toBe(false);
  });

  it("from the future by more than a minute: not current; within a minute (clock skew): current", () => {
    expect(isCurrent(record({ at: NOW + 60_000 }), context())).toBe(true);
    expect(isCurrent(record({ at: NOW + 60_001 }), context())).toBe(false);
    expect(isCurrent(record({ at: NOW + DAY }), context())).toBe(false);
  });
});

describe("decide", () => {
  it("opt-in, no record: pending, everything optional refused by the policy", () => {
    const state = decide(undefined, context());
    expect(state.pending).toBe(true);
    expect(state.granted).toEqual(NONE);
    expect(state.source).toEqual({ preferences: "policy", analytics: "policy", marketing: "policy" });
    expect(state.record).toBeUndefined();
    expect(state.policy).toBe("opt-in");
    expect(isGranted(state, "necessary")).toBe(true);
    expect(isGranted(state, "analytics")).toBe(false);
  });

  it("opt-out, no record: everything granted, not pending", () => {
    const state = decide(undefined, context({ policy: "opt-out" }));
    expect(state.pending).toBe(false);
    expect(state.granted).toEqual(ALL);
    expect(state.source).toEqual({ preferences: "policy", analytics: "policy", marketing: "policy" });
  });

  it("a current record decides, from the banner (or the manager)", () => {
    const r = record();
    const state = decide(r, context());
    expect(state.pending).toBe(false);
    expect(state.granted).toEqual(r.choices);
    expect(state.granted).not.toBe(r.choices);
    expect(state.record).toEqual(r);
    expect(state.source).toEqual({ preferences: "banner", analytics: "banner", marketing: "banner" });
    expect(decide(record({ method: "manager" }), context()).source.analytics).toBe("manager");
  });

  it("a record not in force is ignored: the policy's default, and opt-in asks again", () => {
    const stale = decide(record({ at: NOW - 184 * DAY, choices: ALL }), context());
    expect(stale.pending).toBe(true);
    expect(stale.granted).toEqual(NONE);
    expect(stale.record).toBeUndefined();
    const otherPolicy = decide(record({ policy: "opt-in", choices: NONE, method: "reject-all" }), context({ policy: "opt-out" }));
    expect(otherPolicy.granted).toEqual(ALL);
    expect(otherPolicy.pending).toBe(false);
  });

  it("GPC refuses marketing under either policy, source gpc, and leaves the rest", () => {
    const optOut = decide(undefined, context({ policy: "opt-out", gpc: true }));
    expect(optOut.granted).toEqual({ preferences: true, analytics: true, marketing: false });
    expect(optOut.source).toEqual({ preferences: "policy", analytics: "policy", marketing: "gpc" });
    expect(optOut.gpc).toBe(true);
    const optIn = decide(undefined, context({ gpc: true }));
    expect(optIn.granted.marketing).toBe(false);
    expect(optIn.source.marketing).toBe("gpc");
    expect(optIn.pending).toBe(true);
  });

  it("GPC with an accept-all record: marketing still refused", () => {
    const state = decide(record({ method: "accept-all", choices: ALL }), context({ gpc: true }));
    expect(state.granted).toEqual({ preferences: true, analytics: true, marketing: false });
    expect(state.source.marketing).toBe("gpc");
    expect(state.source.analytics).toBe("banner");
  });

  it("GPC with marketing turned on explicitly (preferences or a manager): granted", () => {
    for (const method of ["preferences", "manager"] as const) {
      const state = decide(record({ method, choices: ALL }), context({ gpc: true }));
      expect(state.granted.marketing).toBe(true);
      expect(state.source.marketing).toBe(method === "manager" ? "manager" : "banner");
    }
  });

  it("GPC with a preferences record that refused marketing: refused, source gpc", () => {
    const state = decide(
      record({ method: "preferences", choices: { preferences: true, analytics: true, marketing: false } }),
      context({ gpc: true }),
    );
    expect(state.granted.marketing).toBe(false);
    expect(state.source.marketing).toBe("gpc");
  });

  it("GPC with a stale explicit record: the signal holds", () => {
    expect(
      decide(record({ method: "preferences", choices: ALL, at: NOW - 200 * DAY }), context({ policy: "opt-in", gpc: true })).granted
        .marketing,
    ).toBe(false);
  });
});

describe("choicesFor", () => {
  const previous: Choices = { preferences: true, analytics: false, marketing: true };

  it("accept-all grants everything, reject-all refuses everything", () => {
    expect(choicesFor("accept-all", { marketing: false }, NONE)).toEqual(ALL);
    expect(choicesFor("reject-all", { marketing: true }, ALL)).toEqual(NONE);
  });

  it("do-not-sell refuses marketing whatever was shown, and takes the rest as shown (a manager's state) or as it was", () => {
    expect(choicesFor("do-not-sell", { analytics: true, marketing: true }, previous)).toEqual({
      preferences: true,
      analytics: true,
      marketing: false,
    });
    expect(choicesFor("do-not-sell", {}, ALL)).toEqual({ preferences: true, analytics: true, marketing: false });
  });

  it("preferences and manager: the shown toggles over the previous choices", () => {
    for (const method of ["preferences", "manager"] as const) {
      expect(choicesFor(method, { analytics: true, marketing: false }, previous)).toEqual({
        preferences: true,
        analytics: true,
        marketing: false,
      });
      expect(choicesFor(method, {}, previous)).toEqual(previous);
    }
  });

  it("does not change the previous choices", () => {
    const before = { ...previous };
    choicesFor("do-not-sell", {}, previous);
    choicesFor("preferences", { preferences: false }, previous);
    expect(previous).toEqual(before);
  });
});

describe("withdrawn / newlyGranted", () => {
  it("lists the categories whose grant went, and those newly granted, in category order", () => {
    const before: Choices = { preferences: true, analytics: true, marketing: false };
    const after: Choices = { preferences: false, analytics: true, marketing: true };
    expect(withdrawn(before, after)).toEqual(["preferences"]);
    expect(newlyGranted(before, after)).toEqual(["marketing"]);
    expect(withdrawn(ALL, NONE)).toEqual(["preferences", "analytics", "marketing"]);
    expect(newlyGranted(NONE, ALL)).toEqual(["preferences", "analytics", "marketing"]);
    expect(withdrawn(NONE, ALL)).toEqual([]);
    expect(newlyGranted(ALL, ALL)).toEqual([]);
  });
});

describe("newRecordId", () => {
  const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it("is a v4 UUID, different on every call", () => {
    const ids = Array.from({ length: 50 }, () => newRecordId());
    for (const id of ids) expect(id).toMatch(V4);
    expect(new Set(ids).size).toBe(50);
  });

  it("sets the version and variant bits whatever the random bytes", () => {
    expect(newRecordId((b) => b.fill(0))).toBe("00000000-0000-4000-8000-000000000000");
    expect(newRecordId((b) => b.fill(0xff))).toBe("ffffffff-ffff-4fff-bfff-ffffffffffff");
  });

  it("is an id parseRecord accepts", () => {
    const id = newRecordId();
    expect(parseRecord(serializeRecord(record({ id })))?.id).toBe(id);
  });
});
