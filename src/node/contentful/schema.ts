/**
 * The Contentful source adapter's schema: gatsby-source-contentful creates `Contentful<Type>` nodes (long text
 * and JSON values as child nodes, links as `<field>___NODE`) and would infer their fields from the data, so a
 * field empty in every entry would vanish.
 */
import type { GraphQLResolveInfo } from "gatsby/graphql";
import { ENTRY_ID_IMPLEMENTATION, entityFields } from "../schema";
import type { ResolverContext } from "../schema/extensions";
import { sanitize } from "../content/markdown";
import { contentModel, type ContentTypeModel, type ModelField } from "./model";
import { experienceNodeFields, type AudienceEntry, type ExperienceEntry } from "../content/experiences";

type NodeData = Record<string, any>;
export type ContentfulResolverContext = ResolverContext;

/** gatsby-source-contentful's type name for a content type (its makeTypeName with the default prefix). */
export function contentfulTypeName(contentTypeId: string): string {
  return `Contentful${contentTypeId
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join("")}`;
}

/** A long text field: the plugin keeps it in a child node (`<field>___NODE`) under the field's own key. */
export function textOf(source: NodeData, field: string, context: ContentfulResolverContext): string | null {
  const direct = source[field];
  if (typeof direct === "string") return direct;
  const id = source[`${field}___NODE`];
  if (typeof id !== "string") return null;
  const node = context.nodeModel.getNodeById({ id });
  return typeof node?.[field] === "string" ? node[field] : null;
}

/** A JSON field: one child node per object (per element for a list); the original JSON is its internal.content. */
export function jsonOf(source: NodeData, field: string, context: ContentfulResolverContext): unknown {
  const ids = source[`${field}___NODE`];
  const parse = (id: unknown) => {
    const node = typeof id === "string" ? context.nodeModel.getNodeById({ id }) : null;
    if (!node || typeof node.internal?.content !== "string") return null;
    return JSON.parse(node.internal.content) as unknown;
  };
  if (Array.isArray(ids)) return ids.map(parse).filter((v) => v !== null);
  return ids === undefined ? null : parse(ids);
}

const isAssetRef = (v: unknown): v is { asset: { sys: { id: string; linkType: "Asset" } }; alt?: string } => {
  const asset = (v as { asset?: { sys?: { linkType?: unknown; id?: unknown } } } | null)?.asset;
  return asset?.sys?.linkType === "Asset" && typeof asset.sys.id === "string";
};

/** Images nested in JSON are `{asset: <Asset link>, alt}`; they resolve to the asset node with that alt. */
export async function withAssets(value: unknown, context: ContentfulResolverContext, locale?: string): Promise<unknown> {
  if (Array.isArray(value)) return Promise.all(value.map((v) => withAssets(v, context, locale)));
  if (isAssetRef(value)) {
    const asset = await findAsset(value.asset.sys.id, context, locale);
    return asset ? { ...asset, alt: value.alt ?? asset.description ?? "" } : null;
  }
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = await withAssets(v, context, locale);
    return out;
  }
  return value;
}

export function findAsset(contentfulId: string, context: ContentfulResolverContext, locale?: string) {
  return context.nodeModel.findOne({
    type: "ContentfulAsset",
    query: { filter: { contentful_id: { eq: contentfulId }, ...(locale ? { node_locale: { eq: locale } } : {}) } },
  });
}

/** `//host/{space}/{assetId}/…` (Contentful's asset URL shape): the asset id, for Markdown images. */
export function assetIdFromUrl(src: string): string | undefined {
  return /^(?:https?:)?\/\/[^/]+\/[^/]+\/([a-zA-Z0-9-_.]{1,64})\/[^/]+\/[^/]+$/.exec(src)?.[1];
}

async function ntExperience(source: NodeData, context: ContentfulResolverContext) {
  const audienceNode =
    typeof source.nt_audience___NODE === "string" ? context.nodeModel.getNodeById({ id: source.nt_audience___NODE }) : null;
  const audiences: AudienceEntry[] = audienceNode
    ? [
        {
          nt_audience_id: audienceNode.nt_audience_id,
          nt_name: audienceNode.nt_name,
          nt_description: textOf(audienceNode, "nt_description", context) ?? undefined,
          nt_rules: (jsonOf(audienceNode, "nt_rules", context) ?? {}) as AudienceEntry["nt_rules"],
        },
      ]
    : [];
  const variants = ((source.nt_variants___NODE ?? []) as string[])
    .map((id) => context.nodeModel.getNodeById({ id }))
    .filter((n): n is NodeData => n !== null)
    .map((n) => (n.internal.type === contentfulTypeName("navigation") ? `navigation:${n.navId}` : `hero:${n.variantId}`));
  const entry: ExperienceEntry = {
    nt_experience_id: source.nt_experience_id,
    nt_name: source.nt_name,
    nt_description: textOf(source, "nt_description", context) ?? undefined,
    nt_type: source.nt_type,
    nt_audience: audiences[0]?.nt_audience_id,
    nt_config: (jsonOf(source, "nt_config", context) ?? {}) as ExperienceEntry["nt_config"],
    nt_variants: variants,
  };
  return experienceNodeFields(entry, audiences);
}

