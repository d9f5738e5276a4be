// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, render } from "@testing-library/react";

vi.mock("gatsby", async () => (await import("../../fixtures/gatsby-mock")).gatsbyMock);
const { setStaticQueryData } = await import("../../fixtures/gatsby-mock");
const { useSiteData } = await import("../../../src/hooks/use-site-data");

const siteData = (signupUrl: string) => ({
  site: { siteMetadata: { siteUrl: "https://www.northdesk.com" } },
  siteSettings: { urlTable: [{ key: "signupUrl", value: signupUrl }] },
});

/** Renders `count` components that each call the hook (as every link on a page does) and returns what each got. */
function renderCalls(count: number) {
  const seen: ReturnType<typeof useSiteData>[] = [];
  function Probe() {
    seen.push(useSiteData());
    return null;
  }
  render(
    <>
      {Array.from({ length: count }, (_, i) => (
        <Probe key={i} />
      ))}
    </>,
  );
  return seen;
}

describe("useSiteData", () => {
  afterEach(cleanup);

  it("derives the URL table and site URL once per static query result, however many components ask", () => {
    setStaticQueryData(siteData("/members/register/"));
    const seen = renderCalls(50);
    expect(seen[0].urlTable).toEqual({ signupUrl: "/members/register/" });
    expect(seen[0].siteUrl).toBe("https://www.northdesk.com");
    expect(new Set(seen).size).toBe(1);
  });

  it("a new result (develop after an edit) is derived again", () => {
    setStaticQueryData(siteData("/members/register/"));
    const before = renderCalls(1)[0];
    cleanup();
    setStaticQueryData(siteData("/members/register/?plan=plus"));
    const after = renderCalls(1)[0];
    expect(after).not.toBe(before);
    expect(after.urlTable).toEqual({ signupUrl: "/members/register/?plan=plus" });
  });
});
