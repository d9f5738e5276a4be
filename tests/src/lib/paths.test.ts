import { describe, expect, it } from "vitest";
import { paths } from "../../../src/lib/paths";

describe("paths: the URL table (docs/architecture.md#paths)", () => {
  it("paginated lists: page 1 has no /page/ segment", () => {
    expect(paths.category("tips")).toBe("/blog/category/tips/");
    expect(paths.category("tips", 1)).toBe("/blog/category/tips/");
    expect(paths.category("tips", 3)).toBe("/blog/category/tips/page/3/");
    expect(paths.author("ann")).toBe("/authors/ann/");
    expect(paths.author("ann", 2)).toBe("/authors/ann/page/2/");
  });

  it("the interview builder, with a role preselected and encoded", () => {
    expect(paths.interviewBuilder()).toBe("/interview-builder/");
    expect(paths.interviewBuilder("support-lead")).toBe("/interview-builder/?role=support-lead");
    expect(paths.interviewBuilder("a&b c")).toBe("/interview-builder/?role=a%26b%20c");
  });
});
