// The built-in banner's buttons, installed by the early script: the banner is server markup, so it works long
// before the app hydrates (docs/browser-runtime.md#the-built-in-banner). Dependency-light (the early script has a
// 10 KB gzip budget): the face comes in as an argument, and the preferences are only requested, by an event.
import type { ConsentFace } from "./face";
import { BANNER_ACTIONS_GLOBAL } from "../lib/handover";

/** Dispatched on window when the visitor asks for the preferences; src/consent/preferences.ts answers it. */
export const PREFERENCES_EVENT = "nd:consent-preferences";
/** `<html data-consent-prefs="wanted">`: asked for before the preferences' module was there to answer. */
export const PREFERENCES_WANTED = "data-consent-prefs";
/** What opens the preferences: the banner's Preferences button, the footer's "Cookie preferences". */
export const PREFERENCES_TRIGGERS = '[data-consent-action="preferences"],[data-consent-open]';
const BANNER = "[data-consent-banner]";
const TRIGGERS = "[data-consent-action],[data-consent-open]";

/** Marks the document whose banner is handled. */

/** Focus inside the banner goes to the page's main content (or the body) before the banner is hidden: never lost. */
function moveFocusOut(doc: Document): void {
  const banner = doc.querySelector(BANNER);
  const active = doc.activeElement;
  if (!banner || !active || !banner.contains(active)) return;
  const main = doc.getElementById("main") ?? doc.querySelector("main");
  if (main && main.hasAttribute("tabindex")) main.focus({ preventScroll: true });
  else (active as HTMLElement).blur?.();
}

/** Hides the banner for this page view (a choice was made, or Escape): `<html>` loses `data-consent`. */
export function hideBanner(doc: Document): void {
  moveFocusOut(doc);
  doc.documentElement.removeAttribute("data-consent");
}

/** Asks for the preferences: marks `<html>` (the app bundle opens them when it loads) and tells it if it is there. */
export function requestPreferences(doc: Document): void {
  doc.documentElement.setAttribute(PREFERENCES_WANTED, "wanted");
  const win = doc.defaultView;
  if (win) win.dispatchEvent(new win.CustomEvent(PREFERENCES_EVENT));
}

/**
 * One delegated click listener for `[data-consent-action]` (accept-all, reject-all, preferences) and
 * `[data-consent-open]` (the footer's "Cookie preferences"), Escape inside the banner, and any recorded choice
 * (from the preferences or the do-not-sell link) hides the banner.
 */
export function installBannerActions(doc: Document, face: ConsentFace): () => void {
  if (doc[BANNER_ACTIONS_GLOBAL]) return () => {};
  doc[BANNER_ACTIONS_GLOBAL] = true;
  const onClick = (event: MouseEvent) => {
    const trigger = (event.target as Element | null)?.closest?.(TRIGGERS);
    if (!trigger) return;
    const action = trigger.getAttribute("data-consent-action");
    if (trigger.tagName === "A") event.preventDefault();
    if (action === "accept-all" || action === "reject-all") {
      try {
        face.choose(action);
      } finally {
        hideBanner(doc);
      }
    } else if (action === "preferences" || trigger.hasAttribute("data-consent-open")) {
      requestPreferences(doc);
    }
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== "Escape" && event.key !== "Esc") return;
    // The preferences are open over the banner (vanilla-cookieconsent marks <html>): Escape is theirs to close.
    if (doc.documentElement.classList.contains("show--preferences")) return;
    const banner = doc.querySelector(BANNER);
    if (banner && banner.contains(event.target as Node)) hideBanner(doc);
  };
  doc.addEventListener("click", onClick);
  // Capture, registered before the preferences' library: it sees the modal still open when Escape is for it.
  doc.addEventListener("keydown", onKey, true);
  const unsubscribe = face.subscribe(() => hideBanner(doc));
  return () => {
    doc.removeEventListener("click", onClick);
    doc.removeEventListener("keydown", onKey, true);
    unsubscribe();
    delete doc[BANNER_ACTIONS_GLOBAL];
  };
}
