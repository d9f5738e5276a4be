// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, createEvent, fireEvent, render, screen } from "@testing-library/react";
import { LONG_PRESS_MS, TAP_SLOP_PX, useTap } from "../../../src/hooks/use-tap";

afterEach(cleanup);

function Toggle({ onActivate }: { onActivate: (at: number) => void }) {
  return (
    <button type="button" {...useTap(onActivate)}>
      Menu
    </button>
  );
}

const setup = () => {
  const activate = vi.fn();
  render(<Toggle onActivate={activate} />);
  return { activate, button: screen.getByRole("button", { name: "Menu" }) };
};

const finger = (x: number, y: number, identifier = 0) => ({ identifier, clientX: x, clientY: y });

/** A touch event with its time and cancelability as the browser would give them. */
function touch(
  el: HTMLElement,
  type: "touchStart" | "touchEnd",
  {
    at,
    touches = [],
    changedTouches = [],
    cancelable = true,
  }: { at: number; touches?: object[]; changedTouches?: object[]; cancelable?: boolean },
) {
  const event = createEvent[type](el, { touches, changedTouches, cancelable, bubbles: true });
  Object.defineProperty(event, "timeStamp", { value: at });
  fireEvent(el, event);
  return event;
}

const tap = (el: HTMLElement, { from = finger(20, 20), to = finger(22, 21), at = 1000, held = 80, cancelable = true } = {}) => {
  touch(el, "touchStart", { at, touches: [from], changedTouches: [from] });
  return touch(el, "touchEnd", { at: at + held, changedTouches: [to], cancelable });
};

describe("useTap (docs/page-load.md#interaction-latency)", () => {
  it("answers a tap when the finger lifts, at the input's time, and cancels the click the browser would make of it", () => {
    const { activate, button } = setup();
    const end = tap(button, { at: 1000, held: 80 });
    expect(activate).toHaveBeenCalledExactlyOnceWith(1080);
    expect(end.defaultPrevented).toBe(true);
  });

  it("answers a click (mouse, keyboard, assistive technology) at the click's time", () => {
    const { activate, button } = setup();
    const click = createEvent.click(button);
    Object.defineProperty(click, "timeStamp", { value: 2500 });
    fireEvent(button, click);
    expect(activate).toHaveBeenCalledExactlyOnceWith(2500);
  });

  it.each([
    ["the finger moved past the slop", { to: finger(20 + TAP_SLOP_PX + 1, 20) }],
    ["the touch was held as a long press", { held: LONG_PRESS_MS }],
    ["the browser made touchend uncancelable (it scrolled)", { cancelable: false }],
  ])("leaves the touch to the browser when %s", (_, options) => {
    const { activate, button } = setup();
    const end = tap(button, options);
    expect(activate).not.toHaveBeenCalled();
    expect(end.defaultPrevented).toBe(false);
    // the browser's click, if it makes one, still answers
    fireEvent.click(button);
    expect(activate).toHaveBeenCalledOnce();
  });

  it("ignores a touch cancelled by the browser and a second finger", () => {
    const { activate, button } = setup();
    touch(button, "touchStart", { at: 10, touches: [finger(20, 20)], changedTouches: [finger(20, 20)] });
    fireEvent.touchCancel(button);
    expect(touch(button, "touchEnd", { at: 60, changedTouches: [finger(20, 20)] }).defaultPrevented).toBe(false);

    touch(button, "touchStart", { at: 100, touches: [finger(20, 20), finger(60, 20, 1)], changedTouches: [finger(60, 20, 1)] });
    const end = touch(button, "touchEnd", { at: 150, touches: [finger(60, 20, 1)], changedTouches: [finger(20, 20)] });
    expect(end.defaultPrevented).toBe(false);
    expect(activate).not.toHaveBeenCalled();
  });

  it("a touchend without its touchstart (the finger came down before hydration) is the browser's", () => {
    const { activate, button } = setup();
    const end = touch(button, "touchEnd", { at: 60, changedTouches: [finger(20, 20)] });
    expect(end.defaultPrevented).toBe(false);
    expect(activate).not.toHaveBeenCalled();
  });
});