/** Field extensions the Contentful types use (registered only when the adapter is on). */
export function registerContentfulExtensions(createFieldExtension: Function) {
  createFieldExtension({
    name: "ctfText",
    args: { from: "String", sanitize: "Boolean" },
    extend: (options: { from?: string; sanitize?: boolean }) => ({
      resolve: (source: NodeData, _args: unknown, context: ContentfulResolverContext, info: GraphQLResolveInfo) => {
        const text = textOf(source, options.from ?? info.fieldName, context);
        return text !== null && options.sanitize ? sanitize(text) : text;
      },
    }),
  });
  createFieldExtension({
    name: "ctfJson",
    extend: () => ({
      resolve: (source: NodeData, _args: unknown, context: ContentfulResolverContext, info: GraphQLResolveInfo) =>
        withAssets(jsonOf(source, info.fieldName, context), context, source.node_locale),
    }),
  });
  createFieldExtension({
    name: "ctfConst",
    args: { value: "String!" },
    extend: (options: { value: string }) => ({ resolve: () => options.value }),
  });
  createFieldExtension({
    name: "ctfAlt",
    extend: () => ({
      resolve: (source: NodeData) => (typeof source.alt === "string" ? source.alt : (source.description ?? source.title ?? "")),
    }),
  });
  createFieldExtension({
    name: "ntExperience",
    extend: () => ({
      resolve: async (source: NodeData, _args: unknown, context: ContentfulResolverContext, info: GraphQLResolveInfo) =>
        (await ntExperience(source, context))[info.fieldName as keyof ReturnType<typeof experienceNodeFields>],
    }),
  });
}

const NT_AUDIENCE_FIELDS: Record<string, string> = {
  audienceId: 'audienceId: String! @proxy(from: "nt_audience_id")',
  name: 'name: String! @proxy(from: "nt_name")',
  description: 'description: String @ctfText(from: "nt_description")',
};

function fieldSdl(model: ContentTypeModel, field: { name: string; args: string; type: string; directives: string }): string {
  const head = `${field.name}${field.args}: ${field.type}`;
  if (model.id === "nt_experience") return `${head} @ntExperience`;
  if (model.id === "nt_audience") return NT_AUDIENCE_FIELDS[field.name];
  const constant = model.constants[field.name];
  if (constant !== undefined) return `${head} @ctfConst(value: ${JSON.stringify(constant)})`;
  const stored: ModelField | undefined = model.fields.find((f) => f.id === field.name);
  if (!stored) throw new Error(`contentful schema: ${model.id} has no field for ${model.implements}.${field.name}`);
  switch (stored.kind) {
    case "Text":
      return `${head} @ctfText${field.directives.includes("@sanitized") ? "(sanitize: true)" : ""}`;
    case "Markdown":
      return `${head} @markdown(from: "${field.name}")`;
    case "Object":
      return `${head} @ctfJson`;
    case "Asset":
    case "Entry":
    case "Entries":
      return `${head} @link(from: "${field.name}___NODE")`;
    default:
      return `${head} ${field.directives}`.trim();
  }
}

/** SDL of every Contentful type: `type Contentful<X> implements Node & <Interface> @dontInfer { … }`. */
export function contentfulTypeDefs(): string {
  const types = contentModel.map((model) => {
    const fields = entityFields(model.implements).map((f) => fieldSdl(model, f));
    const extra = model.constants.blocktype ? ["LandingSection"] : [];
    return `type ${contentfulTypeName(model.id)} implements ${["Node", model.implements, ...extra].join(" & ")} @dontInfer { id: ID! ${fields.join(" ")} ${ENTRY_ID_IMPLEMENTATION} }`;
  });
  // The plugin's asset type serves every image field (ImageAsset); alt comes from the use or the asset's description.
  types.push(`type ContentfulAsset implements Node & ImageAsset { alt: String! @ctfAlt url: String }`);
  return types.join("\n");
}

/** An image in a Markdown body, by its asset URL: the plugin's own gatsbyImageData resolver (null: not an asset of this space). */
export async function contentfulImageData(
  src: string,
  args: Record<string, unknown>,
  context: ContentfulResolverContext,
  info: GraphQLResolveInfo,
): Promise<unknown> {
  const assetType = info.schema.getType("ContentfulAsset") as unknown as { getFields(): Record<string, { resolve: Function }> } | undefined;
  const assetId = assetIdFromUrl(src);
  if (!assetType || !assetId) return null;
  const asset = await findAsset(assetId, context);
  if (!asset) return null;
  return assetType.getFields().gatsbyImageData.resolve(asset, args, context, info);
}
