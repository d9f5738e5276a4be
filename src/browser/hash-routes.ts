/**
 * Hash routes (docs/product-rules.md#hash-routes): #contact-us and #open-beacon open the support widget; any other hash
 * scrolls smoothly to the element with that id, 120 px below the top, and sets the URL hash.
 */
import { openSupportWidget, type SupportWidgetPage } from "./support-widget";

/** docs/product-rules.md#constants: space left above a scrolled-to element. */
export const SCROLL_OFFSET_PX = 120;

export type HashRoute = { kind: "support-widget"; page: SupportWidgetPage } | { kind: "scroll"; id: string };

const WIDGET_HASHES: Record<string, SupportWidgetPage> = { "contact-us": "ask", "open-beacon": "answers" };

/** What a location hash asks for; null for no hash. */
export function hashRoute(hash: string): HashRoute | null {
  const raw = hash.startsWith("#") ? hash.slice(1) : hash;
  if (raw === "") return null;
  let id = raw;
  try {
    id = decodeURIComponent(raw);
  } catch {
    // A malformed escape: use the hash as written.
  }
  const page = WIDGET_HASHES[id];
  return page ? { kind: "support-widget", page } : { kind: "scroll", id };
}

/** The scroll position that leaves `offset` px above an element whose viewport top is `elementTop`. */
export const scrollTop = (elementTop: number, scrollY: number, offset = SCROLL_OFFSET_PX) =>
  Math.max(0, Math.round(elementTop + scrollY - offset));

/** Acts on a hash. */
export function handleHash(win: Window, hash: string = win.location.hash): () => void {
  const route = hashRoute(hash);
  if (!route) return () => undefined;
  if (route.kind === "support-widget") return openSupportWidget(win, route.page);
  const element = win.document.getElementById(route.id);
  if (element) {
    win.scrollTo({ top: scrollTop(element.getBoundingClientRect().top, win.scrollY), behavior: "smooth" });
    if (win.location.hash !== hash) win.history.replaceState(win.history.state, "", hash.startsWith("#") ? hash : `#${hash}`);
  }
  return () => undefined;
}
