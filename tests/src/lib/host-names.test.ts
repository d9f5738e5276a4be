import { describe, expect, it } from "vitest";
import { normalizeHost } from "../../../src/lib/host-names";

describe("normalizeHost", () => {
  it("compares host names case-insensitively, without surrounding space or a trailing root dot", () => {
    expect(normalizeHost(" WWW.Northdesk.com. ")).toBe("www.northdesk.com");
    expect(normalizeHost("localhost")).toBe("localhost");
  });

  it("keeps inner dots and an empty name as they are", () => {
    expect(normalizeHost("a.b.c")).toBe("a.b.c");
    expect(normalizeHost("")).toBe("");
  });
});
