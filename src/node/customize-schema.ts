/**
 * createSchemaCustomization: the shared interfaces, the `@markdown` field extension every source
 * uses for Markdown bodies, and the embedded source's concrete types.
 */
import type { GatsbyNode, NodePluginSchema } from "gatsby";
import type { GraphQLResolveInfo } from "gatsby/graphql";
import { entities, implementations, interfaceTypeDefs, sharedTypes } from "./schema";
import { renderMarkdown, sanitize, type RenderCache, type ResolvedImage } from "./markdown";
import { parseUrlTable, type UrlTable } from "../lib/url-table";
import { getGatsbyImageResolver } from "gatsby-plugin-image/graphql-utils";
import { cdnImageData, type CdnImageArgs } from "./image-cdn";
import { readServerConfig } from "../config";
import { assetIdFromUrl, contentfulTypeDefs, findAsset, registerContentfulExtensions, textOf } from "./contentful/schema";

const { imageCdnDomain } = readServerConfig();

// Minimal view of Gatsby's resolver context we rely on.
interface NodeModel {
  findOne(args: { type: string; query: { filter: Record<string, unknown> } }): Promise<Record<string, any> | null>;
  getNodeById(args: { id: string; type?: string }): Record<string, any> | null;
}
interface ResolverContext {
  nodeModel: NodeModel;
}

async function urlTableFrom(context: ResolverContext): Promise<UrlTable> {
  const settings = await context.nodeModel.findOne({ type: "SiteSettings", query: { filter: {} } });
  return parseUrlTable(settings?.urlTable ?? []);
}

/** Resolves an image under content/images to gatsby-plugin-image data via the ImageSharp resolver. */
export async function localImageData(src: string, args: Record<string, unknown>, context: ResolverContext, info: GraphQLResolveInfo) {
  const file = await findImageFile(src, context);
  const sharp = await context.nodeModel.findOne({ type: "ImageSharp", query: { filter: { parent: { id: { eq: file.id } } } } });
  if (!sharp) return null;
  const imageSharp = info.schema.getType("ImageSharp") as unknown as { getFields(): Record<string, { resolve: Function }> };
  if (imageCdnDomain) {
    // The CDN pulls the original from the site (copied to public/static), sized by the URL builder.
    const original = (await imageSharp.getFields().original.resolve(sharp, {}, context, info)) as { width: number; height: number };
    const path = (await localImageUrl(src, context, info)) as string;
    return cdnImageData(imageCdnDomain, { path, width: original.width, height: original.height }, args as CdnImageArgs);
  }
  // GatsbyImageFormat.AUTO is "auto"; the sharp resolver spells "keep the source format" as "".
  const formats = Array.isArray(args.formats) ? args.formats.map((f) => (f === "auto" ? "" : f)) : undefined;
  return imageSharp.getFields().gatsbyImageData.resolve(sharp, { ...args, ...(formats ? { formats } : {}) }, context, info);
}

async function findImageFile(src: string, context: ResolverContext) {
  const file = await context.nodeModel.findOne({
    type: "File",
    query: { filter: { sourceInstanceName: { eq: "content" }, relativePath: { eq: src } } },
  });
  if (!file) throw new Error(`Image "${src}" not found in content/`);
  return file;
}

/** The original file's public URL (copied into public/static by Gatsby), e.g. for Open Graph images. */
export function localImageUrl(src: string, context: ResolverContext, info: GraphQLResolveInfo) {
  return findImageFile(src, context).then((file) => {
    const fileType = info.schema.getType("File") as unknown as { getFields(): Record<string, { resolve: Function }> };
    return fileType.getFields().publicURL.resolve(file, {}, context, info);
  });
}

const MARKDOWN_IMAGE_ARGS = { layout: "constrained", width: 760, formats: ["auto", "webp"], placeholder: "none" };

/** An image in a Contentful Markdown body, by its asset URL: the plugin's own gatsbyImageData resolver. */
async function contentfulImageData(src: string, context: ResolverContext, info: GraphQLResolveInfo) {
  const assetType = info.schema.getType("ContentfulAsset") as unknown as { getFields(): Record<string, { resolve: Function }> } | undefined;
  const assetId = assetIdFromUrl(src);
  if (!assetType || !assetId) return null;
  const asset = await findAsset(assetId, context);
  if (!asset) return null;
  return assetType.getFields().gatsbyImageData.resolve(asset, MARKDOWN_IMAGE_ARGS, context, info);
}

async function markdownImage(src: string, context: ResolverContext, info: GraphQLResolveInfo): Promise<ResolvedImage | undefined> {
  const data = /^images\//.test(src)
    ? await localImageData(src, MARKDOWN_IMAGE_ARGS, context, info)
    : await contentfulImageData(src, context, info);
  if (!data) return undefined;
  const fallback = data.images.fallback;
  return {
    src: fallback.src,
    srcSet: fallback.srcSet,
    sizes: fallback.sizes,
    width: data.width,
    height: data.height,
    sources: data.images.sources,
  };
}

