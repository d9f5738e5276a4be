import { useCallback, useEffect, useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import styled from "styled-components";
import { theme } from "../../theme/theme";
import { SiteLink } from "../ui/site-link";
import { Logo } from "./logo";
import { DrawerContent, type NavItem } from "./nav-drawer";
import { deferHydration } from "../../hydration";
import { ReservedText } from "../ui/reserve";

/** Drawer panels are server-rendered (crawlable links) and hydrated after the header bar itself. */
const DeferredDrawerContent = deferHydration(DrawerContent);
import { Button } from "../ui/button";
import { SmartLink } from "../ui/smart-link";
import { Container } from "../ui/container";
import { useHeaderScroll } from "../../hooks/use-header-scroll";
import { useMedia } from "../../hooks/use-media";
import { useIsomorphicLayoutEffect } from "../../hooks/use-isomorphic-layout-effect";
import { DISCLOSURE_ATTR, HOVER_CONFIRM_MS, LIVE_ATTR, OPEN_ATTR, readDisclosures } from "../../browser/early/disclosures";

type NavData = NonNullable<Queries.SiteDataQuery["navigation"]>;

export interface HeaderProps {
  navigation: NavData | null | undefined;
  /** Per top-level item id, every label personalization may give it (room is reserved for the widest). */
  labelAlternatives?: Readonly<Record<string, readonly string[]>>;
  showLogin: boolean;
  isStatic: boolean;
  urls: { signup: string; demo: string; login: string };
}

/** docs/product-rules.md#constants: leaving the header closes its drawer after 100 ms. */
export const CLOSE_DELAY_MS = 100;
/** Wide screens with a mouse get the inline navigation with hover drawers; everything else the menu toggle (docs/product-rules.md#menus-and-drawers). */
export const DESKTOP_QUERY = "(min-width: 1024px) and (hover: hover) and (pointer: fine)";
const WIDE_QUERY = "(min-width: 1024px)";
const TOUCH_QUERY = "(hover: none), (pointer: coarse)";
const desktop = `@media ${DESKTOP_QUERY}`;

const Bar = styled.header<{ $static: boolean; $hidden: boolean }>`
  position: ${({ $static }) => ($static ? "relative" : "sticky")};
  top: 0;
  z-index: 50;
  background: ${theme.colors.white};
  border-bottom: 1px solid ${theme.colors.border};
  transform: translateY(${({ $hidden }) => ($hidden ? "-100%" : "0")});
  transition: transform 0.25s ease;
  @media (prefers-reduced-motion: reduce) {
    transition: none;
  }
`;
const Inner = styled(Container)`
  display: flex;
  align-items: center;
  gap: ${theme.space.s};
  ${theme.media.m} {
    gap: ${theme.space.l};
  }
  min-height: ${theme.layout.headerHeight};
`;
const HomeLink = styled(SiteLink)`
  color: ${theme.colors.charcoal};
  display: inline-flex;
`;
// Open state is an attribute, not a class: the early script opens the menu before React hydrates (disclosures.ts).
const Nav = styled.nav`
  display: none;
  &[${OPEN_ATTR}] {
    display: block;
  }
  position: absolute;
  top: 100%;
  left: 0;
  right: 0;
  z-index: 2;
  max-height: calc(100vh - ${theme.layout.headerHeight});
  overflow-y: auto;
  background: ${theme.colors.white};
  border-bottom: 1px solid ${theme.colors.border};
  &[data-settling] li {
    pointer-events: none;
  }
  ${desktop} {
    display: block;
    position: static;
    max-height: none;
    overflow: visible;
    border: 0;
    background: none;
  }
`;
const NavList = styled.ul`
  list-style: none;
  margin: 0;
  padding: ${theme.space.m};
  display: flex;
  flex-direction: column;
  gap: ${theme.space.xxs};
  ${desktop} {
    flex-direction: row;
    padding: 0;
    align-items: center;
  }
`;
const navItemStyle = `
  font: inherit;
  font-weight: ${theme.fontWeights.bold};
  background: none;
  border: 0;
  padding: 10px 12px;
  cursor: pointer;
  text-decoration: none;
  display: flex;
  width: 100%;
  justify-content: space-between;
  align-items: center;
`;
const NavButton = styled.button`
  ${navItemStyle}
  border-radius: ${theme.radii.s};
  color: ${theme.colors.charcoal};
  &:hover,
  &[aria-expanded="true"] {
    background: ${theme.colors.surface};
  }
  &::after {
    content: "";
    margin-left: 6px;
    border: 4px solid transparent;
    border-top-color: currentColor;
    transform-origin: 50% 25%;
    transition: transform 0.2s ease;
  }
  &[aria-expanded="true"]::after {
    transform: rotate(180deg);
  }
  ${desktop} {
    width: auto;
  }
`;
const NavLink = styled(SmartLink)`
  ${navItemStyle}
  border-radius: ${theme.radii.s};
  color: ${theme.colors.charcoal};
  &:hover {
    background: ${theme.colors.surface};
  }
  ${desktop} {
    width: auto;
  }
`;
/** Mobile: height + opacity (grid rows 0fr → 1fr). Desktop: a fading panel under the header. */
const Drawer = styled.div`
  display: grid;
  grid-template-rows: 0fr;
  opacity: 0;
  visibility: hidden;
  transition:
    grid-template-rows 0.25s ease,
    opacity 0.25s ease,
    visibility 0s linear 0.25s;
  &[${OPEN_ATTR}] {
    grid-template-rows: 1fr;
    opacity: 1;
    visibility: visible;
    transition-delay: 0s;
  }
  > div {
    min-height: 0;
    overflow: hidden;
  }
  ${desktop} {
    display: block;
    position: absolute;
    left: 0;
    right: 0;
    top: 100%;
    background: ${theme.colors.white};
    box-shadow: ${theme.shadows.raised};
    border-top: 1px solid ${theme.colors.border};
    transition:
      opacity 0.15s ease,
      visibility 0s linear 0.15s;
    &[${OPEN_ATTR}] {
      transition-delay: 0s;
    }
  }
  @media (prefers-reduced-motion: reduce) {
    transition: none;
  }
`;
const DrawerInner = styled(Container)`
  padding-top: ${theme.space.m};
  padding-bottom: ${theme.space.m};
  ${desktop} {
    padding-top: ${theme.space.xl};
    padding-bottom: ${theme.space.xl};
  }
`;
const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: ${theme.space.s};
  margin-left: auto;
`;
const MenuToggle = styled.button`
  font: inherit;
  font-weight: ${theme.fontWeights.bold};
  display: inline-flex;
  align-items: center;
  gap: 8px;
  background: none;
  color: ${theme.colors.charcoal};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.s};
  padding: 0 12px;
  min-height: 40px;
  min-width: 40px;
  cursor: pointer;
  ${desktop} {
    display: none;
  }
