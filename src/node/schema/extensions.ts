/**
 * What every source's types share beyond SDL: the `@sanitized` and `@markdown` field extensions and
 * the ImageAsset interface, whose gatsbyImageData arguments and type resolution SDL cannot express.
 */
import type { NodePluginSchema } from "gatsby";
import { print, type GraphQLResolveInfo, type InterfaceTypeDefinitionNode, type ObjectTypeDefinitionNode } from "gatsby/graphql";
import { getGatsbyImageResolver } from "gatsby-plugin-image/graphql-utils";
import { renderMarkdown, sanitize, type RenderCache, type ResolvedImage } from "../content/markdown";
import { buildCookieTable } from "../content/cookie-table";
import { parseUrlTable, type UrlTable } from "../../lib/url-table";
import { imageAssetInterface } from "./index";

type NodeData = Record<string, any>;
/** Minimal view of Gatsby's resolver context we rely on. */
export interface ResolverContext {
  nodeModel: {
    findOne(args: { type: string; query: { filter: Record<string, unknown> } }): Promise<NodeData | null>;
    getNodeById(args: { id: string; type?: string }): NodeData | null;
  };
}
type CreateFieldExtension = (extension: { name: string; args?: Record<string, string>; extend: Function }) => void;

/** gatsby-plugin-image's gatsbyImageData arguments (layout, width, placeholder, …), shared by every image type. */
export const imageArgs = getGatsbyImageResolver(() => null, {
  placeholder: { type: "GatsbyImagePlaceholder" },
  formats: { type: "[GatsbyImageFormat]" },
  quality: { type: "Int" },
}).args;

/** A type's fields as a Gatsby type builder takes them, from its SDL (descriptions kept). */
export function fieldConfigs(node: ObjectTypeDefinitionNode | InterfaceTypeDefinitionNode) {
  return Object.fromEntries(
    (node.fields ?? []).map((field) => [
      field.name.value,
      {
        type: print(field.type),
        description: field.description?.value,
        ...(field.name.value === "gatsbyImageData" ? { args: imageArgs } : {}),
      },
    ]),
  );
}

/** Markdown bodies are GFM; images in them are resolved by the source that holds them. */
export interface MarkdownSources {
  /** The Markdown of a body whose node does not hold it as a string (e.g. in a child node). */
  readText(source: NodeData, field: string, context: ResolverContext): string | null;
  /** gatsby-plugin-image data of an image a body names, or null when no source has it. */
  imageData(src: string, args: Record<string, unknown>, context: ResolverContext, info: GraphQLResolveInfo): Promise<any>;
  /** Rendered bodies kept across builds by content digest (Gatsby's plugin cache). */
  cache?: RenderCache;
}

const MARKDOWN_IMAGE_ARGS = { layout: "constrained", width: 760, formats: ["auto", "webp"], placeholder: "none" };

async function urlTableFrom(context: ResolverContext): Promise<UrlTable> {
  const settings = await context.nodeModel.findOne({ type: "SiteSettings", query: { filter: {} } });
  return parseUrlTable(settings?.urlTable ?? []);
}

async function markdownImage(src: string, sources: MarkdownSources, context: ResolverContext, info: GraphQLResolveInfo) {
  const data = await sources.imageData(src, MARKDOWN_IMAGE_ARGS, context, info);
  if (!data) return undefined;
  const fallback = data.images.fallback;
  const image: ResolvedImage = {
    src: fallback.src,
    srcSet: fallback.srcSet,
    sizes: fallback.sizes,
    width: data.width,
    height: data.height,
    sources: data.images.sources,
  };
  return image;
}

export function registerSharedExtensions(createFieldExtension: CreateFieldExtension, sources: MarkdownSources) {
  let cookieTable: string | undefined;
  createFieldExtension({
    name: "markdown",
    args: { from: "String!" },
    extend: (options: { from: string }) => ({
      async resolve(source: NodeData, _args: unknown, context: ResolverContext, info: GraphQLResolveInfo) {
        const direct = source[options.from];
        const markdown = typeof direct === "string" ? direct : sources.readText(source, options.from, context);
        const rendered = await renderMarkdown(markdown ?? "", {
          urlTable: await urlTableFrom(context),
          resolveImage: (src) => markdownImage(src, sources, context, info),
          cache: sources.cache,
          cookieTable: (cookieTable ??= buildCookieTable()),
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
  // HTML from any source (footer items, form texts) is sanitized where the schema serves it.
  createFieldExtension({
    name: "sanitized",
    extend: () => ({
      resolve: (source: NodeData, _args: unknown, _context: unknown, info: GraphQLResolveInfo) => {
        const value = source[info.fieldName];
        return typeof value === "string" ? sanitize(value) : null;
      },
    }),
  });
}

/** ImageAsset: its SDL, gatsbyImageData's arguments, and the type of a value (a tagged object or an asset node). */
export function imageAssetType(schema: NodePluginSchema) {
  return schema.buildInterfaceType({
    name: imageAssetInterface.name.value,
    description: imageAssetInterface.description?.value,
    fields: fieldConfigs(imageAssetInterface),
    resolveType: (value: { imageType?: string; internal?: { type: string } }) => value.imageType ?? value.internal?.type,
  });
}
