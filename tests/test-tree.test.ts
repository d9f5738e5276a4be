/**
 * The vitest tree mirrors the code (docs/architecture.md#testing): the test of `src/a/b.ts` is
 * `tests/src/a/b.test.ts`, or `tests/src/a/b.<aspect>.test.ts` when the module has several; the same for
 * `scripts/` under `tests/scripts/`. Checks of the repository as a whole sit in `tests/` itself, and the parity
 * tool's test beside the tool. Each test file picks its own environment, and only a test with JSX is a `.tsx`.
 */
import fs from "node:fs";
import path from "node:path";
import { transformSync } from "esbuild";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "./fixtures/repo-root";

/** Test files under tests/src or tests/scripts that name no module, each with the reason. Checked to be still needed. */
const EXEMPT: Record<string, string> = {};

const MODULE_EXTENSIONS = [".ts", ".tsx", ".mts", ".mjs", ".js"];
const TEST_FILE = /^(.+)\.test\.tsx?$/;
/** Where a test file may be, and so where vitest.config.ts looks for one. */
const TEST_HOMES = [/^tests\/(src|scripts)\/.+/, /^tests\/contentful-parity\/[^/]+$/, /^tests\/[^/]+$/];

const exists = (file: string) => fs.existsSync(path.join(REPO_ROOT, file));

/** Every file under `dir` (repository-relative, forward slashes). */
function filesUnder(dir: string): string[] {
  if (!exists(dir)) return [];
  return fs
    .readdirSync(path.join(REPO_ROOT, dir), { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesUnder(`${dir}/${e.name}`) : [`${dir}/${e.name}`]));
}

const testFiles = () => filesUnder("tests").filter((f) => TEST_FILE.test(path.posix.basename(f)) && !f.startsWith("tests/e2e"));

/**
 * The module a test file is the test of: `tests/src/a/b.test.ts` and `tests/src/a/b.<aspect>.test.ts` → `src/a/b.*`;
 * a test outside tests/src and tests/scripts tests the module beside it. Undefined when there is none.
 */
function moduleOf(testFile: string, isFile: (file: string) => boolean = exists): string | undefined {
  const name = TEST_FILE.exec(path.posix.basename(testFile));
  if (!name) return undefined;
  const dir = path.posix.dirname(testFile).replace(/^tests\/(src|scripts)(?=\/|$)/, "$1");
  const stem = name[1];
  const lastDot = stem.lastIndexOf(".");
  const stems = lastDot > 0 ? [stem, stem.slice(0, lastDot)] : [stem];
  for (const s of stems)
    for (const ext of MODULE_EXTENSIONS) {
      const candidate = `${dir}/${s}${ext}`;
      if (candidate !== testFile && isFile(candidate)) return candidate;
    }
  return undefined;
}

describe("the test tree", () => {
  it("every test file under tests/src and tests/scripts is the test of a module at the same path", () => {
    const orphans = testFiles()
      .filter((f) => /^tests\/(src|scripts)\//.test(f) && !(f in EXEMPT))
      .filter((f) => moduleOf(f) === undefined);
    expect(orphans).toEqual([]);
  });

  it("the parity tool's test sits beside the tool", () => {
    const orphans = testFiles()
      .filter((f) => f.startsWith("tests/contentful-parity/"))
      .filter((f) => moduleOf(f) === undefined);
    expect(orphans).toEqual([]);
  });

  it("an exemption names a test file that exists and still matches no module", () => {
    for (const file of Object.keys(EXEMPT)) {
      expect(exists(file), file).toBe(true);
      expect(moduleOf(file), file).toBeUndefined();
    }
  });

  it("matches by the naming rule: the module's name, optionally one aspect, at the mirrored path", () => {
    const files = new Set(["src/server/flush.ts", "src/components/layout/header.styles.ts", "scripts/lib/site-server.ts"]);
    const isFile = (f: string) => files.has(f);
    expect(moduleOf("tests/src/server/flush.test.ts", isFile)).toBe("src/server/flush.ts");
    expect(moduleOf("tests/src/server/flush.overlap.test.ts", isFile)).toBe("src/server/flush.ts");
    expect(moduleOf("tests/src/components/layout/header.styles.test.ts", isFile)).toBe("src/components/layout/header.styles.ts");
    expect(moduleOf("tests/scripts/lib/site-server.hardening.test.ts", isFile)).toBe("scripts/lib/site-server.ts");
    expect(moduleOf("tests/src/server/lead-flush.test.ts", isFile)).toBeUndefined();
    expect(moduleOf("tests/src/flush.test.ts", isFile)).toBeUndefined();
    expect(moduleOf("tests/src/server/flush.a.b.test.ts", isFile)).toBeUndefined();
    expect(moduleOf("tests/src/server/flush.helpers.ts", isFile)).toBeUndefined();
  });

  it("every test file is where vitest looks for one", () => {
    const elsewhere = testFiles().filter((f) => !TEST_HOMES.some((home) => home.test(f)));
    expect(elsewhere).toEqual([]);
  });

  it("only a test with JSX is a .tsx file", () => {
    const withoutJsx = testFiles()
      .filter((f) => f.endsWith(".tsx"))
      .filter((f) => {
        try {
          transformSync(fs.readFileSync(path.join(REPO_ROOT, f), "utf8"), { loader: "ts" });
          return true;
        } catch {
          return false;
        }
      });
    expect(withoutJsx).toEqual([]);
  });

  it("a test that renders with Testing Library asks for a DOM itself (the default environment is node)", () => {
    const implicit = testFiles()
      .map((f) => [f, fs.readFileSync(path.join(REPO_ROOT, f), "utf8")] as const)
      .filter(([, text]) => /from "@testing-library\/(react|user-event|dom)"/.test(text))
      .filter(([, text]) => !/^\/\/ @vitest-environment (jsdom|happy-dom)\b/m.test(text))
      .map(([f]) => f);
    expect(implicit).toEqual([]);
  });
});
