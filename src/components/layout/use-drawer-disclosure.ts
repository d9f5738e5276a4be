import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { DISCLOSURE_ATTR, HOVER_CLOSE_MS, HOVER_CONFIRM_MS, HOVER_QUERY, readDisclosures } from "../../browser/early/disclosures";
import { useIsomorphicLayoutEffect } from "../../hooks/use-isomorphic-layout-effect";

export interface DrawerDisclosureOptions {
  /** The header bar (what the early script may have opened is read from it on hydration). */
  barRef: RefObject<HTMLElement | null>;
  navRef: RefObject<HTMLElement | null>;
  toggleRef: RefObject<HTMLButtonElement | null>;
  /** Prefix of the drawers' panel ids (`{baseId}-{item id}`). */
  baseId: string;
  /** The first item with a drawer (opened with the menu on wide screens without touch). */
  firstDrawer: string | null;
  isDesktop: boolean;
  isWide: boolean;
  isTouch: boolean;
  /** The header slid away: no drawer shows. */
  hidden: boolean;
  /** A tap now may have landed on something that moved (useTapSettling). */
  settlingRef: RefObject<boolean>;
}

/**
 * The menu and its drawers as WAI-ARIA disclosures (docs/product-rules.md#menus-and-drawers): a click toggles,
 * hover opens on wide screens with a mouse and leaving the header closes after a delay, Escape closes the open
 * drawer then the menu (focus back to its button), a click outside closes the drawer, any link followed inside
 * closes both.
 */
export function useDrawerDisclosure(options: DrawerDisclosureOptions) {
  const { barRef, navRef, toggleRef, baseId, firstDrawer, isDesktop, isWide, isTouch, hidden, settlingRef } = options;
  const [menuOpen, setMenuOpen] = useState(false);
  const [openDrawer, setOpenDrawer] = useState<string | null>(null);
  const [live, setLive] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const hoverOpenedAt = useRef(0);

  // Media state lags a render behind on hydration: pointer decisions ask the media query at the event.
  const hoverScreen = () => (typeof window.matchMedia === "function" ? window.matchMedia(HOVER_QUERY).matches : isDesktop);

  useIsomorphicLayoutEffect(() => {
    if (!barRef.current) return;
    const found = readDisclosures(barRef.current);
    // A pointer that came to rest on an item while the early script was handing over gets its drawer too.
    const underPointer =
      !found.openDrawer && hoverScreen()
        ? barRef.current.querySelector(`li:hover > button[${DISCLOSURE_ATTR}="drawer"]`)?.getAttribute("aria-controls")
        : null;
    const drawer = found.openDrawer ?? underPointer;
    if (found.menuOpen) setMenuOpen(true);
    const prefix = `${baseId}-`;
    if (drawer?.startsWith(prefix)) setOpenDrawer(drawer.slice(prefix.length));
    setLive(true);
  }, [barRef, baseId]);

  const cancelClose = useCallback(() => clearTimeout(closeTimer.current), []);
  const closeAll = useCallback(() => {
    clearTimeout(closeTimer.current);
    setOpenDrawer(null);
    setMenuOpen(false);
  }, []);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  // On wide screens without touch, opening the menu opens the first drawer.
  useEffect(() => {
    if (menuOpen && isWide && !isTouch) setOpenDrawer((current) => current ?? firstDrawer);
  }, [menuOpen, isWide, isTouch, firstDrawer]);

  useEffect(() => {
    if (hidden) setOpenDrawer(null);
  }, [hidden]);

  useEffect(() => {
    if (!openDrawer && !menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      if (openDrawer) {
        navRef.current?.querySelector<HTMLButtonElement>(`[aria-controls="${baseId}-${openDrawer}"]`)?.focus();
        setOpenDrawer(null);
      } else {
        setMenuOpen(false);
        toggleRef.current?.focus();
      }
    };
    const onClick = (event: MouseEvent) => {
      if (settlingRef.current) return; // a tap on something that moved under the finger (useTapSettling)
      if (openDrawer && !navRef.current?.contains(event.target as Node) && !toggleRef.current?.contains(event.target as Node))
        setOpenDrawer(null);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("click", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("click", onClick);
    };
  }, [openDrawer, menuOpen, baseId, navRef, toggleRef, settlingRef]);

  /** A drawer button's click, at the event's time. */
  const onDrawerButton = (id: string, at: number) => {
    cancelClose();
    // A click right after hover opened the drawer confirms it rather than closing it again (event times: on a
    // busy main thread both events wait, the visitor's intent did not).
    if (hoverScreen() && openDrawer === id && at - hoverOpenedAt.current < HOVER_CONFIRM_MS) return;
    setOpenDrawer(openDrawer === id ? null : id);
  };
  const onHover = (id: string, at: number) => {
    if (!hoverScreen()) return;
    cancelClose();
    if (openDrawer !== id) hoverOpenedAt.current = at;
    setOpenDrawer(id);
  };
  const onLeaveHeader = () => {
    if (!hoverScreen()) return;
    cancelClose();
    closeTimer.current = setTimeout(() => setOpenDrawer(null), HOVER_CLOSE_MS);
  };
  // Focus leaving the navigation closes its drawer, so keyboard users never tab behind an open panel.
  const onNavBlur = (event: React.FocusEvent) => {
    if (!navRef.current?.contains(event.relatedTarget as Node | null)) setOpenDrawer(null);
  };
  // Any link followed inside the navigation closes the menu and the drawer.
  const onNavClick = (event: React.MouseEvent) => {
    if ((event.target as HTMLElement).closest("a")) closeAll();
  };
  const toggleMenu = () => {
    setMenuOpen((open) => !open);
    setOpenDrawer(null);
  };

  return { menuOpen, openDrawer, live, cancelClose, closeAll, onDrawerButton, onHover, onLeaveHeader, onNavBlur, onNavClick, toggleMenu };
}
