import { useEffect, useState, type RefObject } from "react";
import { flushSync } from "react-dom";

/** Taps held off while the phone menu's drawers animate (docs/product-rules.md#menus-and-drawers). */
export function useTapSettling(
  navRef: RefObject<HTMLElement | null>,
  settlingRef: { current: boolean },
  active: boolean,
  renderKey: unknown,
): boolean {
  const [settling, setSettling] = useState(false);
  settlingRef.current = settling;
  useEffect(() => {
    const nav = navRef.current;
    setSettling(false);
    if (!nav || !active) return;
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
  }, [navRef, active, renderKey]);
  return settling;
}
