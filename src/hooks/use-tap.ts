import { useRef, type MouseEvent, type TouchEvent } from "react";

/** How far a finger may move between touchstart and touchend and still tap (Chromium's touch slop is 8–15 px). */
export const TAP_SLOP_PX = 10;
/** A touch held this long is a long press, not a tap (Chromium's long-press timeout). */
export const LONG_PRESS_MS = 500;

interface TouchStartPoint {
  id: number;
  x: number;
  y: number;
  at: number;
}

export interface TapProps {
  onTouchStart: (event: TouchEvent) => void;
  onTouchEnd: (event: TouchEvent) => void;
  onTouchCancel: () => void;
  onClick: (event: MouseEvent) => void;
}

/**
 * A button that answers a phone tap when the finger lifts, not on the click the browser makes of it afterwards
 * (docs/page-load.md#interaction-latency).
 */
export function useTap(activate: (at: number) => void): TapProps {
  const start = useRef<TouchStartPoint | null>(null);
  return {
    onTouchStart(event) {
      const touch = event.touches.length === 1 ? event.touches[0] : undefined;
      start.current = touch ? { id: touch.identifier, x: touch.clientX, y: touch.clientY, at: event.timeStamp } : null;
    },
    onTouchEnd(event) {
      const from = start.current;
      start.current = null;
      if (!from || !event.cancelable || event.touches.length > 0) return;
      const touch = Array.from(event.changedTouches).find((t) => t.identifier === from.id);
      if (!touch || Math.hypot(touch.clientX - from.x, touch.clientY - from.y) > TAP_SLOP_PX) return;
      if (event.timeStamp - from.at >= LONG_PRESS_MS) return;
      event.preventDefault();
      activate(event.timeStamp);
    },
    onTouchCancel() {
      start.current = null;
    },
    onClick(event) {
      activate(event.timeStamp);
    },
  };
}
