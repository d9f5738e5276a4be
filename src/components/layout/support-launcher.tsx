import { forwardRef } from "react";
import styled from "styled-components";
import { theme } from "../../theme/theme";
import { Icon } from "../ui/icon";

/** The support widget's global, when its script has loaded (wired by the browser runtime). */
type BeaconFn = (method: string, ...args: unknown[]) => void;

/** Where the launcher sits with no fixed bar shown (above the bar's height on wide screens). */
const BOTTOM = "84px";

/**
 * While the fixed call-to-action bar shows, it sets --fixed-bar-height on the launcher (fixed-bar.tsx) and the
 * launcher rises to keep a gap above it: on phones the bar wraps to two lines and would cover it. A translate,
 * not a change of its bottom offset: it moves nothing in the layout (CLS 0) and needs no layout pass.
 */
const Launcher = styled.a`
  position: fixed;
  right: ${theme.space.m};
  bottom: ${BOTTOM};
  z-index: 39;
  translate: 0 min(0px, calc(${BOTTOM} - ${theme.space.m} - var(--fixed-bar-height, 0px)));
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 52px;
  height: 52px;
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.cobalt};
  color: ${theme.colors.white};
  box-shadow: ${theme.shadows.card};
  transition:
    transform 0.15s ease,
    translate 0.3s ease;
  &:hover {
    transform: scale(1.06);
  }
  @media (prefers-reduced-motion: reduce) {
    transition: none;
  }
`;

/**
 * The support-widget launcher (docs/product-rules.md#overview, #support-widget). With the widget loaded it opens it in place; without it
 * (no script configured, blocked, or still loading) it is a plain link to the ask page, whose
 * #contact-us route opens the widget there or falls back to e-mail.
 */
export const SupportLauncher = forwardRef<HTMLAnchorElement, { href?: string }>(function SupportLauncher(
  { href = "/ask/#contact-us" },
  ref,
) {
  return (
    <Launcher
      ref={ref}
      href={href}
      aria-label="Help and support"
      data-support-launcher=""
      onClick={(event) => {
        const beacon = (window as unknown as { Beacon?: BeaconFn }).Beacon;
        if (typeof beacon !== "function") return;
        event.preventDefault();
        beacon("open");
      }}
    >
      <Icon name="message-circle-question" size={26} />
    </Launcher>
  );
});
