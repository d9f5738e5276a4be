/**
 * The whole GraphQL schema, built per source with graphql's own buildSchema and validated, so a broken SDL
 * line (an unknown type, a typo in a directive, a source type that no longer satisfies its interface) fails
 * here rather than in the middle of a Gatsby build.
 */
import { describe, expect, it } from "vitest";
import { buildSchema, isInterfaceType, print, validateSchema, type GraphQLSchema } from "gatsby/graphql";
import { entities, imageAssetInterface, interfaceTypeDefs, sharedTypes } from "../../../../src/node/schema";
import { registerSharedExtensions } from "../../../../src/node/schema/extensions";
import { localImageSdl, localTypeDefs } from "../../../../src/node/local/schema";
import { contentfulTypeDefs, registerContentfulExtensions } from "../../../../src/node/contentful/schema";
import { hubspotTypeDefs } from "../../../../src/node/hubspot/schema";
import { registerEntryIdExtension } from "../../../../src/node/preview/entry-id";

/** The directives our field extensions declare, as Gatsby turns them into SDL directives. */
function extensionDirectives(): string {
  const directives: string[] = [];
  const record = ({ name, args = {} }: { name: string; args?: Record<string, string> }) => {
    const list = Object.entries(args).map(([arg, type]) => `${arg}: ${type}`);
    directives.push(`directive @${name}${list.length ? `(${list.join(", ")})` : ""} on FIELD_DEFINITION`);
  };
  registerSharedExtensions(record, { readText: () => null, imageData: async () => null });
  registerContentfulExtensions(record);
  registerEntryIdExtension(record, false);
  return directives.join("\n");
}

/** What Gatsby and its plugins provide: the Node interface, scalars and built-in directives. */
const gatsbyPrelude = /* GraphQL */ `
  interface Node {
    id: ID!
  }
  type Query {
    node(id: ID!): Node
  }
  scalar Date
  scalar GatsbyImageData
  directive @dontInfer on OBJECT | INTERFACE
  directive @link(by: String = "id", from: String, on: String) on FIELD_DEFINITION
  directive @dateformat(formatString: String, locale: String, fromNow: Boolean, difference: String) on FIELD_DEFINITION
  directive @proxy(from: String!, fromNode: Boolean) on FIELD_DEFINITION
`;
// gatsby-source-contentful's own ContentfulAsset fields, which the adapter's declaration extends.
const contentfulPluginAsset = /* GraphQL */ `
  extend type ContentfulAsset {
    id: ID!
    width: Int
    height: Int
    gatsbyImageData: GatsbyImageData
  }
`;

const contract = () => [gatsbyPrelude, extensionDirectives(), sharedTypes, print(imageAssetInterface), interfaceTypeDefs()].join("\n");
const sources: Record<string, () => string> = {
  embedded: () => [localImageSdl, localTypeDefs()].join("\n"),
  contentful: () => [contentfulTypeDefs(), contentfulPluginAsset].join("\n"),
  hubspot: () => hubspotTypeDefs(),
};

function build(source: string): GraphQLSchema {
  const schema = buildSchema([contract(), sources[source]()].join("\n"));
  expect(validateSchema(schema).map((e) => e.message)).toEqual([]);
  return schema;
}

describe("the GraphQL schema", () => {
  it.each(Object.keys(sources))("builds and validates with the %s source's types", (source) => {
    const schema = build(source);
    for (const name of Object.keys(entities)) expect(isInterfaceType(schema.getType(name)), name).toBe(true);
  });

  it("every source implements every entry interface, except HubSpot, which provides lead forms only", () => {
    const implemented = (source: string) => {
      const schema = build(source);
      return Object.keys(entities).filter((name) => schema.getPossibleTypes(schema.getType(name) as never).length > 0);
    };
    expect(implemented("embedded")).toEqual(Object.keys(entities));
    expect(implemented("contentful")).toEqual(Object.keys(entities));
    expect(implemented("hubspot")).toEqual(["LeadForm"]);
  });

  it("a broken SDL line fails the build of the schema", () => {
    const broken = interfaceTypeDefs().replace("title: String!", "title: Strin!");
    expect(() => buildSchema([gatsbyPrelude, extensionDirectives(), sharedTypes, print(imageAssetInterface), broken].join("\n"))).toThrow(
      /Unknown type "Strin"/,
    );
  });

  it("describes every interface and every field of it (GraphiQL teaches the content model)", () => {
    const schema = build("embedded");
    const interfaces = Object.values(schema.getTypeMap())
      .filter(isInterfaceType)
      .filter((t) => t.name !== "Node");
    expect(interfaces.map((t) => t.name)).toEqual(expect.arrayContaining(["ImageAsset", "LandingSection", "BlogPost"]));
    const missing = interfaces.flatMap((type) => [
      ...(type.description?.trim() ? [] : [type.name]),
      ...Object.values(type.getFields())
        .filter((field) => !field.description?.trim())
        .map((field) => `${type.name}.${field.name}`),
    ]);
    expect(missing).toEqual([]);
  });
});
