import styled from "styled-components";
import { theme } from "../../theme/theme";

/**
 * Hidden unless `<html data-consent="ask">` (set by the inline bootstrap before the body is parsed), so the
 * first paint of a visitor who must be asked shows it, with no script. See docs/page-load.md#the-first-window.
 * No blurred shadow: it is painted in the first contentful frame (docs/page-load.md#the-banner-in-the-first-frame).
 */
export const BannerRoot = styled.section`
  display: none;
  html[data-consent="ask"] & {
    display: block;
  }
  position: fixed;
  inset: auto 0 0;
  z-index: 41;
  padding: ${theme.space.s} ${theme.space.m};
  background: ${theme.colors.white};
  color: ${theme.colors.text};
  border-top: 1px solid ${theme.colors.border};
  font-size: ${theme.fontSizes.s};
  p {
    margin: 0 0 ${theme.space.s};
  }
  div {
    display: grid;
    grid-template-columns: repeat(3, minmax(0, 1fr));
    gap: ${theme.space.xs};
    max-width: 480px;
  }
  button {
    min-height: 44px;
    border: 0;
    border-radius: ${theme.radii.s};
    background: ${theme.colors.charcoal};
    color: ${theme.colors.white};
    font: inherit;
    font-weight: ${theme.fontWeights.bold};
  }
`;
