// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { consentAs } from "../../../fixtures/consent";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ThemeProvider } from "styled-components";
import { theme } from "../../../../src/theme/theme";
import { setStored } from "../../../../src/browser/storage";
import { DEFAULT_VALUES } from "../../../../src/components/tools/staffing-form";

vi.mock("gatsby", async () => (await import("../../../fixtures/gatsby-mock")).gatsbyMock);
const { StaffingCalculator, STAFFING_STORAGE_KEY } = await import("../../../../src/components/tools/staffing-calculator");

function renderAt(search = "") {
  window.history.replaceState(null, "", `/help-desk-staffing-calculator/${search}`);
  return render(
    <ThemeProvider theme={theme}>
      <StaffingCalculator />
    </ThemeProvider>,
  );
}
const text = (testId: string) => screen.getByTestId(testId).textContent ?? "";
const noBadNumbers = () => expect(document.body.textContent).not.toMatch(/NaN|Infinity/);

beforeEach(() => {
  localStorage.clear();
  consentAs(); // remembering inputs needs `preferences` (docs/product-rules.md#consent)
});
afterEach(cleanup);

describe("help-desk staffing calculator", () => {
  it("shows a plan for the example help desk: agents per channel, FTEs, service level and cost", async () => {
    renderAt();
    expect(await screen.findByTestId("total-fte")).toHaveTextContent(/^\d+(\.\d)?$/);
    for (const c of ["email", "chat", "phone"]) expect(screen.getByTestId(`result-${c}`)).toBeInTheDocument();
    expect(text("annual-cost")).toMatch(/^\$\d{1,3}(,\d{3})*$/);
    expect(text("phone-service-level")).toMatch(/\d+\.\d%/);
    expect(screen.getByRole("img", { name: /Phone: service level by agents on shift/ })).toBeInTheDocument();
    noBadNumbers();
  });

  it("more phone calls need more phone agents, and the total follows", async () => {
    const user = userEvent.setup();
    renderAt();
    const before = { agents: Number(text("phone-agents")), total: Number(text("total-fte")) };
    const volume = screen.getByLabelText("Conversations per month", { selector: "#staffing-phone-volume" });
    await user.clear(volume);
    await user.type(volume, "10,000");
    expect(Number(text("phone-agents"))).toBeGreaterThan(before.agents);
    expect(Number(text("total-fte"))).toBeGreaterThan(before.total);
  });

  it("bad input gets a clear message next to the field and no NaN or Infinity anywhere", async () => {
    const user = userEvent.setup();
    renderAt();
    const aht = screen.getByLabelText(/Average handle time/, { selector: "#staffing-chat-aht" });
    await user.clear(aht);
    await user.type(aht, "abc");
    expect(aht).toHaveAttribute("aria-invalid", "true");
    expect(aht).toHaveAccessibleDescription("Enter a number, using digits only (for example 1,200 or 7.5).");
    expect(screen.getByRole("alert")).toHaveTextContent("One input needs attention.");
    expect(screen.queryByTestId("total-fte")).toBeNull();
    await user.clear(aht);
    expect(screen.getByRole("alert")).toHaveTextContent("One input needs attention.");
    const coverage = screen.getByLabelText(/Hours of coverage per week/, { selector: "#staffing-phone-coverage" });
    await user.clear(coverage);
    await user.type(coverage, "0");
    expect(screen.getByText("Enter a value from 1 to 168 hours.")).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("2 inputs need attention.");
    noBadNumbers();
  });

  it("unticking a channel leaves it out of the plan", async () => {
    const user = userEvent.setup();
    renderAt();
    await user.click(screen.getByRole("checkbox", { name: "Email" }));
    expect(screen.queryByTestId("result-email")).toBeNull();
    expect(screen.getByText(/Not included in the plan/)).toBeInTheDocument();
  });

  it("keeps the inputs in the URL and in local storage", async () => {
    const user = userEvent.setup();
    renderAt("?utm_source=newsletter");
    const volume = screen.getByLabelText("Conversations per month", { selector: "#staffing-chat-volume" });
    await user.clear(volume);
    await user.type(volume, "4500");
    expect(window.location.search).toBe("?utm_source=newsletter&chat.volume=4500");
    const stored = JSON.parse(localStorage.getItem(STAFFING_STORAGE_KEY)!);
    expect(stored.value["chat.volume"]).toBe("4500");
    expect(stored.expires - Date.now()).toBeGreaterThan(31_535_000_000);
  });

  it("without `preferences` consent the inputs stay in the URL only", async () => {
    consentAs({ analytics: true });
    const user = userEvent.setup();
    renderAt("");
    const volume = screen.getByLabelText("Conversations per month", { selector: "#staffing-chat-volume" });
    await user.clear(volume);
    await user.type(volume, "4500");
    expect(window.location.search).toBe("?chat.volume=4500");
    expect(localStorage.getItem(STAFFING_STORAGE_KEY)).toBeNull();
  });

  it("a shared link restores its inputs, ahead of what this browser remembers", async () => {
    setStored(STAFFING_STORAGE_KEY, { ...DEFAULT_VALUES, "chat.volume": "111" });
    renderAt("?chat.volume=9999&phone.enabled=0");
    expect(await screen.findByDisplayValue("9999")).toHaveAttribute("id", "staffing-chat-volume");
    expect(screen.queryByTestId("result-phone")).toBeNull();
  });

  it("restores remembered inputs when the link has none", async () => {
    setStored(STAFFING_STORAGE_KEY, { ...DEFAULT_VALUES, "chat.volume": "1234" });
    renderAt();
    expect(await screen.findByDisplayValue("1234")).toHaveAttribute("id", "staffing-chat-volume");
  });

  it("the chart shows a data table with the chosen number of agents", async () => {
    renderAt();
    const card = screen.getByTestId("result-phone");
    const rows = within(card).getAllByRole("row");
    expect(rows.length).toBeGreaterThan(3);
    expect(within(card).getByRole("columnheader", { name: "Service level" })).toBeInTheDocument();
  });
});
