// @vitest-environment jsdom
import { describe, expect, it, vi } from "vitest";
import { render, screen, within } from "@testing-library/react";
import { LandingListsContext, type LandingLists } from "../../../../src/components/blocks/landing-lists";
import { JobList } from "../../../../src/components/blocks/job-list";
import { CompanyList } from "../../../../src/components/blocks/company-list";

vi.mock("gatsby", async () => (await import("../../../fixtures/gatsby-mock")).gatsbyMock);

const jobs = {
  landingJobs: {
    nodes: [
      { slug: "account-executive", title: "Account Executive", department: "Sales", location: "Portland, OR", remote: true },
      { slug: "support-engineer", title: "Support Engineer", department: "Support", location: "Berlin", remote: false },
    ],
  },
} as LandingLists;

const section = (lists: LandingLists, list: JSX.Element) =>
  render(<LandingListsContext.Provider value={lists}>{list}</LandingListsContext.Provider>);

describe("landing-page list sections", () => {
  it("shows the section heading and one linked card per item", () => {
    section(jobs, <JobList section={{ heading: "Open roles", text: "Join the team." }} first={false} />);
    expect(screen.getByRole("heading", { level: 2, name: "Open roles" })).toBeInTheDocument();
    const cards = screen.getAllByRole("article");
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByRole("link", { name: "Account Executive" })).toHaveAttribute("href", "/jobs/account-executive/");
    expect(cards[0]).toHaveTextContent("Sales · Portland, OR · Remote");
    expect(cards[1]).toHaveTextContent("Support · Berlin");
    expect(cards[1]).not.toHaveTextContent("Remote");
    expect(screen.queryByText(/no open roles/i)).toBeNull();
  });

  it("says so under the heading when there is nothing to list, instead of an empty grid", () => {
    section({ landingJobs: { nodes: [] } } as LandingLists, <JobList section={{ heading: "Open roles" }} first={false} />);
    expect(screen.getByRole("heading", { name: "Open roles" })).toBeInTheDocument();
    expect(screen.getByText("There are no open roles right now. Check back soon.")).toBeInTheDocument();
    expect(screen.queryAllByRole("article")).toHaveLength(0);
  });

  it("treats a list the page did not fetch as empty, and makes the heading the page's h1 when first", () => {
    section({}, <CompanyList section={{ heading: "Customer stories" }} first />);
    expect(screen.getByRole("heading", { level: 1, name: "Customer stories" })).toBeInTheDocument();
    expect(screen.getByText("No customer stories to show yet.")).toBeInTheDocument();
  });
});
