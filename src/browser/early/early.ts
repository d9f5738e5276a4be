/** The early script: the first second belongs to the visitor (docs/page-load.md#the-first-second). */
import { trackPageView } from "../attribution";
import { decorateAnchor } from "../link-rules";
import { attributionCookies, keepAttribution } from "../../consent/attribution-hold";
import type { ConsentState } from "../../lib/consent-model";

import { EARLY_GLOBAL, RELEASE_GLOBAL } from "../../lib/handover";

export { EARLY_GLOBAL, RELEASE_GLOBAL };
const ACTIVATIONS = ["pointerdown", "click", "keydown"] as const;

/** Decorates the link an activation lands on, from the cookies as they are at that moment. */
export function decorateOnActivation(event: Event, win: Window, consent: () => ConsentState): void {
  if (event.type === "keydown" && (event as KeyboardEvent).key !== "Enter") return;
  const target = event.target as Element | null;
  const anchor = target && typeof target.closest === "function" ? target.closest("a[href]") : null;
  if (anchor) decorateAnchor(anchor, { page: new URL(win.location.href), cookies: attributionCookies(win, consent()) });
}

/** Runs once per page load; a second call (the script included twice) does nothing. */
export function startEarly(win: Window, consent: () => ConsentState): void {
  if (win[EARLY_GLOBAL]) return;
  const doc = win.document;
  const url = new URL(win.location.href);
  try {
    const { writes } = trackPageView({ url, referrer: doc.referrer, cookies: attributionCookies(win, consent()), now: Date.now() });
    keepAttribution(win, writes, url.hostname, consent());
  } catch (error) {
    // Cookies blocked: the page works on; the runtime tries again when it starts.
    console.error("Attribution could not be recorded", error);
  }
  const listener = (event: Event) => decorateOnActivation(event, win, consent);
  ACTIVATIONS.forEach((type) => doc.addEventListener(type, listener, true));
  win[EARLY_GLOBAL] = {
    href: url.href,
    stop: () => ACTIVATIONS.forEach((type) => doc.removeEventListener(type, listener, true)),
  };
}

/** For the runtime's first route: whether the early script already recorded the view of `href`. */
export function recordedEarly(win: Window, href: string): boolean {
  return win[EARLY_GLOBAL]?.href === href;
}

/** The runtime decorates every link from now on: the early activation listeners stop. */
export function stopEarly(win: Window): void {
  win[EARLY_GLOBAL]?.stop();
}

/** Hands the bootstrap's held tap or click (if any) to the handlers just installed. */
export function releaseHeldInput(win: Window): void {
  const release = win[RELEASE_GLOBAL];
  if (typeof release === "function") release();
}
