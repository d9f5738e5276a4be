/** The header's styles (src/components/layout/header.tsx). Open states are attributes, not props: the early script
 * opens the menu and drawers before React hydrates (src/browser/early/disclosures.ts). */
import styled from "styled-components";
import { theme } from "../../theme/theme";
import { SiteLink } from "../ui/site-link";
import { ContentLink } from "../ui/content-link";
import { Container } from "../ui/container";
import { IconGlyph } from "../ui/icon";
import { HOVER_QUERY, OPEN_ATTR } from "../../browser/early/disclosures";

const desktop = `@media ${HOVER_QUERY}`;

export const Bar = styled.header<{ $static: boolean; $hidden: boolean }>`
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
export const Inner = styled(Container)`
  display: flex;
  align-items: center;
  gap: ${theme.space.s};
  ${theme.media.m} {
    gap: ${theme.space.l};
  }
  min-height: ${theme.layout.headerHeight};
`;
export const HomeLink = styled(SiteLink)`
  color: ${theme.colors.charcoal};
  display: inline-flex;
`;
export const Nav = styled.nav`
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
export const NavList = styled.ul`
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
export const NavButton = styled.button`
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
export const NavLink = styled(ContentLink)`
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
export const Drawer = styled.div`
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
  /* Phone menu: a closed drawer's contents are neither styled nor laid out, and their icons are not fetched,
     so opening the menu costs its top row only (docs/page-load.md#interaction-latency). A closing one stays
     rendered until its height has animated away (a discrete transition on the element itself). */
  &:not([${OPEN_ATTR}]) > div {
    content-visibility: hidden;
    transition: content-visibility 0s linear 0.25s;
    transition-behavior: allow-discrete;
  }
  /* A closed drawer's icons are fetched once the page is live, not beside the first paint's files
     (docs/page-load.md#closed-drawers-icons); one opened before that gets them at once. */
  html:not([data-hydrated]) &:not([${OPEN_ATTR}]) ${IconGlyph} {
    -webkit-mask-image: none;
    mask-image: none;
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
    /* Desktop: closed panels stay rendered, so a hover opens one at once with its icons already there. */
    &:not([${OPEN_ATTR}]) > div {
      content-visibility: visible;
    }
  }
  @media (prefers-reduced-motion: reduce) {
    transition: none;
    &:not([${OPEN_ATTR}]) > div {
      transition: none;
    }
  }
`;
export const DrawerInner = styled(Container)`
  padding-top: ${theme.space.m};
  padding-bottom: ${theme.space.m};
  ${desktop} {
    padding-top: ${theme.space.xl};
    padding-bottom: ${theme.space.xl};
  }
`;
export const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: ${theme.space.s};
  margin-left: auto;
`;
export const MenuToggle = styled.button`
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
export const Burger = styled.span`
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
export const ToggleLabel = styled.span`
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
export const Overlay = styled.div`
  position: fixed;
  inset: 0;
  z-index: 49;
  background: rgba(29, 35, 48, 0.4);
`;
export const MenuOnly = styled.li`
  padding-top: ${theme.space.s};
  ${theme.media.m} {
    display: none;
  }
`;
export const HideSmall = styled.span`
  display: none;
  ${theme.media.m} {
    display: inline-flex;
  }
`;
