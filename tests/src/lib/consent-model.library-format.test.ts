// @vitest-environment jsdom
/**
 * The `nd_consent` cookie is vanilla-cookieconsent's own format, which the library does not promise
 * (docs/upgrade-canaries.md): the real library must read what serializeRecord writes, and parseRecord what the
 * library writes. A library upgrade that changes the format fails here.
 */
import { beforeEach, describe, expect, it } from "vitest";
import * as CookieConsent from "vanilla-cookieconsent";
import { CONSENT_COOKIE, parseRecord, serializeRecord, type ConsentRecord } from "../../../src/lib/consent-model";

const rawCookie = () =>
  document.cookie
    .split("; ")
    .find((c) => c.startsWith(`${CONSENT_COOKIE}=`))
    ?.slice(CONSENT_COOKIE.length + 1);

const runLibrary = (revision: number) =>
  CookieConsent.run({
    mode: "opt-in",
    autoShow: false,
    hideFromBots: false,
    revision,
    cookie: { name: CONSENT_COOKIE, path: "/" },
    categories: { necessary: { enabled: true, readOnly: true }, preferences: {}, analytics: {}, marketing: {} },
    language: { default: "en", translations: { en: { consentModal: {}, preferencesModal: { sections: [] } } } },
  });

beforeEach(() => {
  document.cookie = `${CONSENT_COOKIE}=; path=/; expires=Thu, 01 Jan 1970 00:00:01 GMT`;
  CookieConsent.reset(true);
  document.getElementById("cc-main")?.remove();
});

describe("vanilla-cookieconsent's cookie format", () => {
  it("the library reads the model's cookie: a valid consent with its id, revision, data and categories", async () => {
    const record: ConsentRecord = {
      id: "3f1c2a9e-8b7d-4c6e-9a1b-2d3e4f5a6b7c",
      at: Date.now() - 60_000,
      policy: "opt-in",
      version: 4,
      choices: { preferences: false, analytics: true, marketing: false },
      method: "preferences",
    };
    document.cookie = `${CONSENT_COOKIE}=${serializeRecord(record)}; path=/`;
    await runLibrary(record.version);
    expect(CookieConsent.validConsent()).toBe(true);
    expect(CookieConsent.getCookie("consentId")).toBe(record.id);
    expect(CookieConsent.getCookie("revision")).toBe(record.version);
    expect(CookieConsent.getCookie("data")).toEqual({ policy: "opt-in", method: "preferences" });
    expect(CookieConsent.getCookie("consentTimestamp")).toBe(new Date(record.at).toISOString());
    expect(CookieConsent.acceptedCategory("analytics")).toBe(true);
    expect(CookieConsent.acceptedCategory("marketing")).toBe(false);
  });

  it("the model reads the library's own cookie: id, revision, time, categories and data", async () => {
    await runLibrary(4);
    CookieConsent.acceptCategory(["analytics"]);
    CookieConsent.setCookieData({ value: { policy: "opt-in", method: "accept-all" }, mode: "overwrite" });
    const record = parseRecord(rawCookie());
    expect(record).toMatchObject({
      id: CookieConsent.getCookie("consentId"),
      version: 4,
      policy: "opt-in",
      method: "accept-all",
      choices: { preferences: false, analytics: true, marketing: false },
    });
    expect(record?.at).toBe(Date.parse(CookieConsent.getCookie("lastConsentTimestamp") as string));
  });
});
