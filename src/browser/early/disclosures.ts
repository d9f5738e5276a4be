/** The header's disclosures before the app hydrates (docs/page-load.md#the-first-second). */

/** The attribute on a disclosure button: which kind it is. */
export const DISCLOSURE_ATTR = "data-disclosure";
/** On the panel of an open disclosure (the header's CSS shows it). */
export const OPEN_ATTR = "data-open";
/** On the header bar once React owns its state. */
export const LIVE_ATTR = "data-live";
/** The kinds of disclosure the header renders. */
export type DisclosureKind = "menu" | "drawer";
/** Leaving the header closes its drawer after this long (the header's own close delay). */
export const HOVER_CLOSE_MS = 100;
/** A click this soon after hover opened a drawer confirms it rather than closing it (as the header does). */
export const HOVER_CONFIRM_MS = 400;
/** Wide screens with a mouse: hover opens drawers (the header's own media query). */
export const HOVER_QUERY = "(min-width: 1024px) and (hover: hover) and (pointer: fine)";

const BUTTON = `button[${DISCLOSURE_ATTR}][aria-controls]`;

const panelOf = (button: Element) => button.ownerDocument.getElementById(button.getAttribute("aria-controls") ?? "");
const isOpen = (button: Element) => button.getAttribute("aria-expanded") === "true";

/** Opens or closes one disclosure: the button's state, its panel's visibility, and (drawers) Tab into it. */
export function setDisclosure(button: Element, open: boolean): void {
  const panel = panelOf(button);
  button.setAttribute("aria-expanded", String(open));
  if (!panel) return;
  panel.toggleAttribute(OPEN_ATTR, open);
  if (button.getAttribute(DISCLOSURE_ATTR) === "drawer") panel.toggleAttribute("inert", !open);
}

const buttons = (root: ParentNode, kind: DisclosureKind) => Array.from(root.querySelectorAll(`button[${DISCLOSURE_ATTR}="${kind}"]`));

/** What the header finds on hydration: the menu's state and the open drawer's panel id, if any. */
export function readDisclosures(root: ParentNode): { menuOpen: boolean; openDrawer: string | null } {
  const menuOpen = buttons(root, "menu").some(isOpen);
  const drawer = buttons(root, "drawer").find(isOpen);
  return { menuOpen, openDrawer: drawer?.getAttribute("aria-controls") ?? null };
}

/** Installs the handlers on the document; returns a function that removes them. */
export function installDisclosures(doc: Document): () => void {
  const win = doc.defaultView;
  let closeTimer: ReturnType<typeof setTimeout> | undefined;
  let hovered: { button: Element; at: number } | undefined;
  const live = (element: Element) => !!element.closest(`[${LIVE_ATTR}]`);
  const header = (element: Element) => element.closest("header");
  const hoverScreen = () => !!win?.matchMedia?.(HOVER_QUERY).matches;
  const closeDrawers = (root: ParentNode, except?: Element) =>
    buttons(root, "drawer").forEach((button) => button !== except && isOpen(button) && setDisclosure(button, false));

  const onClick = (event: Event) => {
    const button = (event.target as Element | null)?.closest?.(BUTTON);
    if (!button || live(button)) return;
    event.stopPropagation();
    event.preventDefault();
    clearTimeout(closeTimer);
    const scope = header(button) ?? doc;
    // Event times, not handler times: on a busy main thread both events may wait, the visitor's intent did not.
    if (hovered?.button === button && isOpen(button) && event.timeStamp - hovered.at < HOVER_CONFIRM_MS) return;
    const open = !isOpen(button);
    if (button.getAttribute(DISCLOSURE_ATTR) === "menu") closeDrawers(scope);
    else closeDrawers(scope, button);
    setDisclosure(button, open);
  };
  const onOver = (event: Event) => {
    const target = event.target as Element | null;
    const bar = target?.closest?.("header");
    if (!bar || live(bar) || !hoverScreen()) return;
    clearTimeout(closeTimer);
    const button = target!.closest("li")?.querySelector(`button[${DISCLOSURE_ATTR}="drawer"]`);
    if (!button || isOpen(button)) return;
    closeDrawers(bar, button);
    setDisclosure(button, true);
    hovered = { button, at: event.timeStamp };
  };
  const onOut = (event: Event) => {
    const bar = (event.target as Element | null)?.closest?.("header");
    const to = (event as MouseEvent).relatedTarget as Node | null;
    if (!bar || live(bar) || !hoverScreen() || (to && bar.contains(to))) return;
    clearTimeout(closeTimer);
    closeTimer = setTimeout(() => !live(bar) && closeDrawers(bar), HOVER_CLOSE_MS);
  };
  const onKey = (event: Event) => {
    if ((event as KeyboardEvent).key !== "Escape") return;
    const open = [...buttons(doc, "drawer"), ...buttons(doc, "menu")].find((button) => isOpen(button) && !live(button));
    if (!open) return;
    setDisclosure(open, false);
    (open as HTMLElement).focus();
  };
  const listeners: Array<[string, (event: Event) => void]> = [
    ["click", onClick],
    ["mouseover", onOver],
    ["mouseout", onOut],
    ["keydown", onKey],
  ];
  listeners.forEach(([type, listener]) => doc.addEventListener(type, listener, true));
  return () => {
    clearTimeout(closeTimer);
    listeners.forEach(([type, listener]) => doc.removeEventListener(type, listener, true));
  };
}
