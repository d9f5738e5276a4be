/**
 * A vendor used without its catalog entry fails here (docs/architecture.md#the-vendor-catalog): every vendor id,
 * third-party host and cookie or storage key in src/, the bench and the test fixtures is declared in src/vendors/
 * or is a first-party name with its reason. The second block proves the scan catches each kind.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { VENDORS } from "../src/vendors/catalog";
import { FIRST_PARTY, scannedFiles, undeclaredUses } from "./fixtures/undeclared-vendor-uses";

const ROOT = path.resolve(__dirname, "..");

/** The e2e build's addresses (tests/e2e/third-party.env), each the configured value of an entry's variable. */
function e2eHosts(): string[] {
  const envs = new Set<string>(VENDORS.map((v) => v.env));
  return fs
    .readFileSync(path.join(ROOT, "tests/e2e/third-party.env"), "utf8")
    .split("\n")
    .flatMap((line) => {
      const m = /^(GATSBY_[A-Z_]+)=(https:\/\/\S+)$/.exec(line.trim());
      return m && envs.has(m[1]) ? [new URL(m[2]).hostname] : [];
    });
}

describe("no vendor without its catalog entry", () => {
  it("src/, scripts/bench and tests/fixtures use only declared vendor ids, hosts and stored keys", () => {
    expect(undeclaredUses(scannedFiles(ROOT), e2eHosts())).toEqual([]);
  });

  it("every first-party exception says why", () => {
    for (const [name, why] of Object.entries(FIRST_PARTY)) expect(why.length, name).toBeGreaterThan(10);
  });
});

describe("the scan itself", () => {
  const scan = (text: string) => undeclaredUses([{ path: "planted.ts", text }]);

  it("catches an undeclared host, in a URL or alone", () => {
    expect(scan(`const src = "https://cdn.newvendor.com/tag.js";`)).toEqual(["planted.ts: host cdn.newvendor.com"]);
    expect(scan(`const byHost = { "tag.newvendor.io": "new-vendor" };`)).toEqual(["planted.ts: host tag.newvendor.io"]);
  });

  it("catches an undeclared cookie or storage key", () => {
    expect(scan(`document.cookie = "_nv_id=1; path=/";`)).toEqual(["planted.ts: stored key _nv_id"]);
    expect(scan(`storage.getItem("nv_profile");`)).toEqual(["planted.ts: stored key nv_profile"]);
    expect(scan(`const KEY = "nd_new_thing";`)).toEqual(["planted.ts: stored key nd_new_thing"]);
  });

  it("catches an undeclared vendor id and variable", () => {
    expect(scan(`if (ids["new-vendor"]) load();`)).toEqual(["planted.ts: vendor id new-vendor"]);
    expect(scan(`win.dispatchEvent(new CustomEvent(VENDOR_REQUEST_EVENT, { detail: "chat-bot" }));`)).toEqual([
      "planted.ts: vendor id chat-bot",
    ]);
    expect(scan(`const id = process.env.GATSBY_NEWVENDOR_ID;`)).toEqual(["planted.ts: vendor variable GATSBY_NEWVENDOR_ID"]);
  });

  it("passes what the catalog declares, and ignores links in comments", () => {
    const declared = [
      `// https://developers.newvendor.com/docs`,
      `const src = "https://js.hs-scripts.com/1.js";`,
      `document.cookie = "_fbp=1";`,
      `storage.getItem("ajs_user_id");`,
      `if (ids["ad-pixel"]) load();`,
      `const id = process.env.GATSBY_HEAP_ID;`,
    ].join("\n");
    expect(scan(declared)).toEqual([]);
  });
});
