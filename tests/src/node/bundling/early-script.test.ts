/**
 * The early script's bundle (src/node/bundling/early-script.ts): the consent sweep's store table goes in
 * precomputed from the catalog, and the catalog itself (hosts, loaders, CSP sources) stays out of it: its 10 KB
 * budget (docs/page-load.md#the-first-second) has no room for it.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { bundleEarlyScript } from "../../../../src/node/bundling/early-script";
import { STORE_TABLE } from "../../../../src/consent/store-table";
import { REPO_ROOT } from "../../../fixtures/repo-root";

const env = Object.fromEntries(
  fs
    .readFileSync(path.join(REPO_ROOT, "tests/e2e/third-party.env"), "utf8")
    .split("\n")
    .filter((line) => /^GATSBY_[A-Z0-9_]+=/.test(line))
    .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
);

describe("the early script", () => {
  const { text } = bundleEarlyScript(REPO_ROOT, env);

  it("carries every store of the table, by name", () => {
    for (const owner of STORE_TABLE)
      for (const name of [...(owner.cookies ?? []), ...(owner.localStorage ?? [])]) expect(text).toContain(`"${name}"`);
  });

  it("leaves the catalog out: no vendor host, no CSP source", () => {
    for (const host of ["googletagmanager.com", "hs-scripts.com", "helpscout.net", "heapanalytics.com", "script-src"])
      expect(text).not.toContain(host);
  });
});
