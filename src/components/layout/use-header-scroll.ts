import { useEffect, useState } from "react";
import { initialHeaderScroll, nextHeaderScroll, type HeaderState } from "./header-scroll";

/**
 * Runs the header scroll state machine (src/components/layout/header-scroll.ts) on real scroll events, at most
 * once per animation frame. Server render and first paint are UNINITIALIZED.
 */
export function useHeaderScroll(isStatic: boolean): HeaderState {
  const [state, setState] = useState<HeaderState>("UNINITIALIZED");
  useEffect(() => {
    let machine = initialHeaderScroll;
    let frame = 0;
    const read = () => {
      frame = 0;
      machine = nextHeaderScroll(
        machine,
        { y: window.scrollY, viewportHeight: window.innerHeight, documentHeight: document.documentElement.scrollHeight },
        isStatic,
      );
      setState(machine.state);
    };
    const onScroll = () => {
      if (!frame) frame = window.requestAnimationFrame(read);
    };
    read();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [isStatic]);
  return state;
}
