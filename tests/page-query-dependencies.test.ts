/**
 * A page query that reads a connection over blog or book posts (`allBlogPost(…)`, `blogPost(id: { eq:
 * $maybeEmpty })`) makes the page depend on every post, so one post's edit would re-run every such
 * page's query (docs/architecture.md#publish-to-live). Pages read posts by id (src/node/schema/resolvers.ts).
 * The build-level proof is scripts/test-incremental.ts; this is the fast guard.
 */
import fs from "node:fs";
import path from "node:path";
import { parse, visit, type FieldNode } from "graphql";
import { describe, expect, it } from "vitest";
import { REPO_ROOT as ROOT } from "./fixtures/repo-root";

const PER_POST_TYPES = ["BlogPost", "BookPost"];

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? sourceFiles(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : []));
}

/** Every graphql`…` document in the UI (page, static and fragment queries). */
function documents() {
  return [
    ...sourceFiles("src/templates"),
    ...sourceFiles("src/pages"),
    ...sourceFiles("src/components"),
    ...sourceFiles("src/hooks"),
  ].flatMap((file) =>
    [...fs.readFileSync(path.join(ROOT, file), "utf8").matchAll(/graphql`([^`]*)`/g)].map((m) => ({
      file,
      doc: parse(m[1].replace(/\$\{[^}]*\}/g, "")),
    })),
  );
}

/** Root fields of operations (not fields inside fragments or nested selections). */
function rootFields(doc: ReturnType<typeof parse>): FieldNode[] {
  return doc.definitions.flatMap((d) =>
    d.kind === "OperationDefinition" ? d.selectionSet.selections.filter((s): s is FieldNode => s.kind === "Field") : [],
  );
}

describe("page data dependencies", () => {
  const all = documents();

  it("finds the UI's queries", () => {
    expect(all.length).toBeGreaterThan(20);
    expect(all.some(({ doc }) => rootFields(doc).some((f) => f.name.value === "blogPostsById"))).toBe(true);
  });

  it("no query reads a connection over a per-post type", () => {
    const connections = PER_POST_TYPES.flatMap((t) => [`all${t}`]);
    const offenders = all.flatMap(({ file, doc }) =>
      rootFields(doc)
        .filter((f) => connections.includes(f.name.value))
        .map((f) => `${file}: ${f.name.value}`),
    );
    expect(offenders).toEqual([]);
  });

  it("single posts are read by a variable id only through the by-id fields (an empty id must not match 'any post')", () => {
    const singles = PER_POST_TYPES.map((t) => t[0].toLowerCase() + t.slice(1));
    const offenders: string[] = [];
    for (const { file, doc } of all)
      for (const field of rootFields(doc)) {
        if (!singles.includes(field.name.value)) continue;
        // blogPost(id: { eq: $id }) is fine for the page's own node (its id is always set).
        let variable = "";
        visit(field.arguments?.[0] ?? field, { Variable: (v) => void (variable ||= v.name.value) });
        if (variable !== "id") offenders.push(`${file}: ${field.alias?.value ?? field.name.value}(… $${variable})`);
      }
    expect(offenders).toEqual([]);
  });
});
