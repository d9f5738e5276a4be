import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { copyIcons, iconNames } from "../../../../src/node/content/icons";
import { isIconName } from "../../../../src/components/ui/icon";

describe("icon set (docs/product-rules.md#site-runtime-requests, #constants)", () => {
  it("offers well over a thousand names, all safe to put in a URL path", () => {
    const names = iconNames();
    expect(names.length).toBeGreaterThan(1000);
    expect(names.every(isIconName)).toBe(true);
    expect(names).toContain("inbox");
  });

  it("copies every icon and an index, and a second copy only touches what changed", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "icons-"));
    const first = copyIcons(dir);
    expect(first.copied).toBe(first.total);
    expect(fs.readFileSync(path.join(dir, "inbox.svg"), "utf8")).toContain("<svg");
    expect(JSON.parse(fs.readFileSync(path.join(dir, "index.json"), "utf8"))).toHaveLength(first.total);
    fs.writeFileSync(path.join(dir, "inbox.svg"), "tampered");
    expect(copyIcons(dir).copied).toBe(1);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("rejects names that could escape /icons/", () => {
    for (const bad of ["../secret", "a/b", "Inbox", "", "x.svg", "a--b"]) expect(isIconName(bad)).toBe(false);
  });
});
