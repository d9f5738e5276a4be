// @vitest-environment jsdom
import { describe, expect, it, vi } from "vitest";
import { render } from "@testing-library/react";
import { PageBody } from "../../../../src/components/layout/page-body";

vi.mock("gatsby", async () => (await import("../../../fixtures/gatsby-mock")).gatsbyMock);

const body = (...kinds: string[]) =>
  ({
    segments: kinds.map((kind) => ({ kind, html: kind === "html" ? "<p>x</p>" : null, form: null })),
    headings: [],
    readingMinutes: 1,
  }) as never;

const islandIn = (ui: React.ReactElement) => render(ui).container.querySelector(":scope > [data-island]");

describe("a template's page body", () => {
  it("is a static island when nothing in it needs React", () => {
    expect(islandIn(<PageBody>text</PageBody>)).not.toBeNull();
    expect(islandIn(<PageBody bodies={[body("html"), null]}>text</PageBody>)).not.toBeNull();
  });

  it("hydrates when one of its Markdown bodies embeds a lead form", () => {
    expect(islandIn(<PageBody bodies={[body("html"), body("html", "form")]}>text</PageBody>)).toBeNull();
  });
});
