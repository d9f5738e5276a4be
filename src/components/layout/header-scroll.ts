/** The header's scroll state machine (docs/product-rules.md#header-states, #constants). */
export type HeaderState = "UNINITIALIZED" | "SHOWING" | "HIDING";

export const SHOW_AFTER_UP_PX = 100;
export const HIDE_AFTER_DOWN_PX = 200;

export interface ScrollSnapshot {
  y: number;
  viewportHeight: number;
  documentHeight: number;
}

export interface HeaderScrollState {
  state: HeaderState;
  /** Where the current run of scrolling in one direction began. */
  anchorY: number;
  lastY: number;
}

export const initialHeaderScroll: HeaderScrollState = { state: "UNINITIALIZED", anchorY: 0, lastY: 0 };

export function nextHeaderScroll(
  prev: HeaderScrollState,
  { y, viewportHeight, documentHeight }: ScrollSnapshot,
  isStatic = false,
): HeaderScrollState {
  const pastTrigger = y > viewportHeight / 2;
  if (isStatic) return { state: pastTrigger ? "HIDING" : "UNINITIALIZED", anchorY: y, lastY: y };
  if (!pastTrigger) return { state: "UNINITIALIZED", anchorY: y, lastY: y };

  const goingUp = y < prev.lastY;
  const wasGoingUp = prev.lastY < prev.anchorY;
  // A change of direction starts a new run from the turning point.
  const anchorY = goingUp === wasGoingUp && prev.state !== "UNINITIALIZED" ? prev.anchorY : prev.lastY;
  const atBottom = y + viewportHeight >= documentHeight - 1;

  let state: HeaderState = prev.state === "UNINITIALIZED" ? "HIDING" : prev.state;
  if (goingUp && anchorY - y >= SHOW_AFTER_UP_PX) state = "SHOWING";
  if (state === "SHOWING" && ((!goingUp && y - anchorY >= HIDE_AFTER_DOWN_PX) || atBottom)) state = "HIDING";
  return { state, anchorY, lastY: y };
}
