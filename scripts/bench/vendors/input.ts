/**
 * Real input for `npm run bench -- --vendors` (docs/page-load.md#vendors-at-their-weight-npm-run-bench------vendors):
 * the controls measured, and raw CDP input sent at a scheduled moment. Never Playwright's actions: they wait
 * for the element to be stable and the page to answer, i.e. for the main thread, which hides the very input
 * delay measured here. A CDP input event is stamped with the moment it was meant for (`timestamp`), so a
 * command that the browser queues behind an earlier one still reaches the page as an input of that moment.
 */
import type { CDPSession } from "@playwright/test";

export type Viewport = "phone" | "desktop";

export const VIEWPORTS: Record<Viewport, { width: number; height: number; hasTouch: boolean; isMobile: boolean }> = {
  phone: { width: 375, height: 812, hasTouch: true, isMobile: true },
  desktop: { width: 1440, height: 900, hasTouch: false, isMobile: false },
};

export interface Control {
  name: string;
  path: string;
  viewport: Viewport;
  /** tap: a touch tap; click: mouse over, press, release; type: one key into the focused field. */
  kind: "tap" | "click" | "type";
  selector: string;
  /** For `type`: the key typed. */
  key?: string;
}

/** The controls (issue 45): the header's disclosures before and after hydration, and typing into the two forms. */
export const CONTROLS: readonly Control[] = [
  { name: "phone menu", path: "/", viewport: "phone", kind: "tap", selector: 'button[data-disclosure="menu"]' },
  { name: "phone menu", path: "/pricing/", viewport: "phone", kind: "tap", selector: 'button[data-disclosure="menu"]' },
  { name: "mega-menu drawer (1440 px)", path: "/", viewport: "desktop", kind: "click", selector: 'button[data-disclosure="drawer"]' },
  // The volume field: selected on focus, so the digits replace "3,000" and stay in range (at most 1,000,000).
  {
    name: "calculator digit",
    path: "/help-desk-staffing-calculator/",
    viewport: "phone",
    kind: "type",
    selector: "#staffing-email-volume",
    key: "5",
  },
  {
    name: "lead-form character",
    path: "/lp/get-a-demo/",
    viewport: "phone",
    kind: "type",
    selector: 'form[data-form-id] input[name="firstname"]',
    key: "a",
  },
];

export interface Point {
  x: number;
  y: number;
}

/** CDP's timestamps are seconds since the epoch. */
const seconds = (epochMs: number) => epochMs / 1000;

/** Finger down and up 60 ms apart, as a quick tap; the two commands are not awaited in between. */
const TAP_HOLD_MS = 60;
/** A key held 40 ms. */
const KEY_HOLD_MS = 40;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Phone taps go through the browser's own touch emulator (DevTools' device mode): it turns a mouse press and
 * release into touch events and runs them through the browser's gesture detector, as a finger on a phone is
 * (touchstart and touchend first, the tap's click as a second input once the page has answered touchend).
 * `Input.dispatchTouchEvent` does not: Chromium 150 holds such a touch until the page's main thread has run
 * every task it has queued, so a tap during a vendor's four chained tasks waited for all four (712–830 ms for
 * a tap into a 4 × 232 ms chain, against 248–368 ms through the emulator; docs/measurements/2026-11-29-taps.md).
 * Call once per page session, before its first tap.
 */
export async function emulateTouch(cdp: CDPSession): Promise<void> {
  await cdp.send("Emulation.setEmitTouchEventsForMouse", { enabled: true, configuration: "mobile" });
}

/**
 * A finger's tap at `at`, pressed at `epochMs` and lifted TAP_HOLD_MS later, through the touch emulator (enabled
 * by emulateTouch). Resolves once both commands are sent: the emulator never answers a mouse command it turned
 * into touch.
 */
export async function emulatedTap(cdp: CDPSession, at: Point, epochMs: number): Promise<void> {
  const finger = { x: at.x, y: at.y, button: "left" as const, clickCount: 1 };
  const unanswered = (command: Promise<unknown>) => void command.catch(() => {});
  unanswered(cdp.send("Input.dispatchMouseEvent", { type: "mousePressed", ...finger, buttons: 1, timestamp: seconds(epochMs) }));
  await sleep(TAP_HOLD_MS);
  unanswered(
    cdp.send("Input.dispatchMouseEvent", { type: "mouseReleased", ...finger, buttons: 0, timestamp: seconds(epochMs + TAP_HOLD_MS) }),
  );
}

/**
 * Sends the control's input at `epochMs` (now, as the caller schedules it); resolves once the browser has
 * taken every command (for a tap: once both are sent, as the emulator never answers a mouse command it turned
 * into touch). The commands are sent without waiting for the page: the promise is only awaited later.
 */
export async function dispatchInput(cdp: CDPSession, control: Control, at: Point | undefined, epochMs: number): Promise<void> {
  const sent: Promise<unknown>[] = [];
  if (control.kind === "tap") {
    if (!at) throw new Error(`no coordinates for ${control.name}`);
    await emulatedTap(cdp, at, epochMs);
  } else if (control.kind === "click") {
    if (!at) throw new Error(`no coordinates for ${control.name}`);
    const mouse = { x: at.x, y: at.y, button: "left" as const, clickCount: 1 };
    sent.push(cdp.send("Input.dispatchMouseEvent", { type: "mouseMoved", x: at.x, y: at.y, timestamp: seconds(epochMs - 1) }));
    sent.push(cdp.send("Input.dispatchMouseEvent", { type: "mousePressed", ...mouse, buttons: 1, timestamp: seconds(epochMs) }));
    await sleep(TAP_HOLD_MS);
    sent.push(
      cdp.send("Input.dispatchMouseEvent", { type: "mouseReleased", ...mouse, buttons: 0, timestamp: seconds(epochMs + TAP_HOLD_MS) }),
    );
  } else {
    const key = control.key ?? "a";
    const code = /^\d$/.test(key) ? `Digit${key}` : `Key${key.toUpperCase()}`;
    const keyCode = key.toUpperCase().charCodeAt(0);
    const base = { key, code, windowsVirtualKeyCode: keyCode, nativeVirtualKeyCode: keyCode };
    sent.push(
      cdp.send("Input.dispatchKeyEvent", { type: "keyDown", ...base, text: key, unmodifiedText: key, timestamp: seconds(epochMs) }),
    );
    await sleep(KEY_HOLD_MS);
    sent.push(cdp.send("Input.dispatchKeyEvent", { type: "keyUp", ...base, timestamp: seconds(epochMs + KEY_HOLD_MS) }));
  }
  await Promise.all(sent);
}

/** Moves the mouse away from the header (a desktop visitor's pointer is elsewhere before they reach for a drawer). */
export async function moveAway(cdp: CDPSession, epochMs: number): Promise<void> {
  await cdp.send("Input.dispatchMouseEvent", { type: "mouseMoved", x: 700, y: 600, timestamp: seconds(epochMs) });
}
