/**
 * What the page tells the visitor after a consent action (docs/product-rules.md#consent): a polite status region,
 * removed after a while. A notice due when the page reloads to stop a vendor (src/consent/runtime-consent.ts) is
 * kept in session storage for the next load (`nd_consent_notice`, a necessary key: the visitor asked for it).
 */
export const DO_NOT_SELL_DONE = "Done: we will not sell or share your personal information. Marketing cookies are off.";
export const NOTICE_KEY = "nd_consent_notice";
const SHOWN_MS = 8000;

/** Says `text` to the visitor and to screen readers. */
export function announce(doc: Document, text: string): void {
  const note = doc.createElement("p");
  note.setAttribute("role", "status");
  note.setAttribute("data-consent-note", "");
  note.textContent = text;
  doc.body.appendChild(note);
  setTimeout(() => note.remove(), SHOWN_MS);
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

/** Shows (once) a notice kept for this load. */
export function showKeptNotice(win: Window): void {
  const storage = session(win);
  const text = storage?.getItem(NOTICE_KEY);
  if (!text) return;
  storage?.removeItem(NOTICE_KEY);
  announce(win.document, text);
}
