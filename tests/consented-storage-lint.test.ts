/**
 * Lint holds the consented store (docs/product-rules.md#consent-over-time): outside the listed writers, direct
 * cookie and storage access fails `npm run lint`, through any alias; inside the consented store it passes.
 */
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "./fixtures/repo-root";

const lint = async (file: string, code: string) => {
  const [result] = await new ESLint({ cwd: REPO_ROOT }).lintText(code, { filePath: `${REPO_ROOT}/${file}` });
  return result.messages.filter((m) => m.ruleId === "no-restricted-syntax").map((m) => m.message);
};

describe("direct cookie and storage access", () => {
  const cases = [
    "export const a = document.cookie;",
    "export const read = (d: Document) => d.cookie;",
    "export const b = window.localStorage.getItem('x');",
    "export const c = (w: Window) => w.sessionStorage;",
    "export const d = localStorage.length;",
    "export const e = (w: Window) => w['localStorage'];",
    "import Cookies from 'js-cookie';\nexport const f = Cookies.get('x');",
  ];

  it.each(cases)("fails outside the consented store: %s", async (code) => {
    expect(await lint("src/components/ui/example.ts", code)).not.toEqual([]);
  });

  it("passes in the consented store", async () => {
    expect(await lint("src/consent/consented-store.ts", cases.slice(0, 6).join("\n"))).toEqual([]);
  });
});
