import { useCallback, useEffect, useId, useRef, useState } from "react";
import styled from "styled-components";
import { GatsbyImage, type IGatsbyImageData } from "gatsby-plugin-image";
import { Link } from "gatsby";
import { Logo } from "./logo";
import { Button } from "../ui/button";
import { Badge } from "../ui/badge";
import { SmartLink } from "../ui/smart-link";
import { Container } from "../ui/container";

type NavData = NonNullable<Queries.SiteDataQuery["navigation"]>;
type NavItem = NavData["navItems"][number];
type DrawerItem = NonNullable<NavItem["columns"]>[number]["items"][number];

export interface HeaderProps {
  navigation: NavData | null | undefined;
  showLogin: boolean;
  isStatic: boolean;
  urls: { signup: string; demo: string; login: string };
}

const Bar = styled.header<{ $static: boolean }>`
  position: ${({ $static }) => ($static ? "relative" : "sticky")};
  top: 0;
  z-index: 50;
  background: ${({ theme }) => theme.colors.white};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;
const Inner = styled(Container)`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.l};
  min-height: ${({ theme }) => theme.layout.headerHeight};
`;
const HomeLink = styled(Link)`
  color: ${({ theme }) => theme.colors.charcoal};
  display: inline-flex;
`;
const Nav = styled.nav<{ $open: boolean }>`
  flex: 1;
  display: ${({ $open }) => ($open ? "block" : "none")};
  position: absolute;
  top: 100%;
  left: 0;
  right: 0;
  background: ${({ theme }) => theme.colors.white};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  ${({ theme }) => theme.media.l} {
    display: block;
    position: static;
    border: 0;
  }
`;
const NavList = styled.ul`
  list-style: none;
  margin: 0;
  padding: ${({ theme }) => theme.space.m};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  ${({ theme }) => theme.media.l} {
    flex-direction: row;
    padding: 0;
    align-items: center;
  }
`;
const NavButton = styled.button`
  font: inherit;
  font-weight: 600;
  background: none;
  border: 0;
  padding: 8px 12px;
  border-radius: ${({ theme }) => theme.radii.s};
  color: ${({ theme }) => theme.colors.charcoal};
  cursor: pointer;
  &:hover,
  &[aria-expanded="true"] {
    background: ${({ theme }) => theme.colors.surface};
  }
  &::after {
    content: "";
    display: inline-block;
    margin-left: 6px;
    border: 4px solid transparent;
    border-top-color: currentColor;
    vertical-align: 1px;
  }
`;
const NavLink = styled(SmartLink)`
  display: inline-block;
  font-weight: 600;
  padding: 8px 12px;
  color: ${({ theme }) => theme.colors.charcoal};
  text-decoration: none;
  border-radius: ${({ theme }) => theme.radii.s};
  &:hover {
    background: ${({ theme }) => theme.colors.surface};
  }
`;
const Drawer = styled.div`
  ${({ theme }) => theme.media.l} {
    position: absolute;
    left: 0;
    right: 0;
    top: 100%;
    background: ${({ theme }) => theme.colors.white};
    box-shadow: ${({ theme }) => theme.shadows.raised};
    border-top: 1px solid ${({ theme }) => theme.colors.border};
    animation: fade 0.15s ease;
  }
  @keyframes fade {
    from {
      opacity: 0;
    }
    to {
      opacity: 1;
    }
  }
`;
const DrawerGrid = styled(Container)`
  display: grid;
  gap: ${({ theme }) => theme.space.l};
  padding-top: ${({ theme }) => theme.space.l};
  padding-bottom: ${({ theme }) => theme.space.l};
  ${({ theme }) => theme.media.l} {
    grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  }
`;
const CardLink = styled(SmartLink)<{ $tone?: string | null }>`
  display: block;
  padding: ${({ theme }) => theme.space.m};
  border-radius: ${({ theme }) => theme.radii.m};
  text-decoration: none;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme, $tone }) =>
    $tone?.startsWith("ORANGE") ? theme.colors.orangeTint : $tone?.startsWith("PURPLE") ? theme.colors.purpleTint : theme.colors.surface};
  &:hover {
    outline: 2px solid ${({ theme }) => theme.colors.cobalt};
  }
  strong {
    display: block;
    margin-bottom: 4px;
  }
  p {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.s};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;
const List = styled.ul`
  list-style: none;
  padding: 0;
  margin: 0;
  li a,
  li span {
    display: flex;
    gap: 8px;
    align-items: center;
    padding: 6px 0;
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
  }
  li a:hover {
    color: ${({ theme }) => theme.colors.cobaltDark};
  }
`;
const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.s};
  margin-left: auto;
`;
const MenuToggle = styled.button`
  font: inherit;
  font-weight: 600;
  background: none;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.s};
  padding: 8px 12px;
  ${({ theme }) => theme.media.l} {
    display: none;
  }
`;
const MobileOnly = styled.li`
  ${({ theme }) => theme.media.m} {
    display: none;
  }
