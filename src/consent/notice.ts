/**
 * What the page tells the visitor after a consent action or signal (docs/product-rules.md#consent-over-time):
 * a status message in view at the foot of the window, announced politely to screen readers, kept until
 * dismissed.
 */
import { colors, radii, shadows } from "../lib/design-tokens";
import type { ConsentState } from "../lib/consent-model";

export const DO_NOT_SELL_DONE = "Done: we will not sell or share your personal information. Marketing cookies are off.";
export const GPC_HONOURED =
  "Your browser's Global Privacy Control signal is on: we do not sell or share your personal information, and marketing cookies stay off.";
export const NOTICE_KEY = "nd_consent_notice";
export const NOTE_ATTR = "data-consent-note";

/**
 * Says `text` in a status message: its region is in the page before the text is set, so screen readers
 * announce it; a new notice replaces the one showing.
 */
export function announce(doc: Document, text: string, onDismiss?: () => void): HTMLElement {
  doc.querySelector(`[${NOTE_ATTR}]`)?.remove();
  const note = doc.createElement("div");
  note.setAttribute("role", "status");
  note.setAttribute(NOTE_ATTR, "");
  Object.assign(note.style, {
    position: "fixed",
    // Clear of the support launcher at the bottom right (src/components/layout/support-launcher.tsx).
    left: "16px",
    right: "88px",
    bottom: "16px",
    zIndex: "2147483000",
    maxWidth: "560px",
    margin: "0 auto",
    display: "flex",
    gap: "12px",
    alignItems: "flex-start",
    padding: "14px 16px",
    borderRadius: radii.m,
    boxShadow: shadows.raised,
    background: colors.charcoal,
    color: colors.white,
    fontSize: "15px",
    lineHeight: "1.5",
  });
  const message = doc.createElement("p");
  message.style.margin = "0";
  message.style.flex = "1";
  const dismiss = doc.createElement("button");
  dismiss.type = "button";
  dismiss.textContent = "Dismiss";
  Object.assign(dismiss.style, {
    font: "inherit",
    fontWeight: "700",
    color: colors.charcoal,
    background: colors.white,
    border: "0",
    borderRadius: radii.s,
    padding: "6px 12px",
    minHeight: "32px",
    cursor: "pointer",
  });
  dismiss.addEventListener("click", () => {
    note.remove();
    onDismiss?.();
  });
  note.append(message, dismiss);
  doc.body.appendChild(note);
  // Set after the region is in the page: a live region's change is what is announced.
  setTimeout(() => (message.textContent = text), 50);
  return note;
}

const session = (win: Window): Storage | undefined => {
  try {
    return win.sessionStorage;
  } catch {
    return undefined;
  }
};

/** Keeps `text` for the page the reload brings. */
export function announceAfterReload(win: Window, text: string): void {
  try {
    session(win)?.setItem(NOTICE_KEY, text);
  } catch {
    // storage full or blocked: the choice holds; only the sentence is lost
  }
}

/** Where a dismissed GPC notice is remembered (local storage, necessary: it only stops the notice repeating). */
export const GPC_NOTICE_KEY = "nd_gpc_notice_dismissed";

/** Global Privacy Control refused `marketing` that the choice or the policy would otherwise grant. */
export const gpcRefusedMarketing = (state: ConsentState): boolean =>
  state.gpc && state.source.marketing === "gpc" && (state.record ? state.record.choices.marketing : state.policy === "opt-out");

/** Says so, on every page until the visitor dismisses it (then once more only after a new choice overridden by GPC). */
export function confirmGpc(win: Window, state: ConsentState, afterChoice = false): void {
  if (!gpcRefusedMarketing(state)) return;
  let storage: Storage | undefined;
  try {
    storage = win.localStorage;
    if (!afterChoice && storage.getItem(GPC_NOTICE_KEY)) return;
  } catch {
    // storage blocked: show it; the dismissal holds for this page only
  }
  announce(win.document, GPC_HONOURED, () => {
    try {
      storage?.setItem(GPC_NOTICE_KEY, "1");
    } catch {
      // as above
    }
  });
}

/** Shows (once) a notice kept for this load. */
export function showKeptNotice(win: Window): void {
  const storage = session(win);
  const text = storage?.getItem(NOTICE_KEY);
  if (!text) return;
  storage?.removeItem(NOTICE_KEY);
  announce(win.document, text);
}
