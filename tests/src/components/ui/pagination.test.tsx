// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen, within } from "@testing-library/react";

vi.mock("gatsby", async () => (await import("../../../fixtures/gatsby-mock")).gatsbyMock);
const { Pagination, pageWindow } = await import("../../../../src/components/ui/pagination");

describe("pageWindow: which page numbers a list shows", () => {
  it("shows every page of a short list", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it("keeps the first, the last and two either side of the current page, with gaps between", () => {
    expect(pageWindow(1, 167)).toEqual([1, 2, 3, "gap", 167]);
    expect(pageWindow(80, 167)).toEqual([1, "gap", 78, 79, 80, 81, 82, "gap", 167]);
    expect(pageWindow(167, 167)).toEqual([1, "gap", 165, 166, 167]);
  });

  it("shows a single left-out page rather than a gap", () => {
    expect(pageWindow(5, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(pageWindow(5, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, "gap", 10]);
  });
});

describe("Pagination", () => {
  afterEach(cleanup);
  const href = (n: number) => (n > 1 ? `/authors/ann/page/${n}/` : "/authors/ann/");

  it("renders nothing for a single page", () => {
    const { container } = render(<Pagination page={1} pageCount={1} pageHref={href} />);
    expect(container.innerHTML).toBe("");
  });

  it("links previous, next and the windowed numbers, marking the current page", () => {
    render(<Pagination page={40} pageCount={167} pageHref={href} />);
    const nav = screen.getByRole("navigation", { name: "Pagination" });
    const links = within(nav).getAllByRole("link");
    expect(links.map((a) => a.textContent)).toEqual(["Previous", "1", "38", "39", "40", "41", "42", "167", "Next"]);
    expect(within(nav).getByRole("link", { name: "Page 40" }).getAttribute("aria-current")).toBe("page");
    expect(within(nav).getByRole("link", { name: "Page 1" }).getAttribute("href")).toBe("/authors/ann/");
    expect(within(nav).getByRole("link", { name: "Next" }).getAttribute("href")).toBe("/authors/ann/page/41/");
    expect(nav.querySelectorAll('li[aria-hidden="true"]')).toHaveLength(2);
  });
});
