import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DOCUMENT_PAGES, documentPages } from "../../../../src/node/create-pages/documents";
import { REPO_ROOT } from "../../../fixtures/repo-root";
import { renderMarkdown } from "../../../../src/node/content/markdown";
import { NOTICE_AT_COLLECTION_ID } from "../../../../src/lib/paths";

const documentsDir = path.resolve(REPO_ROOT, "content/documents");
const contentSlugs = readdirSync(documentsDir)
  .filter((f) => f.endsWith(".md"))
  .map((f) => /^slug:\s*"?([^"\n]+)"?$/m.exec(readFileSync(path.join(documentsDir, f), "utf8"))![1]);

describe("document pages", () => {
  it("creates one page per table entry, at its path, with its eyebrow only where it has one", () => {
    const pages = documentPages(
      [
        { id: "d1", slug: "dei" },
        { id: "d2", slug: "login" },
        { id: "d3", slug: "sign-up" },
      ],
      { dei: { path: "/dei/", eyebrow: "Diversity, equity and inclusion" }, login: { path: "/members/login/" } },
    );
    expect(pages).toEqual([
      { path: "/dei/", context: { id: "d1", eyebrow: "Diversity, equity and inclusion" } },
      { path: "/members/login/", context: { id: "d2" } },
    ]);
  });

  it("serves an alias as the same page, its canonical address the page's own", () => {
    expect(documentPages([{ id: "d1", slug: "privacy" }], { privacy: { path: "/privacy/", aliases: ["/privacy-policy/"] } })).toEqual([
      { path: "/privacy/", context: { id: "d1" } },
      { path: "/privacy-policy/", context: { id: "d1", canonical: "/privacy/" } },
    ]);
  });

  it("keeps the privacy notice's old addresses working", () => {
    const paths = documentPages(Object.keys(DOCUMENT_PAGES).map((slug) => ({ id: slug, slug }))).filter((p) => p.context.id === "privacy");
    expect(paths.map((p) => p.path)).toEqual(["/privacy/", "/privacy-policy/", "/legal/privacy/"]);
  });

  it("the privacy notice has the notice at collection at its stable anchor; the cookie notice, the generated table", async () => {
    const body = (file: string) => readFileSync(path.join(documentsDir, file), "utf8").replace(/^---[\s\S]*?---/, "");
    const privacy = await renderMarkdown(body("privacy.md"), { urlTable: {} });
    expect(privacy.headings.map((h) => h.id)).toContain(NOTICE_AT_COLLECTION_ID);
    expect(privacy.text).toMatch(/Placeholder for counsel/);
    expect(body("cookie-policy.md")).toMatch(/^::cookie-table$/m);
  });

  it("fails, naming every missing slug, when the content lacks a document the table lists", () => {
    expect(() =>
      documentPages([{ id: "d1", slug: "dei" }], { dei: { path: "/dei/" }, ask: { path: "/ask/" }, answers: { path: "/answers/" } }),
    ).toThrow("No document for the pages of ask, answers");
  });

  it("has a document in the embedded content for every page, and a page for every document but sign-up's", () => {
    expect(Object.keys(DOCUMENT_PAGES).filter((slug) => !contentSlugs.includes(slug))).toEqual([]);
    expect(contentSlugs.filter((slug) => !(slug in DOCUMENT_PAGES)).sort()).toEqual(["sign-up"]);
  });

  it("keeps the paths the site has always had", () => {
    expect(
      Object.values(DOCUMENT_PAGES)
        .map((p) => p.path)
        .sort(),
    ).toEqual([
      "/answers/",
      "/ask/",
      "/classes/",
      "/cookie-policy/",
      "/customer-first/",
      "/dei/",
      "/fundraising-with-purpose/",
      "/legal/baa/covered-entity/",
      "/legal/baa/subcontractor/",
      "/members/login/",
      "/privacy/",
      "/referral/",
      "/webinars/foundations-of-great-service/",
    ]);
  });
});
