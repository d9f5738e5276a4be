/**
 * gatsby-source-contentful keeps long text, JSON and links under `<field>___NODE` keys, a naming it does not
 * promise (docs/upgrade-canaries.md). This runs the plugin's own node creation on one entry and reads the result
 * the way the schema does (textOf, jsonOf, and the links' `@link(from: "<field>___NODE")`): a plugin upgrade that
 * renames the keys fails here.
 */
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { jsonOf, textOf, type ContentfulResolverContext } from "../../../../src/node/contentful/schema";

type Node = Record<string, any>;

/** The plugin's own node creation (untyped: its normalize module ships no declarations). */
const { createNodesForContentType } = createRequire(__filename)("gatsby-source-contentful/normalize") as {
  createNodesForContentType: (options: Record<string, unknown>) => Promise<unknown>;
};

async function pluginNodes(): Promise<Node[]> {
  const nodes: Node[] = [];
  const updatedAt = "2026-01-01T00:00:00.000Z";
  await createNodesForContentType({
    contentTypeItem: {
      name: "landingPage",
      displayField: "title",
      description: "",
      sys: { id: "landingPage", type: "ContentType", updatedAt },
      fields: [
        { id: "body", type: "Text", localized: false },
        { id: "meta", type: "Object", localized: false },
        { id: "blocks", type: "Object", localized: false },
        { id: "related", type: "Link", linkType: "Entry", localized: false },
      ],
    },
    restrictedNodeFields: ["id", "children", "parent", "fields", "internal"],
    conflictFieldPrefix: "contentfulLandingPage",
    entries: [
      {
        sys: { id: "entry1", type: "Entry", updatedAt, createdAt: updatedAt, revision: 1, contentType: { sys: { id: "landingPage" } } },
        metadata: { tags: [] },
        fields: {
          body: { "en-US": "Long text" },
          meta: { "en-US": { a: 1 } },
          blocks: { "en-US": [{ b: 2 }, { c: 3 }] },
          related: { "en-US": { sys: { type: "Link", linkType: "Entry", id: "entry2" } } },
        },
      },
    ],
    unstable_createNodeManifest: () => {},
    createNode: (node: Node) => {
      nodes.push(node);
      return Promise.resolve();
    },
    createNodeId: (input: string) => `id-${input}`,
    getNode: () => undefined,
    resolvable: new Set(["entry1___Entry", "entry2___Entry"]),
    foreignReferenceMap: {},
    defaultLocale: "en-US",
    locales: [{ code: "en-US", default: true, fallbackCode: null }],
    space: { sys: { id: "space" } },
    useNameForId: true,
    pluginConfig: new Map<string, unknown>([["typePrefix", "Contentful"]]),
  });
  return nodes;
}

const contextOf = (nodes: Node[]) =>
  ({
    nodeModel: { getNodeById: ({ id }: { id: string }) => nodes.find((n) => n.id === id) ?? null },
  }) as unknown as ContentfulResolverContext;

describe("gatsby-source-contentful's ___NODE keys", () => {
  it("long text and JSON come back through textOf and jsonOf; a link is `<field>___NODE`", async () => {
    const nodes = await pluginNodes();
    const entry = nodes.find((n) => n.internal?.type === "ContentfulLandingPage")!;
    expect(entry).toBeDefined();
    const context = contextOf(nodes);
    expect(textOf(entry, "body", context)).toBe("Long text");
    expect(jsonOf(entry, "meta", context)).toEqual({ a: 1 });
    expect(jsonOf(entry, "blocks", context)).toEqual([{ b: 2 }, { c: 3 }]);
    expect(typeof entry.related___NODE).toBe("string");
  });
});