`;
const Burger = styled.span`
  position: relative;
  width: 16px;
  height: 2px;
  background: currentColor;
  [aria-expanded="true"] > & {
    background: transparent;
  }
  &::before,
  &::after {
    content: "";
    position: absolute;
    left: 0;
    width: 16px;
    height: 2px;
    background: currentColor;
    transition: transform 0.2s ease;
  }
  &::before {
    transform: translateY(-5px);
  }
  &::after {
    transform: translateY(5px);
  }
  [aria-expanded="true"] > &::before {
    transform: translateY(0) rotate(45deg);
  }
  [aria-expanded="true"] > &::after {
    transform: translateY(0) rotate(-45deg);
  }
`;
/** The word "Menu" shows from 480 px; below, the icon carries the button's accessible name. */
const ToggleLabel = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
  ${theme.media.s} {
    position: static;
    width: auto;
    height: auto;
    clip-path: none;
  }
`;
const Overlay = styled.div`
  position: fixed;
  inset: 0;
  z-index: 49;
  background: rgba(29, 35, 48, 0.4);
`;
const MenuOnly = styled.li`
  padding-top: ${theme.space.s};
  ${theme.media.m} {
    display: none;
  }
`;
const HideSmall = styled.span`
  display: none;
  ${theme.media.m} {
    display: inline-flex;
  }
`;

/**
 * The site header (docs/product-rules.md#layout-per-path, #navigation-data, #header-states, #menus-and-drawers): navigation from data, mega-menu drawers as a WAI-ARIA
 * disclosure navigation, the scroll state machine. Renders nothing without navigation data.
 */
