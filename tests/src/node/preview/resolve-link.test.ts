import { describe, expect, it, vi } from "vitest";
import { buildSchema } from "graphql";
import { linkResolver, type GatsbyData } from "../../../../src/node/preview/resolve-link";

const schema = buildSchema(`
  scalar JSON
  input IdFilter { eq: String }
  interface ImageAsset { alt: String! gatsbyImageData(width: Int): JSON }
  type ContentfulAsset implements ImageAsset { id: ID! alt: String! gatsbyImageData(width: Int): JSON }
  type ContentfulAuthor { id: ID! name: String! }
  type BlogPost { image: ImageAsset! authors: [ContentfulAuthor!]! }
  type Query { blogPost(id: IdFilter): BlogPost contentfulAsset(id: IdFilter): ContentfulAsset contentfulAuthor(id: IdFilter): ContentfulAuthor }
`);
const pageQuery = `query Post($id: String!) { blogPost(id: { eq: $id }) { image { alt gatsbyImageData(width: 760) } authors { name } } }`;
const node = (id: string, contentful_id: string, type: string, extra: Record<string, unknown> = {}) => ({
  id,
  contentful_id,
  node_locale: "en-US",
  internal: { type },
  ...extra,
});
const nodes = [
  node("n-post", "p1", "ContentfulBlogPost", { image___NODE: "n-a1", authors___NODE: ["n-au1"] }),
  node("n-a1", "a1", "ContentfulAsset"),
  node("n-a2-de", "a2", "ContentfulAsset", { node_locale: "de" }),
  node("n-a2", "a2", "ContentfulAsset"),
  node("n-au1", "au1", "ContentfulAuthor"),
  node("n-au2", "au2", "ContentfulAuthor"),
];

function fakeGatsby(run: GatsbyData["run"]): GatsbyData {
  return {
    schema: () => schema,
    queryOf: (document) =>
      document.kind === "page" && document.path === "/blog/a/" ? { query: pageQuery, variables: { id: "n-post" } } : undefined,
    getNode: (id) => nodes.find((n) => n.id === id),
    nodes: () => nodes,
    run,
  };
}
const swap = (field: string, ids: string[]) => ({
  document: { kind: "page" as const, path: "/blog/a/" },
  path: ["blogPost", field],
  entryId: "p1",
  field,
  ids,
});

describe("a live edit's new link resolves through Gatsby's data layer, the same link keeps its rendering (docs/content.md#live-preview-links)", () => {
  it("leaves a field alone when its links are the ones Gatsby synced", async () => {
    const run = vi.fn();
    const { resolve, report } = linkResolver(() => fakeGatsby(run))();
    expect(await resolve(swap("image", ["a1"]), false)).toBeUndefined();
    expect(await resolve(swap("authors", ["au1"]), true)).toBeUndefined();
    expect(run).not.toHaveBeenCalled();
    expect(report).toEqual({ awaitingSync: [], failed: [] });
  });

  it("asks for another asset by its node in the preview's locale, with the page's query arguments and variables", async () => {
    const run = vi.fn(async (_query: string, _variables: Record<string, unknown>) => ({
      data: { node: { alt: "new", gatsbyImageData: { w: 760 } } },
    }));
    const { resolve } = linkResolver(() => fakeGatsby(run))();
    expect(await resolve(swap("image", ["a2"]), false)).toEqual({ alt: "new", gatsbyImageData: { w: 760 } });
    expect(run).toHaveBeenCalledWith(expect.stringContaining('contentfulAsset(id: {eq: "n-a2"})'), { id: "n-post" });
    expect(run.mock.calls[0][0]).toContain("gatsbyImageData(width: 760)");
  });

  it("resolves a list of references in order", async () => {
    const run = vi.fn(async (q: string) => ({ data: { node: { name: q.includes("n-au2") ? "Two" : "One" } } }));
    const { resolve } = linkResolver(() => fakeGatsby(run))();
    expect(await resolve(swap("authors", ["au2", "au1"]), true)).toEqual([{ name: "Two" }, { name: "One" }]);
  });

  it("keeps the rendering, and says so, for an asset Gatsby has not synced yet or a query that fails", async () => {
    const { resolve, report } = linkResolver(() => fakeGatsby(async () => ({ errors: [{ message: "boom" }] })))();
    expect(await resolve(swap("image", ["a-new"]), false)).toBeUndefined();
    expect(await resolve(swap("authors", ["au2"]), true)).toBeUndefined();
    expect(report).toEqual({ awaitingSync: ["a-new"], failed: ["p1.authors: boom"] });
  });
});
