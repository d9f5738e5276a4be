/** Images of the embedded content: files under content/images, sourced as File nodes by gatsby-source-filesystem. */
import type { GraphQLResolveInfo } from "gatsby/graphql";
import { cdnImageData, type CdnImageArgs } from "../content/image-cdn";
import { readServerConfig } from "../../config";
import { CONTENT_IMAGES } from "../../config/content";
import type { ResolverContext } from "../schema/extensions";

const { imageCdnDomain } = readServerConfig();

type FieldResolvers = { getFields(): Record<string, { resolve: Function }> };

const IMAGES_PREFIX = `${CONTENT_IMAGES.folder}/`;

/** An image a content file names: a path under content/, e.g. images/blog/remote-support.png. */
export const isLocalImage = (src: string) => src.startsWith(IMAGES_PREFIX);

async function findImageFile(src: string, context: ResolverContext) {
  // The filesystem source reads content/images: its relativePath has no "images/".
  const relativePath = src.slice(IMAGES_PREFIX.length);
  const file = await context.nodeModel.findOne({
    type: "File",
    query: { filter: { sourceInstanceName: { eq: CONTENT_IMAGES.name }, relativePath: { eq: relativePath } } },
  });
  if (!file) throw new Error(`Image "${src}" not found in content/`);
  return file;
}

/** The original file's public URL (copied into public/static by Gatsby), e.g. for Open Graph images. */
export async function localImageUrl(src: string, context: ResolverContext, info: GraphQLResolveInfo) {
  const file = await findImageFile(src, context);
  const fileType = info.schema.getType("File") as unknown as FieldResolvers;
  return fileType.getFields().publicURL.resolve(file, {}, context, info);
}

/** gatsby-plugin-image data per image version and arguments. */
const imageDataMemo = new Map<string, Promise<unknown>>();

/** Resolves an image under content/images to gatsby-plugin-image data via the ImageSharp resolver. */
export async function localImageData(src: string, args: Record<string, unknown>, context: ResolverContext, info: GraphQLResolveInfo) {
  const file = await findImageFile(src, context);
  const sharp = await context.nodeModel.findOne({ type: "ImageSharp", query: { filter: { parent: { id: { eq: file.id } } } } });
  if (!sharp) return null;
  if (imageCdnDomain) return cdnLocalImageData(src, sharp, args, context, info);
  const key = `${sharp.id}:${sharp.internal.contentDigest}:${JSON.stringify(args)}`;
  let data = imageDataMemo.get(key);
  if (!data) {
    data = Promise.resolve(sharpImageData(sharp, args, context, info));
    imageDataMemo.set(key, data);
    data.catch(() => imageDataMemo.delete(key)); // a failure is not remembered
  }
  return data;
}

async function cdnLocalImageData(
  src: string,
  sharp: object,
  args: Record<string, unknown>,
  context: ResolverContext,
  info: GraphQLResolveInfo,
) {
  const imageSharp = info.schema.getType("ImageSharp") as unknown as FieldResolvers;
  // The CDN pulls the original from the site (copied to public/static), sized by the URL builder.
  const original = (await imageSharp.getFields().original.resolve(sharp, {}, context, info)) as { width: number; height: number };
  const path = (await localImageUrl(src, context, info)) as string;
  return cdnImageData(imageCdnDomain!, { path, width: original.width, height: original.height }, args as CdnImageArgs);
}

function sharpImageData(sharp: object, args: Record<string, unknown>, context: ResolverContext, info: GraphQLResolveInfo) {
  const imageSharp = info.schema.getType("ImageSharp") as unknown as FieldResolvers;
  // GatsbyImageFormat.AUTO is "auto"; the sharp resolver spells "keep the source format" as "".
  const formats = Array.isArray(args.formats) ? args.formats.map((f) => (f === "auto" ? "" : f)) : undefined;
  return imageSharp.getFields().gatsbyImageData.resolve(sharp, { ...args, ...(formats ? { formats } : {}) }, context, info);
}
