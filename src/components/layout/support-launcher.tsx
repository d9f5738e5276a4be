import styled from "styled-components";
import { theme } from "../../theme/theme";
import { Icon } from "../ui/icon";

/** The support widget's global, when its script has loaded (wired by the browser runtime). */
type BeaconFn = (method: string, ...args: unknown[]) => void;

const Launcher = styled.a`
  position: fixed;
  right: ${theme.space.m};
  bottom: 84px;
  z-index: 39;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 52px;
  height: 52px;
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.cobalt};
  color: ${theme.colors.white};
  box-shadow: ${theme.shadows.card};
  transition: transform 0.15s ease;
  &:hover {
    transform: scale(1.06);
  }
`;

/**
 * The support-widget launcher (SPEC 1, 4.5). With the widget loaded it opens it in place; without it
 * (no script configured, blocked, or still loading) it is a plain link to the ask page, whose
 * #contact-us route opens the widget there or falls back to e-mail.
 */
export function SupportLauncher({ href = "/ask/#contact-us" }: { href?: string }) {
  return (
    <Launcher
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
}
