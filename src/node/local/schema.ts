/**
 * The embedded source's schema: a `Local<Entry>` type implementing each entry interface
 * (src/node/schema), with the links between entries and the Markdown bodies its nodes need, and
 * LocalImage for images under content/images.
 */
import type { NodePluginSchema } from "gatsby";
import { Kind, parse, type GraphQLResolveInfo, type ObjectTypeDefinitionNode } from "gatsby/graphql";
import { entityFields, entities, implementations } from "../schema";
import { fieldConfigs, type ResolverContext } from "../schema/extensions";
import { localImageData, localImageUrl } from "./images";

/** Field SDL the embedded source overrides: links between entries (by slug or node id) and Markdown bodies. */
export const localOverrides: Record<string, string> = {
  "LandingPage.sections": "sections: [LandingSection!]! @link",
  "MarkdownSection.body": 'body: MarkdownBody! @markdown(from: "bodyMarkdown")',
  // the interface: the form may come from the embedded content or from HubSpot
  "FormSection.form": 'form: LeadForm @link(by: "alternative_id", from: "formId")',
  "Author.bio": 'bio: MarkdownBody! @markdown(from: "bioMarkdown")',
  "BlogPost.author": 'author: LocalAuthor! @link(from: "authorId")',
  "BlogPost.category": 'category: LocalCategory! @link(from: "categoryId")',
  "Book.author": 'author: LocalAuthor! @link(from: "authorId")',
  "Book.intro": 'intro: MarkdownBody! @markdown(from: "introMarkdown")',
  "Book.chapters": 'chapters: [LocalBookPost!]! @link(from: "chapterIds")',
  "BookPost.book": 'book: LocalBook! @link(from: "bookId")',
  "InterviewGuide.jobDescription": 'jobDescription: LocalJobDescription! @link(by: "slug")',
  "JobDescription.interviewGuide": 'interviewGuide: LocalInterviewGuide! @link(by: "slug")',
};
// Every other Markdown body is kept on the node as bodyMarkdown.
for (const name of Object.keys(entities)) {
  const body = entityFields(name).find((f) => f.name === "body");
  if (body?.type === "MarkdownBody!" && !localOverrides[`${name}.body`])
    localOverrides[`${name}.body`] = 'body: MarkdownBody! @markdown(from: "bodyMarkdown")';
}

/** An image as content files write it ({src, alt}): url and gatsbyImageData are resolved from the file. */
export const localImageSdl = /* GraphQL */ `
  type LocalImage implements ImageAsset {
    alt: String!
    "The file's path under content/, e.g. images/blog/remote-support.png."
    src: String!
    url: String
    width: Int
    height: Int
    gatsbyImageData: GatsbyImageData
  }
`;
const localImageNode = parse(localImageSdl).definitions[0] as ObjectTypeDefinitionNode;
if (localImageNode.kind !== Kind.OBJECT_TYPE_DEFINITION) throw new Error("local schema: LocalImage must be an object type");

/** Every type the embedded source adds, as SDL (LocalImage's resolvers are attached in localSchemaTypes). */
export const localTypeDefs = (): string => implementations("Local", { fieldOverrides: localOverrides });

export function localSchemaTypes(schema: NodePluginSchema) {
  const fields = fieldConfigs(localImageNode);
  return [
    schema.buildObjectType({
      name: "LocalImage",
      interfaces: ["ImageAsset"],
      fields: {
        ...fields,
        url: {
          ...fields.url,
          resolve: (source: { src: string }, _args: unknown, context: ResolverContext, info: GraphQLResolveInfo) =>
            localImageUrl(source.src, context, info),
        },
        gatsbyImageData: {
          ...fields.gatsbyImageData,
          resolve: (source: { src: string }, args: Record<string, unknown>, context: ResolverContext, info: GraphQLResolveInfo) =>
            localImageData(source.src, args, context, info),
        },
      },
    }),
    localTypeDefs(),
  ];
}