`;
const HideSmall = styled.span`
  display: none;
  ${({ theme }) => theme.media.m} {
    display: inline-flex;
  }
`;

function DrawerEntry({ item }: { item: DrawerItem }) {
  if (item.layout === "LIST") {
    return (
      <div>
        <strong>{item.title}</strong>
        <List>
          {item.items?.map((entry) => (
            <li key={entry.title}>
              <SmartLink href={entry.url}>
                {entry.title}{" "}
                {entry.isNew && (
                  <Badge $size="XS" $color="green">
                    NEW
                  </Badge>
                )}
              </SmartLink>
            </li>
          ))}
        </List>
      </div>
    );
  }
  // SPEC 5.1: cards render only with both title and url.
  if (!item.title || !item.url) return null;
  const image = item.image?.gatsbyImageData as IGatsbyImageData | null | undefined;
  return (
    <CardLink href={item.url} $tone={item.color}>
      {image && item.layout === "FEATURED_CARD" && <GatsbyImage image={image} alt={item.image?.alt ?? ""} />}
      <strong>
        {item.title}{" "}
        {item.isNew && (
          <Badge $size="XS" $color="green">
            NEW
          </Badge>
        )}
      </strong>
      {item.text && <p>{item.text}</p>}
    </CardLink>
  );
}

/** The site header: navigation from data (SPEC 3.1, 2.5). Renders nothing without navigation data. */
export function Header({ navigation, showLogin, isStatic, urls }: HeaderProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [openDrawer, setOpenDrawer] = useState<string | null>(null);
  const navRef = useRef<HTMLElement>(null);
  const baseId = useId();

  const close = useCallback(() => setOpenDrawer(null), []);
  useEffect(() => {
    if (!openDrawer) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      const button = navRef.current?.querySelector<HTMLButtonElement>(`[aria-controls="${baseId}-${openDrawer}"]`);
      setOpenDrawer(null);
      button?.focus();
    };
    const onClick = (event: MouseEvent) => {
      if (!navRef.current?.contains(event.target as Node)) setOpenDrawer(null);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("click", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("click", onClick);
    };
  }, [openDrawer, baseId]);

  if (!navigation?.navItems?.length) return null;
  // SPEC 2.2: the home page shows Login instead of Get a Demo.
  const secondary = showLogin ? (
    <Button href={urls.login} variant="outline" size="S">
      Login
    </Button>
  ) : (
    <Button href={urls.demo} variant="outline" size="S">
      Get a Demo
    </Button>
  );
  return (
    <Bar $static={isStatic}>
      <Inner>
        <HomeLink to="/" aria-label="Northdesk home">
          <Logo />
        </HomeLink>
        <Nav $open={menuOpen} ref={navRef} aria-label="Main" id={`${baseId}-menu`}>
          <NavList>
            {navigation.navItems.map((item) => {
              if (!item.columns?.length) {
                return (
                  <li key={item.id}>
                    <NavLink href={item.url} onClick={() => setMenuOpen(false)}>
                      {item.title}
                    </NavLink>
                  </li>
                );
              }
              const expanded = openDrawer === item.id;
              return (
                <li key={item.id}>
                  <NavButton
                    type="button"
                    aria-expanded={expanded}
                    aria-controls={`${baseId}-${item.id}`}
                    onClick={() => setOpenDrawer(expanded ? null : item.id)}
                  >
                    {item.title}
                  </NavButton>
                  <Drawer
                    id={`${baseId}-${item.id}`}
                    hidden={!expanded}
                    onClick={(e) => (e.target as HTMLElement).closest("a") && (close(), setMenuOpen(false))}
                  >
                    <DrawerGrid>
                      {item.columns.map((column, i) => (
                        <div key={i}>
                          {column.items.map((entry, j) => (
                            <DrawerEntry key={j} item={entry} />
                          ))}
                          {column.footer && (
                            <List>
                              {column.footer.title && (
                                <li>
                                  <strong>{column.footer.title}</strong>
                                </li>
                              )}
                              {column.footer.items?.map((entry) => (
                                <li key={entry.title}>
                                  <SmartLink href={entry.url}>{entry.title}</SmartLink>
                                </li>
                              ))}
                              {column.footer.url && column.footer.text && (
                                <li>
                                  <SmartLink href={column.footer.url}>{column.footer.text}</SmartLink>
                                </li>
                              )}
                            </List>
                          )}
                        </div>
                      ))}
                    </DrawerGrid>
                  </Drawer>
                </li>
              );
            })}
            <MobileOnly>{secondary}</MobileOnly>
          </NavList>
        </Nav>
        <Actions>
          <HideSmall>{secondary}</HideSmall>
          <Button href={urls.signup} size="S">
            Sign Up Free
          </Button>
          <MenuToggle type="button" aria-expanded={menuOpen} aria-controls={`${baseId}-menu`} onClick={() => setMenuOpen((o) => !o)}>
            Menu
          </MenuToggle>
        </Actions>
      </Inner>
    </Bar>
  );
}
