import { describe, expect, it, vi } from "vitest";
import { interpolate, parseUrlTable, resolveUrl } from "../../../src/lib/url-table";

const table = { signupUrl: "/members/register/", demoUrl: "/lp/get-a-demo/?src=nav", customerCount: "12,000" };

describe("URL table (docs/product-rules.md#navigation-and-footer)", () => {
  it("looks up an address written in double braces", () => {
    expect(resolveUrl("{{signupUrl}}", table)).toBe("/members/register/");
  });
  it("keeps the query string written after the braces", () => {
    expect(resolveUrl("{{signupUrl}}?plan=plus", table)).toBe("/members/register/?plan=plus");
  });
  it("joins a query onto a table value that already has one", () => {
    expect(resolveUrl("{{demoUrl}}?utm_source=x", table)).toBe("/lp/get-a-demo/?src=nav&utm_source=x");
  });
  it("keeps a hash after the braces", () => {
    expect(resolveUrl("{{signupUrl}}#form", table)).toBe("/members/register/#form");
  });
  it("leaves plain addresses and unknown keys alone", () => {
    expect(resolveUrl("/pricing/", table)).toBe("/pricing/");
    expect(resolveUrl("{{nope}}", table)).toBe("{{nope}}");
  });
  it("interpolates numbers into copy", () => {
    expect(interpolate("Join {{customerCount}} teams", table)).toBe("Join 12,000 teams");
  });
  it("logs and falls back to an empty table when missing or unparsable (docs/product-rules.md#error-catalogue)", () => {
    const log = vi.fn();
    expect(parseUrlTable("{not json", log)).toEqual({});
    expect(parseUrlTable(undefined, log)).toEqual({});
    expect(log).toHaveBeenCalledTimes(2);
    expect(parseUrlTable([{ key: "a", value: "/a/" }], log)).toEqual({ a: "/a/" });
    expect(parseUrlTable('{"b":"/b/"}', log)).toEqual({ b: "/b/" });
  });
});
