import { forwardRef } from "react";
import styled from "styled-components";
import { theme } from "../../theme/theme";
import { Icon } from "../ui/icon";
import { openSupportWidget, requestSupportWidget } from "../../browser/support-widget";
import { publicConfig } from "../../config/public";
import { appConsent } from "../../consent/app";

/** Where the launcher sits with no fixed bar shown (above the bar's height on wide screens). */
const BOTTOM = "84px";

/**
 * While the fixed call-to-action bar shows, it sets --fixed-bar-height on the launcher (fixed-bar.tsx) and the
 * launcher rises to keep a gap above it: on phones the bar wraps to two lines and would cover it.
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

/** The support-widget launcher (docs/product-rules.md#overview, #support-widget; docs/page-load.md#vendor-scheduling). */
export const SupportLauncher = forwardRef<HTMLAnchorElement, { href?: string; configured?: boolean }>(function SupportLauncher(
  { href = "/ask/#contact-us", configured = Boolean(publicConfig.scripts.ids["support-widget"]) },
  ref,
) {
  // A hover or focus only prepares the widget where its category is granted; a tap is a request for the
  // service, so it loads then whatever the choice (docs/product-rules.md#consent).
  const intent = configured ? () => appConsent(window).granted("preferences") && requestSupportWidget(window) : undefined;
  return (
    <Launcher
      ref={ref}
      href={href}
      aria-label="Help and support"
      data-support-launcher=""
      onPointerEnter={intent}
      onFocus={intent}
      onClick={(event) => {
        if (!configured) return;
        event.preventDefault();
        openSupportWidget(window);
      }}
    >
      <Icon name="message-circle-question" size={26} />
    </Launcher>
  );
});