export function Header({ navigation, labelAlternatives = {}, showLogin, isStatic, urls }: HeaderProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [openDrawer, setOpenDrawer] = useState<string | null>(null);
  const navRef = useRef<HTMLElement>(null);
  const barRef = useRef<HTMLElement>(null);
  const [live, setLive] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const hoverOpenedAt = useRef(0);
  const baseId = useId().replace(/:/g, "");
  const scrollState = useHeaderScroll(isStatic);
  const isDesktop = useMedia(DESKTOP_QUERY);
  const isWide = useMedia(WIDE_QUERY);
  const isTouch = useMedia(TOUCH_QUERY);
  const items = navigation?.navItems ?? [];
  const firstDrawer = items.find((item) => item.columns?.length)?.id ?? null;
  const hasItems = items.length > 0;

  // docs/product-rules.md#menus-and-drawers: a phone's drawer animates its height, so for a quarter of a second the items below it move, and
  // the menu grows or shrinks over the overlay. A tap aimed at an item would land on whatever slid under the
  // finger: another item, or the overlay, which closes the menu. While a drawer's height animates, the items
  // take no taps (they fall on the menu's background) and the overlay ignores them.
  const [settling, setSettling] = useState(false);
  const settlingRef = useRef(false);
  settlingRef.current = settling;
  useEffect(() => {
    const nav = navRef.current;
    setSettling(false);
    if (!nav || !menuOpen) return;
    const running = new Set<EventTarget>();
    const isDrawerHeight = (event: TransitionEvent) =>
      event.propertyName === "grid-template-rows" && (event.target as Element).hasAttribute("data-drawer");
    // transitionrun comes before the first frame that moves anything: the items stop taking taps in time
    const onRun = (event: TransitionEvent) => {
      if (!isDrawerHeight(event)) return;
      running.add(event.target!);
      flushSync(() => setSettling(true));
    };
    const onEnd = (event: TransitionEvent) => {
      if (!isDrawerHeight(event)) return;
      running.delete(event.target!);
      if (running.size === 0) setSettling(false);
    };
    nav.addEventListener("transitionrun", onRun);
    nav.addEventListener("transitionend", onEnd);
    nav.addEventListener("transitioncancel", onEnd);
    return () => {
      nav.removeEventListener("transitionrun", onRun);
      nav.removeEventListener("transitionend", onEnd);
      nav.removeEventListener("transitioncancel", onEnd);
    };
  }, [hasItems, menuOpen]);

  // Before hydration the early script may have opened the menu or a drawer (src/browser/early/disclosures.ts):
  // React starts from what the visitor sees, then owns the state (data-live tells the early script to stop).
  useIsomorphicLayoutEffect(() => {
    if (!barRef.current) return;
    const found = readDisclosures(barRef.current);
    if (found.menuOpen) setMenuOpen(true);
    const prefix = `${baseId}-`;
    if (found.openDrawer?.startsWith(prefix)) setOpenDrawer(found.openDrawer.slice(prefix.length));
    setLive(true);
  }, [baseId, hasItems]);

  const cancelClose = () => clearTimeout(closeTimer.current);
  const closeAll = useCallback(() => {
    clearTimeout(closeTimer.current);
    setOpenDrawer(null);
    setMenuOpen(false);
  }, []);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  // docs/product-rules.md#menus-and-drawers: on wide screens without touch, opening the menu opens the first drawer.
  useEffect(() => {
    if (menuOpen && isWide && !isTouch) setOpenDrawer((current) => current ?? firstDrawer);
  }, [menuOpen, isWide, isTouch, firstDrawer]);

  // A hidden header shows no drawer.
  useEffect(() => {
    if (scrollState === "HIDING") setOpenDrawer(null);
  }, [scrollState]);

  // Escape closes the open drawer (focus back to its button), then the menu (focus back to the toggle).
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
      if (settlingRef.current) return; // a tap on something that moved under the finger (see settling)
      if (openDrawer && !navRef.current?.contains(event.target as Node) && !toggleRef.current?.contains(event.target as Node))
        setOpenDrawer(null);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("click", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("click", onClick);
    };
  }, [openDrawer, menuOpen, baseId]);

  if (!items.length) return null;

  const onDrawerButton = (id: string, at: number) => {
    cancelClose();
    // A click right after hover opened the drawer confirms it rather than closing it again (event times: on a
    // busy main thread both events wait, the visitor's intent did not).
    if (isDesktop && openDrawer === id && at - hoverOpenedAt.current < HOVER_CONFIRM_MS) return;
    setOpenDrawer(openDrawer === id ? null : id);
  };
  const onHover = (id: string, at: number) => {
    if (!isDesktop) return;
    cancelClose();
    if (openDrawer !== id) hoverOpenedAt.current = at;
    setOpenDrawer(id);
  };
  const onLeaveHeader = () => {
    if (!isDesktop) return;
    cancelClose();
    closeTimer.current = setTimeout(() => setOpenDrawer(null), CLOSE_DELAY_MS);
  };
  // Focus leaving the navigation closes its drawer, so keyboard users never tab behind an open panel.
  const onNavBlur = (event: React.FocusEvent) => {
    if (!navRef.current?.contains(event.relatedTarget as Node | null)) setOpenDrawer(null);
  };
  // Any link followed inside the navigation closes the menu and the drawer (docs/product-rules.md#menus-and-drawers).
  const onNavClick = (event: React.MouseEvent) => {
    if ((event.target as HTMLElement).closest("a")) closeAll();
  };

  // docs/product-rules.md#layout-per-path: the home page shows Login instead of Get a Demo.
  const secondary = showLogin ? (
    <Button href={urls.login} variant="outline" size="S" data-nav="login">
      Login
    </Button>
  ) : (
    <Button href={urls.demo} variant="outline" size="S" data-nav="demo">
      Get a Demo
    </Button>
  );
  const hidden = !isStatic && scrollState === "HIDING";
  // The overlay is the header's sibling: the header's transform would make it the overlay's containing block.
  return (
    <>
      {menuOpen && !isDesktop && (
        <Overlay
          data-testid="menu-overlay"
          aria-hidden="true"
          data-settling={settling || undefined}
          onClick={settling ? undefined : closeAll}
        />
      )}
      <Bar
        ref={barRef}
        $static={isStatic}
        $hidden={hidden}
        data-scroll-state={scrollState}
        {...{ [LIVE_ATTR]: live || undefined }}
        onMouseEnter={cancelClose}
        onMouseLeave={onLeaveHeader}
      >
        <Inner>
          <HomeLink to="/" aria-label="Northdesk home">
            <Logo />
          </HomeLink>
          <Nav
            {...{ [OPEN_ATTR]: menuOpen || undefined }}
            ref={navRef}
            aria-label="Main"
            id={`${baseId}-menu`}
            data-settling={settling || undefined}
            onClick={onNavClick}
            onBlur={onNavBlur}
          >
            <NavList>
              {items.map((item: NavItem) => {
                if (!item.columns?.length) {
                  if (!item.url) return null;
                  return (
                    <li key={item.id}>
                      <NavLink href={item.url}>
                        <ReservedText text={item.title} alternatives={labelAlternatives[item.id]} />
                      </NavLink>
                    </li>
                  );
                }
                const expanded = openDrawer === item.id;
                return (
                  <li key={item.id} onMouseEnter={(event) => onHover(item.id, event.timeStamp)}>
                    <NavButton
                      type="button"
                      {...{ [DISCLOSURE_ATTR]: "drawer" }}
                      aria-expanded={expanded}
                      aria-controls={`${baseId}-${item.id}`}
                      onClick={(event) => onDrawerButton(item.id, event.timeStamp)}
                    >
                      <ReservedText text={item.title} alternatives={labelAlternatives[item.id]} />
                    </NavButton>
                    <Drawer
                      id={`${baseId}-${item.id}`}
                      {...{ [OPEN_ATTR]: expanded || undefined }}
                      data-drawer={item.id}
                      // A closing drawer stays visible while it fades; inert keeps Tab out of it at once.
                      {...(expanded ? {} : { inert: "" })}
                    >
                      <div>
                        <DrawerInner>
                          <DeferredDrawerContent item={item} />
                        </DrawerInner>
                      </div>
                    </Drawer>
                  </li>
                );
              })}
              <MenuOnly>{secondary}</MenuOnly>
            </NavList>
          </Nav>
          <Actions>
            <HideSmall>{secondary}</HideSmall>
            <Button href={urls.signup} size="S" data-nav="signup">
              Sign Up Free
            </Button>
            <MenuToggle
              ref={toggleRef}
              type="button"
              {...{ [DISCLOSURE_ATTR]: "menu" }}
              aria-expanded={menuOpen}
              aria-controls={`${baseId}-menu`}
              onClick={() => {
                setMenuOpen((open) => !open);
                setOpenDrawer(null);
              }}
            >
              <Burger aria-hidden="true" />
              <ToggleLabel>Menu</ToggleLabel>
            </MenuToggle>
          </Actions>
        </Inner>
      </Bar>
    </>
  );
}
