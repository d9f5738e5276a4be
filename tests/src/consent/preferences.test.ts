// @vitest-environment jsdom
/**
 * The built-in banner's preferences (src/consent/preferences.ts) with the real vanilla-cookieconsent and the real
 * consent face; only the library's style sheet (a raw-loader import: webpack's, not Vite's) is stood in for.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent } from "@testing-library/react";
import { installConsent, type ConsentFace } from "../../../src/consent/face";
import { CONSENT_COOKIE, CONSENT_TEXT_VERSION, parseRecord } from "../../../src/lib/consent-model";
import { CONSENT_GLOBAL } from "../../../src/lib/handover";
import * as CookieConsent from "vanilla-cookieconsent";
import axe from "axe-core";

// The style sheet comes through a webpack loader, which Vite does not have.
vi.mock("../../../src/consent/library-styles", () => ({ loadLibraryStyles: () => Promise.resolve("#cc-main{--cc-test:1}") }));

type Preferences = typeof import("../../../src/consent/preferences");
type BannerActions = typeof import("../../../src/consent/banner-actions");

const html = document.documentElement;
const rawCookie = () =>
  document.cookie
    .split("; ")
    .find((c) => c.startsWith(`${CONSENT_COOKIE}=`))
    ?.slice(CONSENT_COOKIE.length + 1);
const cookieJson = () =>
  JSON.parse(decodeURIComponent(rawCookie()!)) as { data: unknown; consentId: string; categories: string[]; revision: number };
const toggle = (category: string) => document.querySelector<HTMLInputElement>(`#cc-main input.section__toggle[value="${category}"]`)!;
const modalButton = (role: string) => document.querySelector<HTMLButtonElement>(`#cc-main .pm [data-role="${role}"]`)!;
const modalShown = () => html.classList.contains("show--preferences");
const setGpc = (on: boolean) => Object.defineProperty(window.navigator, "globalPrivacyControl", { value: on, configurable: true });

let prefs: Preferences;
let actions: BannerActions;
let face: ConsentFace;

async function fresh({ gpc = false, policy = "opt-in" as "opt-in" | "opt-out" } = {}) {
  setGpc(gpc);
  face = installConsent(window, { policy });
  return face;
}

beforeEach(async () => {
  vi.resetModules();
  document.cookie = `${CONSENT_COOKIE}=; path=/; expires=Thu, 01 Jan 1970 00:00:01 GMT`;
  delete (window as unknown as Record<string, unknown>)[CONSENT_GLOBAL];
  // The library keeps one run per page: start each test from a page that never ran it.
  (CookieConsent as typeof CookieConsent & { default?: typeof CookieConsent }).reset?.(false);
  document.getElementById("cc-main")?.remove();
  document.getElementById("nd-cc-styles")?.remove();
  html.className = "";
  html.removeAttribute("data-consent-prefs");
  html.setAttribute("data-consent", "ask");
  document.body.innerHTML = `
    <section aria-label="Cookie consent" data-consent-banner=""><div>
      <button type="button" data-consent-action="accept-all">Accept all</button>
      <button type="button" data-consent-action="reject-all">Reject all</button>
      <button type="button" data-consent-action="preferences">Preferences</button>
    </div></section>
    <main id="main" tabindex="-1"></main>`;
  prefs = await import("../../../src/consent/preferences");
  actions = await import("../../../src/consent/banner-actions");
});
afterEach(() => {
  vi.restoreAllMocks();
  setGpc(false);
});

describe("openPreferences", () => {
  it("runs the library on the nd_consent cookie and shows its preferences modal, styled with the site's tokens", async () => {
    await fresh();
    await prefs.openPreferences(face, { policy: "opt-in" });
    expect(modalShown()).toBe(true);
    expect(document.querySelector("#cc-main .pm")).toHaveAttribute("role", "dialog");
    for (const category of ["preferences", "analytics", "marketing"]) expect(toggle(category).checked).toBe(false);
    expect(toggle("necessary")).toBeDisabled();
    const styles = document.getElementById("nd-cc-styles")!.textContent!;
    expect(styles).toContain("#cc-main{--cc-test:1}");
    expect(styles).toContain("--cc-btn-primary-bg:#1d2330");
    // No consent modal: the server markup is the banner.
    expect(document.querySelector("#cc-main .cm")).toBeNull();
  });

  it("saving the preferences records the toggles through the face, and the cookie ends in the face's format", async () => {
    await fresh();
    const choose = vi.spyOn(face, "choose");
    await prefs.openPreferences(face, { policy: "opt-in" });
    fireEvent.click(toggle("analytics"));
    expect(toggle("analytics").checked).toBe(true);
    fireEvent.click(modalButton("save"));

    expect(choose).toHaveBeenCalledOnce();
    expect(choose).toHaveBeenCalledWith("preferences", { preferences: false, analytics: true, marketing: false });
    expect(face.state().granted).toEqual({ preferences: false, analytics: true, marketing: false });
    const record = parseRecord(rawCookie());
    expect(record).toMatchObject({ method: "preferences", policy: "opt-in", version: CONSENT_TEXT_VERSION });
    expect(record?.id).toBe(face.state().record?.id);
    expect(cookieJson().data).toEqual({ policy: "opt-in", method: "preferences", secret: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(cookieJson().categories).toEqual(["necessary", "analytics"]);
    // The banner goes, the modal closes, focus stays on the page.
    expect(html.hasAttribute("data-consent")).toBe(false);
    expect(modalShown()).toBe(false);
  });

  it("the modal's Accept all and Reject all are the face's accept-all and reject-all", async () => {
    await fresh();
    const choose = vi.spyOn(face, "choose");
    await prefs.openPreferences(face, { policy: "opt-in" });
    fireEvent.click(modalButton("all"));
    expect(choose).toHaveBeenLastCalledWith("accept-all", {});
    expect(parseRecord(rawCookie())?.method).toBe("accept-all");
    await prefs.openPreferences(face, { policy: "opt-in" });
    expect(toggle("marketing").checked).toBe(true);
    fireEvent.click(modalButton("necessary"));
    expect(choose).toHaveBeenLastCalledWith("reject-all", {});
    expect(parseRecord(rawCookie())).toMatchObject({
      method: "reject-all",
      choices: { preferences: false, analytics: false, marketing: false },
    });
  });

  it("a save the library sees as no change is still the visitor's word (GPC: marketing turned on explicitly)", async () => {
    setGpc(true);
    await fresh({ gpc: true });
    face.choose("accept-all"); // marketing stored, but GPC keeps it off
    expect(face.granted("marketing")).toBe(false);
    await prefs.openPreferences(face, { policy: "opt-in" });
    expect(toggle("marketing").checked).toBe(false);
    fireEvent.click(toggle("marketing"));
    fireEvent.click(modalButton("save"));
    expect(face.state().record?.method).toBe("preferences");
    expect(face.granted("marketing")).toBe(true);
  });

  it("with GPC on and marketing not explicitly granted, the marketing toggle shows off with the note", async () => {
    await fresh({ gpc: true, policy: "opt-out" });
    await prefs.openPreferences(face, { policy: "opt-out" });
    expect(toggle("analytics").checked).toBe(true); // opt-out: on until refused
    expect(toggle("marketing").checked).toBe(false);
    const note = document.querySelector<HTMLElement>("#cc-main [data-consent-gpc]")!;
    expect(note).toHaveTextContent(prefs.GPC_NOTE);
    expect(note.hidden).toBe(false);
    expect(toggle("marketing")).toHaveAttribute("aria-describedby", note.id);
  });

  it("without GPC there is no note", async () => {
    await fresh();
    await prefs.openPreferences(face, { policy: "opt-in" });
    const note = document.querySelector<HTMLElement>("#cc-main [data-consent-gpc]");
    expect(note?.hidden ?? true).toBe(true);
  });

  it("shows the visitor's consent record id", async () => {
    await fresh();
    await prefs.openPreferences(face, { policy: "opt-in" });
    expect(document.querySelector("#cc-main [data-consent-record]")).toHaveTextContent("No choice recorded yet.");
    fireEvent.click(modalButton("necessary"));
    const id = face.state().record!.id;
    await prefs.openPreferences(face, { policy: "opt-in" });
    expect(document.querySelector("#cc-main")).toHaveTextContent(`Your consent record: ${id}`);
  });

  it("names each category's purpose and its vendors from the catalog, and links both notices", async () => {
    const { preferenceSections } = await import("../../../src/consent/preferences");
    const sections = preferenceSections({ preferences: [], analytics: ["Heap"], marketing: ["Google tag", "HubSpot"] });
    const of = (category: string) => sections.find((s) => s.linkedCategory === category)!;
    expect(of("analytics").description).toMatch(/Vendors: Heap\.$/);
    expect(of("marketing")).toMatchObject({ title: "Advertising", description: expect.stringMatching(/Vendors: Google tag, HubSpot\.$/) });
    expect(of("preferences")).toMatchObject({ title: "Personalization" });
    expect(of("preferences").description).not.toMatch(/Vendors/);
    expect(sections[0].description).toMatch(/href="\/cookie-policy\/".*href="\/privacy\/"/);
  });

  it("the open modal is axe-clean (WCAG 2.2 AA; contrast needs layout: the e2e suite)", async () => {
    await fresh({ gpc: true });
    await prefs.openPreferences(face, { policy: "opt-in" });
    const { violations } = await axe.run(document.getElementById("cc-main")!, {
      runOnly: ["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"],
      rules: { "color-contrast": { enabled: false } },
    });
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });

  it("Escape closes the modal without choosing", async () => {
    await fresh();
    const choose = vi.spyOn(face, "choose");
    await prefs.openPreferences(face, { policy: "opt-in" });
    fireEvent.click(toggle("analytics"));
    fireEvent.keyDown(document.querySelector("#cc-main .pm")!, { key: "Escape", keyCode: 27 });
    expect(modalShown()).toBe(false);
    expect(choose).not.toHaveBeenCalled();
    expect(rawCookie()).toBeUndefined();
    expect(html.getAttribute("data-consent")).toBe("ask");
  });
});

/** The runtime's side (src/consent/runtime-consent.ts), which loads this module's chunk on request. */
const answerRequests = async () => (await import("../../../src/consent/runtime-consent")).answerPreferenceRequests(window, face);

