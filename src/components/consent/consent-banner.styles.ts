import styled from "styled-components";
import { theme } from "../../theme/theme";

/**
 * Hidden unless `<html data-consent="ask">` (set by the inline bootstrap before the body is parsed), so the first
 * paint of a visitor who must be asked shows it, with no script. Fixed to the viewport: it moves nothing in the
 * layout (CLS 0). Above the fixed call-to-action bar (z-index 40) and the support launcher (39) while it shows, so
 * its own buttons can always be tapped; any of them (or Escape) takes it away and gives those back. On wide
 * screens it is a card in the bottom-left corner, clear of the launcher and the bar's close button.
 *
 * One class: the children are styled by element, so the HTML every page carries stays small.
 */
export const BannerRoot = styled.section`
  display: none;
  html[data-consent="ask"] & {
    display: block;
  }
  position: fixed;
  left: 0;
  right: 0;
  bottom: 0;
  z-index: 41;
  box-sizing: border-box;
  padding: ${theme.space.s} ${theme.space.m} calc(${theme.space.s} + env(safe-area-inset-bottom, 0px));
  background: ${theme.colors.white};
  color: ${theme.colors.text};
  border-top: 1px solid ${theme.colors.border};
  box-shadow: ${theme.shadows.raised};
  font-size: ${theme.fontSizes.s};
  line-height: 1.4;
  p {
    margin: 0 0 ${theme.space.s};
  }
  a {
    color: ${theme.colors.cobaltDark};
  }
  div {
    display: grid;
    grid-template-columns: repeat(3, minmax(0, 1fr));
    gap: ${theme.space.xs};
  }
  button {
    min-height: 44px;
    padding: 0 ${theme.space.xs};
    border: 0;
    border-radius: ${theme.radii.s};
    background: ${theme.colors.charcoal};
    color: ${theme.colors.white};
    font: inherit;
    font-weight: ${theme.fontWeights.bold};
    cursor: pointer;
  }
  button:hover {
    background: ${theme.colors.charcoalTint};
  }
  ${theme.media.m} {
    left: ${theme.space.m};
    right: auto;
    bottom: ${theme.space.m};
    max-width: 480px;
    padding: ${theme.space.m};
    border: 1px solid ${theme.colors.border};
    border-radius: ${theme.radii.l};
  }
`;
