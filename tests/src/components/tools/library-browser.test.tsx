// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ThemeProvider } from "styled-components";
import { theme } from "../../../../src/theme/theme";
import type { LibraryItem } from "../../../../src/components/tools/library-filter";

vi.mock("gatsby", async () => (await import("../../../fixtures/gatsby-mock")).gatsbyMock);
const { LibraryBrowser } = await import("../../../../src/components/tools/library-browser");

const items: LibraryItem[] = [
  {
    type: "guide",
    slug: "agent",
    title: "Support Agent interview guide",
    summary: "Empathy and writing.",
    path: "/interview-builder/agent/",
    keywords: ["Writing"],
  },
  {
    type: "guide",
    slug: "lead",
    title: "Team Lead interview guide",
    summary: "Coaching.",
    path: "/interview-builder/lead/",
    keywords: ["Coaching"],
  },
  {
    type: "description",
    slug: "agent",
    title: "Support Agent job description template",
    summary: "Answers customers.",
    path: "/interview-builder/job-descriptions/agent/",
    keywords: ["Support"],
  },
];

function renderAt(search = "") {
  window.history.replaceState(null, "", `/interview-builder/library/${search}`);
  return render(
    <ThemeProvider theme={theme}>
      <LibraryBrowser items={items} />
    </ThemeProvider>,
  );
}
const titles = () => screen.queryAllByRole("heading", { level: 2 }).map((h) => h.textContent);
afterEach(cleanup);

describe("interview builder library", () => {
  it("lists every guide and job description, each linking to its page", () => {
    renderAt();
    expect(titles()).toHaveLength(3);
    expect(screen.getByTestId("library-count")).toHaveTextContent("Showing all 3");
    expect(screen.getByRole("link", { name: "Team Lead interview guide" })).toHaveAttribute("href", "/interview-builder/lead/");
  });

  it("filters by text (every word, any field) and by type, and keeps the filter in the URL", async () => {
    const user = userEvent.setup();
    renderAt();
    await user.type(screen.getByRole("searchbox", { name: /Filter by role/ }), "support agent");
    expect(titles()).toEqual(["Support Agent interview guide", "Support Agent job description template"]);
    await user.click(screen.getByRole("radio", { name: "Job descriptions" }));
    expect(titles()).toEqual(["Support Agent job description template"]);
    expect(screen.getByTestId("library-count")).toHaveTextContent("Showing 1 of 3");
    expect(window.location.search).toBe("?q=support+agent&type=description");
    await user.clear(screen.getByRole("searchbox"));
    await user.type(screen.getByRole("searchbox"), "zzz");
    expect(screen.getByText(/Nothing matches/)).toBeInTheDocument();
  });

  it("a shared filter link restores the filter", async () => {
    renderAt("?q=coaching&type=guide");
    expect(await screen.findByDisplayValue("coaching")).toBeInTheDocument();
    expect(titles()).toEqual(["Team Lead interview guide"]);
    expect(screen.getByRole("radio", { name: "Interview guides" })).toBeChecked();
  });
});