export function registerMarkdownExtension(schema: NodePluginSchema, createFieldExtension: Function, cache?: RenderCache) {
  createFieldExtension({
    name: "markdown",
    args: { from: "String!" },
    extend: (options: { from: string }) => ({
      async resolve(source: Record<string, unknown>, _args: unknown, context: ResolverContext, info: GraphQLResolveInfo) {
        // A string on the node (embedded content) or a long-text child node (Contentful).
        const markdown = textOf(source, options.from, context);
        const rendered = await renderMarkdown(markdown ?? "", {
          urlTable: await urlTableFrom(context),
          resolveImage: (src) => markdownImage(src, context, info),
          cache,
        });
        const segments = await Promise.all(
          rendered.segments.map(async (segment) =>
            segment.kind === "html"
              ? segment
              : {
                  kind: "form",
                  formId: segment.formId,
                  form: await context.nodeModel.findOne({
                    type: "LeadForm",
                    query: { filter: { alternative_id: { eq: segment.formId } } },
                  }),
                },
          ),
        );
        return { ...rendered, segments };
      },
    }),
  });
  void schema;
}

/** Field SDL the embedded source overrides: links between entries and Markdown bodies. */
const localOverrides: Record<string, string> = {
  "LandingPage.sections": "sections: [LandingSection!]! @link",
  "MarkdownSection.body": 'body: MarkdownBody! @markdown(from: "bodyMarkdown")',
  // the interface: the form may come from the embedded content or from HubSpot
  "FormSection.form": 'form: LeadForm @link(by: "alternative_id", from: "formId")',
  "Author.bio": 'bio: MarkdownBody! @markdown(from: "bioMarkdown")',
  "BlogPost.author": 'author: LocalAuthor! @link(by: "slug")',
  "BlogPost.category": 'category: LocalCategory! @link(by: "slug")',
  "Book.author": 'author: LocalAuthor! @link(by: "slug")',
  "Book.intro": 'intro: MarkdownBody! @markdown(from: "introMarkdown")',
  "Book.chapters": 'chapters: [LocalBookPost!]! @link(from: "chapterIds")',
  "BookPost.book": 'book: LocalBook! @link(from: "bookId")',
  "InterviewGuide.jobDescription": 'jobDescription: LocalJobDescription! @link(by: "slug")',
  "JobDescription.interviewGuide": 'interviewGuide: LocalInterviewGuide! @link(by: "slug")',
};
for (const [name, { fields }] of Object.entries(entities)) {
  if (/\bbody: MarkdownBody!/.test(fields) && !localOverrides[`${name}.body`]) {
    localOverrides[`${name}.body`] = 'body: MarkdownBody! @markdown(from: "bodyMarkdown")';
  }
}

// The gatsbyImageData arguments (layout, width, placeholder, …) shared by every image type.
const imageArgs = getGatsbyImageResolver(() => null, {
  placeholder: { type: "GatsbyImagePlaceholder" },
  formats: { type: "[GatsbyImageFormat]" },
  quality: { type: "Int" },
}).args;

export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = ({ actions, schema, cache }) => {
  const { createTypes, createFieldExtension } = actions;
  registerMarkdownExtension(schema, createFieldExtension, cache);
  // HTML from any source (footer items, form texts) is sanitized where the schema serves it.
  createFieldExtension({
    name: "sanitized",
    extend: () => ({
      resolve: (source: Record<string, unknown>, _args: unknown, _context: unknown, info: GraphQLResolveInfo) => {
        const value = source[info.fieldName];
        return typeof value === "string" ? sanitize(value) : null;
      },
    }),
  });
  createTypes([
    schema.buildInterfaceType({
      name: "ImageAsset",
      fields: {
        alt: "String!",
        url: "String",
        width: "Int",
        height: "Int",
        gatsbyImageData: { type: "GatsbyImageData", args: imageArgs },
      },
      resolveType: (value: { imageType?: string; internal?: { type: string } }) => value.imageType ?? value.internal?.type,
    }),
  ]);
  createTypes(sharedTypes.replace(/interface ImageAsset \{[^}]*\}/, ""));
  createTypes(interfaceTypeDefs());
  createTypes([
    schema.buildObjectType({
      name: "LocalImage",
      interfaces: ["ImageAsset"],
      fields: {
        alt: "String!",
        src: "String!",
        url: {
          type: "String",
          resolve: (source: { src: string }, _args: unknown, context: ResolverContext, info: GraphQLResolveInfo) =>
            localImageUrl(source.src, context, info),
        },
        width: "Int",
        height: "Int",
        gatsbyImageData: {
          type: "GatsbyImageData",
          args: imageArgs,
          resolve: (source: { src: string }, args: Record<string, unknown>, context: ResolverContext, info: GraphQLResolveInfo) =>
            localImageData(source.src, args, context, info),
        },
      },
    }),
  ]);
  createTypes(implementations("Local", localOverrides));
  // The Contentful adapter (src/node/contentful): its types implement the same interfaces.
  if (readServerConfig().contentful) {
    registerContentfulExtensions(createFieldExtension);
    createTypes(contentfulTypeDefs());
  }
  // HubSpot sources lead forms only (src/node/hubspot); always declared, so queries work with or without it.
  createTypes(
    implementations("HubSpot")
      .split("\n")
      .filter((type) => type.startsWith("type HubSpotLeadForm ")),
  );
  // Gatsby infers Site from the config, which has an adapter only in a Netlify build: declared here, the
  // generated query types are the same whichever way the site was built.
  createTypes(["type SiteAdapter { name: String }", "type Site implements Node { adapter: SiteAdapter }"]);
};
