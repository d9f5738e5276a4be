/** gatsby-plugin-image data served by an image CDN (docs/product-rules.md#images, #constants). */
import { generateImageData, type IGatsbyImageData, type ImageFormat, type Layout } from "gatsby-plugin-image";
import { IMAGE_DEFAULTS, buildImageUrl, validateImageArgs } from "../../lib/image-url";

/** The gatsbyImageData field's arguments, as GraphQL passes them (layout in either spelling). */
export interface CdnImageArgs {
  layout?: string;
  width?: number;
  height?: number;
  aspectRatio?: number;
  placeholder?: string;
  formats?: string[];
  quality?: number;
  breakpoints?: number[];
  sizes?: string;
  backgroundColor?: string;
}

export interface CdnSource {
  /** The original's path on the site, e.g. /static/3f…/hero.png. */
  path: string;
  width: number;
  height: number;
}

const LAYOUTS: Record<string, Layout> = {
  FIXED: "fixed",
  FULL_WIDTH: "fullWidth",
  CONSTRAINED: "constrained",
  fixed: "fixed",
  fullWidth: "fullWidth",
  constrained: "constrained",
};

/** The CDN's output format parameter: `auto=format` picks AVIF/WebP per browser, so only explicit ones are named. */
const FORMAT_PARAM: Partial<Record<string, string>> = { webp: "webp", avif: "avif", png: "png", jpg: "jpg" };

export function cdnImageData(domain: string, source: CdnSource, args: CdnImageArgs = {}): IGatsbyImageData {
  const layout = args.layout === undefined ? "constrained" : LAYOUTS[args.layout];
  validateImageArgs({ layout: layout ?? args.layout, width: args.width, height: args.height, aspectRatio: args.aspectRatio });
  for (const [key, value] of [
    ["source width", source.width],
    ["source height", source.height],
  ] as const)
    if (!(Number.isFinite(value) && value > 0)) throw new Error(`Image "${source.path}": ${key} must be a positive number`);
  const quality = args.quality ?? IMAGE_DEFAULTS.quality;
  const extension = source.path.split(".").pop()?.toLowerCase() ?? "";
  const sourceFormat = (extension === "jpeg" ? "jpg" : extension) as ImageFormat;
  // With the CDN choosing the format (`auto=format`), one fallback source is enough; <picture> sources are not needed.
  const formats = (args.formats ?? ["auto"]).map((f) => f.toLowerCase()).filter((f) => f !== "auto" && f !== "" && f !== "no_change");
  const imageUrl = (width: number, height: number, format?: string) =>
    buildImageUrl(domain, source.path, {
      w: width,
      h: height,
      fit: "crop",
      q: quality,
      ...(format && FORMAT_PARAM[format] ? { fm: FORMAT_PARAM[format] } : {}),
    });
  const blurred = args.placeholder === undefined || args.placeholder.toLowerCase() === "blurred";
  const aspectRatio = args.aspectRatio ?? (args.width && args.height ? args.width / args.height : source.width / source.height);
  return generateImageData({
    pluginName: "northdesk-image-cdn",
    filename: source.path,
    sourceMetadata: { width: source.width, height: source.height, format: sourceFormat },
    layout: layout!,
    width: args.width,
    height: args.height,
    aspectRatio: args.aspectRatio,
    formats: formats.length > 0 ? (formats as ImageFormat[]) : [sourceFormat],
    breakpoints: args.breakpoints ?? [...IMAGE_DEFAULTS.breakpoints],
    sizes: args.sizes,
    backgroundColor: args.backgroundColor,
    placeholderURL: blurred
      ? imageUrl(
          IMAGE_DEFAULTS.placeholderWidth,
          Math.max(1, Math.round(IMAGE_DEFAULTS.placeholderWidth / aspectRatio)),
          IMAGE_DEFAULTS.placeholderFormat,
        )
      : undefined,
    generateImageSource: (_filename, width, height, format) => ({
      src: imageUrl(width, height, formats.length > 0 ? format : undefined),
      width,
      height,
      format,
    }),
  });
}
