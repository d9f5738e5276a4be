/**
 * Upgrade canaries (docs/upgrade-canaries.md): the private behaviour of Gatsby that src/hydration relies on,
 * checked against the installed package, so an upgrade that changes it fails here first. React's useId, which
 * isServerIsland relies on, is guarded by tests/src/hydration/island-wiring.test.tsx.
 * styled-components' private sheet is guarded by tests/src/hydration/server-styles.test.tsx.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GATSBY_FOCUS_WRAPPER_ID, GATSBY_ROOT_ID } from "../../../src/hydration/gatsby-internals";
import { REPO_ROOT } from "../../fixtures/repo-root";

const cacheDir = path.resolve(REPO_ROOT, "node_modules/gatsby/cache-dir");
const gatsbySource = (file: string) => fs.readFileSync(path.join(cacheDir, file), "utf8");

describe("Gatsby's private browser globals (src/hydration/gatsby-internals.ts)", () => {
  it("the production app still sets window.___loader, with enqueue, hovering and loadPageSync", () => {
    expect(gatsbySource("production-app.js")).toMatch(/window\.___loader = publicLoader/);
    const loader = gatsbySource("loader.js");
    const publicLoader = loader.slice(loader.indexOf("export const publicLoader"));
    for (const method of ["enqueue", "hovering", "loadPageSync"]) expect(publicLoader).toMatch(new RegExp(`\\b${method}:`));
  });
  it("navigation still sets window.___navigate(to, options)", () => {
    expect(gatsbySource("navigation.js")).toMatch(/window\.___navigate = \(to, options\) =>/);
  });
  it("the page still renders into #___gatsby with the router's #gatsby-focus-wrapper inside", () => {
    expect(gatsbySource("default-html.js")).toContain(`id="${GATSBY_ROOT_ID}"`);
    expect(gatsbySource("production-app.js")).toContain(`id="${GATSBY_FOCUS_WRAPPER_ID}"`);
    expect(gatsbySource("static-entry.js")).toContain(`id="${GATSBY_FOCUS_WRAPPER_ID}"`);
  });
});
