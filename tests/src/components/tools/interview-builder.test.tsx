// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { consentAs } from "../../../fixtures/consent";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ThemeProvider } from "styled-components";
import { theme } from "../../../../src/theme/theme";
import { setStored } from "../../../../src/browser/storage";
import { agentGuide, leadGuide } from "../../../fixtures/interview-data";

vi.mock("gatsby", async () => (await import("../../../fixtures/gatsby-mock")).gatsbyMock);
const { InterviewBuilder, BUILDER_STORAGE_KEY } = await import("../../../../src/components/tools/interview-builder");

function renderAt(search = "") {
  window.history.replaceState(null, "", `/interview-builder/${search}`);
  return render(
    <ThemeProvider theme={theme}>
      <InterviewBuilder guides={[agentGuide, leadGuide]} jobDescriptionPath={(s) => `/interview-builder/job-descriptions/${s}/`} />
    </ThemeProvider>,
  );
}
const planTexts = () => screen.getAllByTestId("plan-item").map((li) => li.querySelector(".text")?.textContent);
const stored = () => JSON.parse(localStorage.getItem(BUILDER_STORAGE_KEY)!).value;

beforeEach(() => {
  localStorage.clear();
  consentAs(); // remembering inputs needs `preferences` (docs/product-rules.md#consent)
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("interview builder", () => {
  it("starts from the first role with every competency and two suggested questions each", () => {
    renderAt();
    expect(screen.getByLabelText("Role you're hiring for")).toHaveValue("customer-support-agent");
    expect(planTexts()).toEqual(["Tell me about an upset customer.", "How do you say no?", "Rewrite this reply.", "Explain a bug simply."]);
    expect(screen.getByText(/4 questions, about 20 minutes/)).toBeInTheDocument();
  });

  it("reorders from the keyboard: focus follows the moved question, and an end button hands focus to the other", async () => {
    const user = userEvent.setup();
    renderAt();
    const down = screen.getByRole("button", { name: "Move question 1 down" });
    down.focus();
    await user.keyboard("{Enter}");
    expect(planTexts()[1]).toBe("Tell me about an upset customer.");
    expect(document.activeElement).toHaveAccessibleName("Move question 2 down");
    await user.keyboard("{Enter}{Enter}");
    expect(planTexts()[3]).toBe("Tell me about an upset customer.");
    // now last: Down is disabled, focus moved to Up
    expect(screen.getByRole("button", { name: "Move question 4 down" })).toBeDisabled();
    expect(document.activeElement).toHaveAccessibleName("Move question 4 up");
    expect(stored().selections["customer-support-agent"].questions).toEqual(["e2", "w1", "w2", "e1"]);
  });

  it("removes questions, moving focus to the next one, then to the heading when none are left", async () => {
    const user = userEvent.setup();
    renderAt();
    await user.click(screen.getByRole("button", { name: "Remove question 1" }));
    expect(planTexts()).toHaveLength(3);
    expect(document.activeElement).toHaveAccessibleName("Remove question 1");
    for (let i = 0; i < 3; i++) await user.click(screen.getByRole("button", { name: "Remove question 1" }));
    expect(screen.getByText(/No questions yet/)).toBeInTheDocument();
    expect(document.activeElement).toHaveTextContent("Customer Support Agent interview");
    expect(screen.getByRole("button", { name: "Print" })).toBeDisabled();
  });

  it("ticking questions and competencies changes the plan", async () => {
    const user = userEvent.setup();
    renderAt();
    await user.click(screen.getByRole("checkbox", { name: "A hard day?" }));
    expect(planTexts().at(-1)).toBe("A hard day?");
    await user.click(screen.getByRole("checkbox", { name: /^Writing/ }));
    expect(planTexts()).toEqual(["Tell me about an upset customer.", "How do you say no?", "A hard day?"]);
    expect(screen.queryByRole("checkbox", { name: "Rewrite this reply." })).toBeNull();
  });

  it("copies the guide as text and downloads it as Markdown", async () => {
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    const createObjectURL = vi.fn(() => "blob:guide");
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    renderAt();
    await user.click(screen.getByRole("button", { name: "Copy as text" }));
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining("1. Tell me about an upset customer."));
    expect(await screen.findByText("Interview guide copied as text.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Download Markdown" }));
    const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
    const markdown = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob);
    });
    expect(markdown).toContain("# Customer Support Agent interview");
    expect(blob.type).toBe("text/markdown;charset=utf-8");
    expect((click.mock.instances[0] as unknown as HTMLAnchorElement).download).toBe("customer-support-agent-interview-guide.md");
    expect(screen.getByText("Downloaded customer-support-agent-interview-guide.md.")).toBeInTheDocument();
  });

  it("prints with the browser's print dialog", async () => {
    const print = vi.fn();
    window.print = print;
    renderAt();
    await userEvent.setup().click(screen.getByRole("button", { name: "Print" }));
    expect(print).toHaveBeenCalled();
  });

  it("remembers choices per role and restores them; ?role= picks the role", async () => {
    setStored(BUILDER_STORAGE_KEY, {
      role: "customer-support-agent",
      selections: { "support-team-lead": { competencies: ["Coaching"], questions: ["c2", "gone"] } },
    });
    renderAt("?role=support-team-lead");
    expect(await screen.findByText("Feedback?", { selector: ".text" })).toBeInTheDocument();
    expect(planTexts()).toEqual(["Feedback?"]);
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText("Role you're hiring for"), "customer-support-agent");
    expect(window.location.search).toBe("?role=customer-support-agent");
    expect(within(screen.getByTestId("interview-plan")).getByRole("heading", { level: 2 })).toHaveTextContent(
      "Customer Support Agent interview",
    );
    expect(stored().role).toBe("customer-support-agent");
  });
});
