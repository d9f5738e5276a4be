// @vitest-environment jsdom
/**
 * The built-in banner's buttons before hydration (src/consent/banner-actions.ts), against the real consent face:
 * accept-all and reject-all record the choice and hide the banner; preferences and the footer's link ask for the
 * preferences (event + `<html data-consent-prefs>`); Escape hides the banner without a choice.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent } from "@testing-library/react";
import { installConsent, type ConsentFace } from "../../../src/consent/face";
import { CONSENT_COOKIE, parseRecord } from "../../../src/lib/consent-model";
import { PREFERENCES_EVENT, hideBanner, installBannerActions } from "../../../src/consent/banner-actions";
import { CONSENT_GLOBAL } from "../../../src/lib/handover";

const BANNER = `
  <section aria-label="Cookie consent" data-consent-banner="">
    <p>We use optional cookies.</p>
    <div>
      <button type="button" data-consent-action="accept-all">Accept all</button>
      <button type="button" data-consent-action="reject-all">Reject all</button>
      <button type="button" data-consent-action="preferences">Preferences</button>
    </div>
  </section>
  <main id="main" tabindex="-1"><p>Content</p></main>
  <footer><button type="button" data-consent-open="">Cookie preferences</button></footer>`;

const html = document.documentElement;
const button = (action: string) => document.querySelector<HTMLButtonElement>(`[data-consent-action="${action}"]`)!;
const storedRecord = () => {
  const raw = document.cookie
    .split("; ")
    .find((c) => c.startsWith(`${CONSENT_COOKIE}=`))
    ?.slice(CONSENT_COOKIE.length + 1);
  return parseRecord(raw);
};

let face: ConsentFace;
let uninstall: () => void;

beforeEach(() => {
  document.cookie = `${CONSENT_COOKIE}=; path=/; expires=Thu, 01 Jan 1970 00:00:01 GMT`;
  delete (window as unknown as Record<string, unknown>)[CONSENT_GLOBAL];
  document.body.innerHTML = BANNER;
  html.setAttribute("data-consent", "ask");
  html.removeAttribute("data-consent-prefs");
  face = installConsent(window, { policy: "opt-in" });
  uninstall = installBannerActions(document, face);
});
afterEach(() => {
  uninstall();
  vi.restoreAllMocks();
});

describe("installBannerActions", () => {
  it("starts from a visitor who must be asked", () => {
    expect(face.state().pending).toBe(true);
    expect(face.granted("analytics")).toBe(false);
  });

  it("accept-all grants every category, stores it in the face's cookie, hides the banner and keeps focus on the page", () => {
    button("accept-all").focus();
    fireEvent.click(button("accept-all"));
    expect(face.state().pending).toBe(false);
    expect(face.state().granted).toEqual({ preferences: true, analytics: true, marketing: true });
    expect(storedRecord()).toMatchObject({
      method: "accept-all",
      policy: "opt-in",
      choices: { preferences: true, analytics: true, marketing: true },
    });
    expect(html.hasAttribute("data-consent")).toBe(false);
    expect(document.activeElement).toBe(document.getElementById("main"));
  });

  it("reject-all refuses every category and hides the banner", () => {
    fireEvent.click(button("reject-all"));
    expect(face.state().pending).toBe(false);
    expect(face.state().granted).toEqual({ preferences: false, analytics: false, marketing: false });
    expect(storedRecord()).toMatchObject({ method: "reject-all", choices: { preferences: false, analytics: false, marketing: false } });
    expect(html.hasAttribute("data-consent")).toBe(false);
  });

  it("a click on the button's text counts as a click on the button", () => {
    const span = document.createElement("span");
    span.textContent = "Accept";
    button("accept-all").replaceChildren(span);
    fireEvent.click(span);
    expect(face.state().record?.method).toBe("accept-all");
  });

  it("preferences asks for them (event on window, html marked) without choosing or hiding the banner", () => {
    const asked = vi.fn();
    window.addEventListener(PREFERENCES_EVENT, asked);
    const choose = vi.spyOn(face, "choose");
    fireEvent.click(button("preferences"));
    window.removeEventListener(PREFERENCES_EVENT, asked);
    expect(asked).toHaveBeenCalledOnce();
    expect(html.getAttribute("data-consent-prefs")).toBe("wanted");
    expect(choose).not.toHaveBeenCalled();
    expect(html.getAttribute("data-consent")).toBe("ask");
  });

  it("the footer's [data-consent-open] link asks for the preferences the same way", () => {
    const asked = vi.fn();
    window.addEventListener(PREFERENCES_EVENT, asked);
    fireEvent.click(document.querySelector("[data-consent-open]")!);
    window.removeEventListener(PREFERENCES_EVENT, asked);
    expect(asked).toHaveBeenCalledOnce();
    expect(html.getAttribute("data-consent-prefs")).toBe("wanted");
  });

  it("Escape inside the banner hides it for this page view without choosing, focus moved to the main content", () => {
    const choose = vi.spyOn(face, "choose");
    button("reject-all").focus();
    fireEvent.keyDown(button("reject-all"), { key: "Escape" });
    expect(html.hasAttribute("data-consent")).toBe(false);
    expect(choose).not.toHaveBeenCalled();
    expect(face.state().pending).toBe(true);
    expect(storedRecord()).toBeUndefined();
    expect(document.activeElement).toBe(document.getElementById("main"));
  });

  it("Escape elsewhere on the page leaves the banner", () => {
    fireEvent.keyDown(document.querySelector("main p")!, { key: "Escape" });
    expect(html.getAttribute("data-consent")).toBe("ask");
  });

  it("a choice made elsewhere (the do-not-sell link, the preferences) hides the banner too", () => {
    face.choose("do-not-sell");
    expect(html.hasAttribute("data-consent")).toBe(false);
  });

  it("installs once per document: one click, one choice", () => {
    const again = installBannerActions(document, face);
    const choose = vi.spyOn(face, "choose");
    fireEvent.click(button("accept-all"));
    again();
    expect(choose).toHaveBeenCalledOnce();
  });

  it("hideBanner leaves focus alone when it is not in the banner", () => {
    const footerButton = document.querySelector<HTMLButtonElement>("[data-consent-open]")!;
    footerButton.focus();
    hideBanner(document);
    expect(document.activeElement).toBe(footerButton);
    expect(html.hasAttribute("data-consent")).toBe(false);
  });
});

describe("two copies of the module (the early script's and the app's)", () => {
  it("answer one click once: one choice, one record", async () => {
    vi.resetModules();
    const copy = await import("../../../src/consent/banner-actions");
    const onRecord = vi.fn();
    delete (window as unknown as Record<string, unknown>)[CONSENT_GLOBAL];
    const counted = installConsent(window, { policy: "opt-in", onRecord });
    uninstall();
    const first = installBannerActions(document, counted);
    const second = copy.installBannerActions(document, counted);
    button("accept-all").click();
    second();
    first();
    uninstall = () => {};
    expect(onRecord).toHaveBeenCalledTimes(1);
  });

  it("leave Escape to the preferences while they are open over the banner", () => {
    html.classList.add("show--preferences");
    button("reject-all").focus();
    button("reject-all").dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    expect(html.getAttribute("data-consent")).toBe("ask");
    html.classList.remove("show--preferences");
    button("reject-all").dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    expect(html.hasAttribute("data-consent")).toBe(false);
  });
});