describe("the runtime answers preference requests", () => {
  it("opens the preferences on the banner's request, through the early script's event", async () => {
    await fresh();
    const stopActions = actions.installBannerActions(document, face);
    const stop = await answerRequests();
    fireEvent.click(document.querySelector('[data-consent-action="preferences"]')!);
    await vi.waitFor(() => expect(modalShown()).toBe(true));
    expect(html.hasAttribute("data-consent-prefs")).toBe(false);
    stop();
    stopActions();
  });

  it("opens them at once when they were asked for before it ran", async () => {
    await fresh();
    html.setAttribute("data-consent-prefs", "wanted");
    const stop = await answerRequests();
    await vi.waitFor(() => expect(modalShown()).toBe(true));
    expect(html.hasAttribute("data-consent-prefs")).toBe(false);
    stop();
  });

  it("loads the library on intent only: nothing before, the style sheet after a pointer on the Preferences button", async () => {
    await fresh();
    const stop = await answerRequests();
    fireEvent.pointerOver(document.querySelector("main")!);
    await new Promise((r) => setTimeout(r, 20));
    expect(document.getElementById("nd-cc-styles")).toBeNull();
    fireEvent.pointerOver(document.querySelector('[data-consent-action="preferences"]')!);
    await vi.waitFor(() => expect(document.getElementById("nd-cc-styles")).not.toBeNull());
    expect(modalShown()).toBe(false);
    stop();
  });
});
