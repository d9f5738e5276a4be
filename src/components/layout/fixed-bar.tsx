import { useEffect, useRef, useState, type RefObject } from "react";
import styled from "styled-components";
import { theme } from "../../theme/theme";
import { Button } from "../ui/button";
import { Container } from "../ui/container";
import { BAR_COPY, DISMISSED_KEYS, decideBar, parseVisitorInfo, showPoint, withDemoFlag, type BarDecision } from "./fixed-bar-rules";
import type { FixedBarVariant } from "../../lib/layout-rules";

/** Local-storage entries we write expire after a year (docs/product-rules.md#browser-storage). */
const DISMISS_TTL_MS = 31_536_000_000;
export const VISITOR_INFO_KEY = "ziDetails";

const store = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null; // storage blocked: the bar simply never remembers a dismissal
  }
};
function isDismissed(key: string, now = Date.now()): boolean {
  const raw = store()?.getItem(key);
  if (!raw) return false;
  try {
    const entry = JSON.parse(raw);
    return entry && typeof entry === "object" && "expires" in entry ? entry.value === true && Number(entry.expires) > now : Boolean(entry);
  } catch {
    return false;
  }
}
function dismiss(key: string): void {
  try {
    store()?.setItem(key, JSON.stringify({ value: true, expires: Date.now() + DISMISS_TTL_MS }));
  } catch {
    /* quota or privacy mode: the bar still hides for this page */
  }
}

/** The variant visible when the previous page unmounted (docs/product-rules.md#layout-per-path: the demo bar stays on two paths). */
let shownOnPreviousPage: FixedBarVariant | null = null;

// Static: showing the bar toggles an attribute instead of adding a class, so no rule is inserted into the page's
// style sheet while the visitor scrolls (which would restyle every styled element).
const Bar = styled.aside`
  position: fixed;
  left: 0;
  right: 0;
  bottom: 0;
  z-index: 40;
  background: ${theme.colors.charcoal};
  color: ${theme.colors.white};
  box-shadow: 0 -8px 24px rgba(29, 35, 48, 0.18);
  transform: translateY(110%);
  visibility: hidden;
  transition:
    transform 0.3s ease,
    visibility 0s linear 0.3s;
  &[data-visible="true"] {
    transform: translateY(0);
    visibility: visible;
    transition:
      transform 0.3s ease,
      visibility 0s linear 0s;
  }
  @media (prefers-reduced-motion: reduce) {
    &,
    &[data-visible="true"] {
      transition: none;
    }
  }
`;
const Row = styled(Container)`
  display: flex;
  align-items: center;
  justify-content: center;
  flex-wrap: wrap;
  gap: ${theme.space.s} ${theme.space.l};
  padding-top: ${theme.space.s};
  padding-bottom: ${theme.space.s};
  padding-right: 56px;
  p {
    margin: 0;
    font-weight: ${theme.fontWeights.bold};
  }
`;
const Close = styled.button`
  position: absolute;
  right: ${theme.space.s};
  top: 50%;
  transform: translateY(-50%);
  width: 40px;
  height: 40px;
  border: 0;
  border-radius: ${theme.radii.pill};
  background: transparent;
  color: inherit;
  font-size: 24px;
  line-height: 1;
  cursor: pointer;
  &:hover {
    background: rgba(255, 255, 255, 0.12);
  }
`;

export interface FixedBarProps {
  pathname: string;
  urls: { signup: string; demo: string };
  /** An element fixed to the bottom corner (the support launcher) that must rise above the bar while it shows. */
  lift?: RefObject<HTMLElement | null>;
}

/**
 * The fixed call-to-action bar (docs/product-rules.md#layout-per-path, #fixed-bar, #fixed-bar-eligibility, #constants). Decided in the browser (it depends on local
 * storage), so the server renders nothing; it is fixed to the viewport, so it never shifts layout.
 */
export function FixedBar({ pathname, urls, lift }: FixedBarProps) {
  const [decision, setDecision] = useState<BarDecision | null>(null);
  const [visible, setVisible] = useState(false);
  const barRef = useRef<HTMLElement>(null);

  useEffect(() => {
    // Taken now, in this commit, before the effect below records this page's (not yet decided) bar.
    const previouslyShown = shownOnPreviousPage;
    shownOnPreviousPage = null;
    function decide(): () => void {
      const next = decideBar({
        pathname,
        search: window.location.search,
        dismissed: { demo: isDismissed(DISMISSED_KEYS.demo), trial: isDismissed(DISMISSED_KEYS.trial) },
        visitor: parseVisitorInfo(store()?.getItem(VISITOR_INFO_KEY)),
        previouslyShown,
      });
      setDecision(next);
      if (!next) return () => {};
      if (next.immediate) {
        setVisible(true);
        return () => {};
      }
      // docs/product-rules.md#fixed-bar: visible once scrolled to a third of the page height minus the viewport; then stop listening.
      const check = () => {
        if (window.scrollY < showPoint(document.documentElement.scrollHeight, window.innerHeight)) return false;
        setVisible(true);
        window.removeEventListener("scroll", onScroll);
        return true;
      };
      const onScroll = () => void check();
      if (!check()) window.addEventListener("scroll", onScroll, { passive: true });
      return () => window.removeEventListener("scroll", onScroll);
    }

    // Decided in a task of its own after hydration: the first read of local storage is a synchronous
    // round trip, and the bar shows no sooner than the visitor scrolls (docs/architecture.md#lighthouse-and-main-thread: TBT).
    let stopListening = () => {};
    const timer = setTimeout(() => (stopListening = decide()), 0);
    return () => {
      clearTimeout(timer);
      stopListening();
    };
  }, [pathname]);

  useEffect(() => {
    shownOnPreviousPage = visible && decision ? decision.variant : null;
    return () => {
      shownOnPreviousPage = visible && decision ? decision.variant : null;
    };
  }, [visible, decision]);

  // Neither may cover the other at any width: while shown, the bar tells the launcher its height (it wraps on
  // phones, and again when the viewport changes), and the launcher rises above it by a transform.
  useEffect(() => {
    const bar = barRef.current;
    const target = lift?.current;
    if (!visible || !bar || !target) return;
    const follow = () => target.style.setProperty("--fixed-bar-height", `${bar.offsetHeight}px`);
    follow();
    const observer = typeof ResizeObserver === "undefined" ? undefined : new ResizeObserver(follow);
    observer?.observe(bar);
    return () => {
      observer?.disconnect();
      target.style.removeProperty("--fixed-bar-height");
    };
  }, [visible, decision, lift]);

  if (!decision) return null;
  const { variant } = decision;
  const copy = BAR_COPY[variant];
  const close = () => {
    dismiss(DISMISSED_KEYS[variant]);
    setVisible(false);
  };
  return (
    <Bar ref={barRef} aria-label="Get started" data-fixed-bar={variant} data-visible={visible}>
      <Row>
        <p>{copy.text}</p>
        <Button href={variant === "demo" ? withDemoFlag(urls.demo) : urls.signup} size="S" onClick={close}>
          {copy.button}
        </Button>
        <Close type="button" aria-label="Dismiss" onClick={close}>
          ×
        </Close>
      </Row>
    </Bar>
  );
}
