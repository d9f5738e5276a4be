import { useId, useRef } from "react";
import { Logo } from "./logo";
import type { NavItem as NavItemData } from "./nav-drawer";
import { NavItem } from "./nav-item";
import { Button } from "../ui/button";
import { useHeaderScroll } from "./use-header-scroll";
import { useMedia } from "../../hooks/use-media";
import { useTap } from "../../hooks/use-tap";
import { useTapSettling } from "./use-tap-settling";
import { useDrawerDisclosure } from "./use-drawer-disclosure";
import { DISCLOSURE_ATTR, HOVER_CLOSE_MS, HOVER_QUERY, LIVE_ATTR, OPEN_ATTR } from "../../browser/early/disclosures";
import {
  Actions,
  Bar,
  Burger,
  HideSmall,
  HomeLink,
  Inner,
  MenuOnly,
  MenuToggle,
  Nav,
  NavList,
  Overlay,
  ToggleLabel,
} from "./header.styles";

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
export const CLOSE_DELAY_MS = HOVER_CLOSE_MS;
/** Wide screens with a mouse get the inline navigation with hover drawers; everything else the menu toggle (docs/product-rules.md#menus-and-drawers). */
export const DESKTOP_QUERY = HOVER_QUERY;
const WIDE_QUERY = "(min-width: 1024px)";
const TOUCH_QUERY = "(hover: none), (pointer: coarse)";

/**
 * The site header (docs/product-rules.md#layout-per-path, #navigation-data, #header-states, #menus-and-drawers):
 * navigation from data, mega-menu drawers as a WAI-ARIA disclosure navigation (useDrawerDisclosure), the scroll
 * state machine (useHeaderScroll). Renders nothing without navigation data.
 */
export function Header({ navigation, labelAlternatives = {}, showLogin, isStatic, urls }: HeaderProps) {
  const navRef = useRef<HTMLElement>(null);
  const barRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const baseId = useId().replace(/:/g, "");
  const scrollState = useHeaderScroll(isStatic);
  const isDesktop = useMedia(DESKTOP_QUERY);
  const isWide = useMedia(WIDE_QUERY);
  const isTouch = useMedia(TOUCH_QUERY);
  const items: readonly NavItemData[] = navigation?.navItems ?? [];
  const firstDrawer = items.find((item) => item.columns?.length)?.id ?? null;
  const settlingRef = useRef(false);
  const disclosure = useDrawerDisclosure({
    barRef,
    navRef,
    toggleRef,
    baseId,
    firstDrawer,
    isDesktop,
    isWide,
    isTouch,
    hidden: scrollState === "HIDING",
    settlingRef,
  });
  const { menuOpen, openDrawer, live, closeAll } = disclosure;
  const settling = useTapSettling(navRef, settlingRef, menuOpen, items.length > 0);
  const menuTap = useTap(disclosure.toggleMenu);

  if (!items.length) return null;

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
        $hidden={!isStatic && scrollState === "HIDING"}
        data-scroll-state={scrollState}
        {...{ [LIVE_ATTR]: live || undefined }}
        onMouseEnter={disclosure.cancelClose}
        onMouseLeave={disclosure.onLeaveHeader}
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
            onClick={disclosure.onNavClick}
            onBlur={disclosure.onNavBlur}
          >
            <NavList>
              {items.map((item) => (
                <NavItem
                  key={item.id}
                  item={item}
                  labels={labelAlternatives[item.id]}
                  panelId={`${baseId}-${item.id}`}
                  expanded={openDrawer === item.id}
                  onHover={disclosure.onHover}
                  onToggle={disclosure.onDrawerButton}
                  entryId={navigation?.entryId}
                />
              ))}
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
              {...menuTap}
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
