// @vitest-environment jsdom
import React, { act } from "react";
import { renderToString } from "react-dom/server";
import { hydrateRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ThemeProvider } from "styled-components";
import { theme } from "../../../../src/theme/theme";
import { agentGuide, leadGuide } from "../../../fixtures/interview-data";

vi.mock("gatsby", async () => (await import("../../../fixtures/gatsby-mock")).gatsbyMock);
const { StaffingCalculator } = await import("../../../../src/components/tools/staffing-calculator");
const { InterviewBuilder } = await import("../../../../src/components/tools/interview-builder");

let root: Root | undefined;
const errors: unknown[] = [];

/** Server-renders `tree`, lets `typeEarly` change the DOM as a visitor would before the scripts ran, then hydrates. */
async function hydrateAfter(tree: React.ReactElement, typeEarly: (container: HTMLElement) => void) {
  const wrapped = <ThemeProvider theme={theme}>{tree}</ThemeProvider>;
  const container = document.createElement("div");
  container.innerHTML = renderToString(wrapped);
  document.body.append(container);
  typeEarly(container);
  await act(async () => {
    root = hydrateRoot(container, wrapped, { onRecoverableError: (error) => errors.push(error) });
  });
  return container;
}

/** What a visitor's typing does to a server-rendered control: its value changes, no React handler runs. */
function typeInto(input: HTMLInputElement, text: string) {
  input.value = text;
  input.dispatchEvent(new Event("input", { bubbles: true }));
}
function tick(box: HTMLInputElement, checked: boolean) {
  box.checked = checked;
  box.dispatchEvent(new Event("change", { bubbles: true }));
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = "";
  expect(errors.splice(0)).toEqual([]); // hydration matched: nothing was thrown away and rendered again
});

describe("the staffing calculator adopts input typed before hydration", () => {
  const calculator = () => {
    window.history.replaceState(null, "", "/help-desk-staffing-calculator/?utm_source=news");
    return <StaffingCalculator />;
  };
  const phoneAgents = (container: HTMLElement) => Number(container.querySelector('[data-testid="phone-agents"]')?.textContent);

  it("a value typed before hydration shows in the result after hydration, without retyping", async () => {
    const untouched = await hydrateAfter(calculator(), () => undefined);
    const defaultAgents = phoneAgents(untouched);
    act(() => root?.unmount());

    const container = await hydrateAfter(calculator(), (c) =>
      typeInto(c.querySelector<HTMLInputElement>("#staffing-phone-volume")!, "10,000"),
    );
    expect(container.querySelector<HTMLInputElement>("#staffing-phone-volume")!.value).toBe("10,000");
    expect(phoneAgents(container)).toBeGreaterThan(defaultAgents);
    // the state took it: it is in the shareable URL and remembered
    expect(new URLSearchParams(window.location.search).get("phone.volume")).toBe("10,000");
    expect(window.location.search).toContain("utm_source=news");
  });

  it("a channel unticked before hydration is left out of the plan, and the typed value wins over a shared link's", async () => {
    window.history.replaceState(null, "", "/help-desk-staffing-calculator/?chat.volume=9999");
    const container = await hydrateAfter(<StaffingCalculator />, (c) => {
      tick(c.querySelector<HTMLInputElement>('input[name="staffing-email-enabled"]')!, false);
      typeInto(c.querySelector<HTMLInputElement>("#staffing-chat-volume")!, "4,500");
    });
    expect(container.querySelector('[data-testid="result-email"]')).toBeNull();
    expect(container.textContent).toMatch(/Not included in the plan/);
    expect(container.querySelector<HTMLInputElement>("#staffing-chat-volume")!.value).toBe("4,500");
  });

  it("the field being edited keeps its text and selection: a shared link's value is not written under the caret", async () => {
    window.history.replaceState(null, "", "/help-desk-staffing-calculator/?phone.volume=5%2C000&chat.volume=9999");
    const container = await hydrateAfter(<StaffingCalculator />, (c) => {
      const volume = c.querySelector<HTMLInputElement>("#staffing-phone-volume")!;
      volume.focus();
      volume.select(); // the visitor's select-all, about to type over it
    });
    const volume = container.querySelector<HTMLInputElement>("#staffing-phone-volume")!;
    expect(volume.value).toBe("1,000");
    expect([volume.selectionStart, volume.selectionEnd]).toEqual([0, 5]);
    // the rest of the link still applies
    expect(container.querySelector<HTMLInputElement>("#staffing-chat-volume")!.value).toBe("9999");
    // typing over the selection, as the browser does (past React's value tracker, which a plain `value =` would update)
    act(() => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(volume, "20,000");
      volume.dispatchEvent(new Event("input", { bubbles: true }));
    });
    expect(volume.value).toBe("20,000");
    expect(new URLSearchParams(window.location.search).get("phone.volume")).toBe("20,000");
  });

  it("without early input, a shared link's values are restored as before", async () => {
    window.history.replaceState(null, "", "/help-desk-staffing-calculator/?chat.volume=9999");
    const container = await hydrateAfter(<StaffingCalculator />, () => undefined);
    expect(container.querySelector<HTMLInputElement>("#staffing-chat-volume")!.value).toBe("9999");
  });
});

describe("the interview builder adopts choices made before hydration", () => {
  const builder = () => {
    window.history.replaceState(null, "", "/interview-builder/");
    return <InterviewBuilder guides={[agentGuide, leadGuide]} jobDescriptionPath={(s) => `/interview-builder/job-descriptions/${s}/`} />;
  };
  const plan = (container: HTMLElement) =>
    Array.from(container.querySelectorAll('[data-testid="plan-item"] .text')).map((el) => el.textContent);
  const box = (container: HTMLElement, name: string, value: string) =>
    container.querySelector<HTMLInputElement>(`input[name="${name}"][value="${value}"]`)!;

  it("questions ticked and unticked before hydration are in the plan after it", async () => {
    const container = await hydrateAfter(builder(), (c) => {
      tick(box(c, "builder-question", "e2"), false);
      tick(box(c, "builder-question", "w3"), true);
    });
    expect(plan(container)).toEqual(["Tell me about an upset customer.", "Rewrite this reply.", "Explain a bug simply.", "Tone?"]);
    expect(box(container, "builder-question", "e2").checked).toBe(false);
    expect(box(container, "builder-question", "w3").checked).toBe(true);
  });

  it("a competency unticked before hydration takes its questions with it", async () => {
    const container = await hydrateAfter(builder(), (c) => tick(box(c, "builder-competency", "Writing"), false));
    expect(plan(container)).toEqual(["Tell me about an upset customer.", "How do you say no?"]);
  });

  it("a role chosen before hydration is the role after it", async () => {
    const container = await hydrateAfter(builder(), (c) => {
      const select = c.querySelector<HTMLSelectElement>("#builder-role")!;
      select.value = leadGuide.slug;
      select.dispatchEvent(new Event("change", { bubbles: true }));
    });
    expect(container.querySelector<HTMLSelectElement>("#builder-role")!.value).toBe(leadGuide.slug);
    expect(plan(container)).toEqual(["How do you coach?", "Feedback?"]);
  });
});
