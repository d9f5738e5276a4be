/**
 * The image-CDN URL builder (docs/product-rules.md#images, #constants).
 * The image-CDN URL builder (docs/product-rules.md#images, #constants). An imgix-style CDN: `https://{domain}/{path}?w=…&auto=format,compress&q=75`.
 */

export const IMAGE_DEFAULTS = {
  quality: 75,
  auto: "format,compress",
  maxWidth: 8192,
  maxDensity: 5,
  breakpoints: [750, 1080, 1366, 1920],
  /**
   * The blurred placeholder inlined in the HTML (every source that makes one): 20 px wide, as the product rules
   * say, in WebP, about a fifth of the bytes of the PNG it replaced (docs/techniques/small-html.md#placeholders).
   */
  placeholderWidth: 20,
  placeholderFormat: "webp",
  widthTolerance: 0.08,
  minSrcSetWidth: 100,
  /** Quality per device pixel ratio 1…5: denser screens hide stronger compression. */
  dprQualities: { 1: 75, 2: 50, 3: 35, 4: 23, 5: 20 } as Record<number, number>,
} as const;

export type ImageLayout = "fixed" | "fullWidth" | "constrained";
export const IMAGE_LAYOUTS: readonly ImageLayout[] = ["fixed", "fullWidth", "constrained"];

export type ImageParams = Record<string, string | number | boolean | undefined>;

export interface SrcSetOptions {
  minWidth?: number;
  maxWidth?: number;
  widthTolerance?: number;
  /** Explicit widths instead of generated ones. */
  widths?: number[];
  /** Pixel ratios for fixed-size images. */
  devicePixelRatios?: number[];
  /** Use the per-ratio qualities (default true) unless params.q is set. */
  variableQuality?: boolean;
}

const isPositiveInt = (n: unknown): n is number => typeof n === "number" && Number.isInteger(n) && n > 0;
const isPositive = (n: unknown): n is number => typeof n === "number" && Number.isFinite(n) && n > 0;

/** docs/product-rules.md#images: a bare fully qualified domain name, no protocol, path, port or query. */
export function validateDomain(domain: string): string {
  const ok =
    typeof domain === "string" &&
    domain.length <= 253 &&
    /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i.test(domain);
  if (!ok) throw new Error(`Image CDN domain must be a bare fully qualified domain name such as "images.example.com", got "${domain}"`);
  return domain.toLowerCase();
}

/** docs/product-rules.md#images: layout, width for fixed, positive dimensions. */
export function validateImageArgs(args: { layout?: string; width?: number; height?: number; aspectRatio?: number }): void {
  const layout = args.layout ?? "constrained";
  if (!IMAGE_LAYOUTS.includes(layout as ImageLayout))
    throw new Error(`Image layout must be fixed, fullWidth or constrained, got "${layout}"`);
  if (layout === "fixed" && args.width === undefined) throw new Error("A fixed image needs a width");
  for (const key of ["width", "height", "aspectRatio"] as const)
    if (args[key] !== undefined && !isPositive(args[key]))
      throw new Error(`Image ${key} must be a positive number, got ${String(args[key])}`);
}

export function validateSrcSetOptions(options: SrcSetOptions): void {
  const { minWidth, maxWidth, widthTolerance, widths, devicePixelRatios } = options;
  if (minWidth !== undefined && !isPositiveInt(minWidth)) throw new Error(`minWidth must be a positive integer, got ${String(minWidth)}`);
  if (maxWidth !== undefined && !isPositiveInt(maxWidth)) throw new Error(`maxWidth must be a positive integer, got ${String(maxWidth)}`);
  if ((minWidth ?? IMAGE_DEFAULTS.minSrcSetWidth) > (maxWidth ?? IMAGE_DEFAULTS.maxWidth))
    throw new Error(
      `minWidth (${minWidth ?? IMAGE_DEFAULTS.minSrcSetWidth}) must not be above maxWidth (${maxWidth ?? IMAGE_DEFAULTS.maxWidth})`,
    );
  if (widthTolerance !== undefined && !(typeof widthTolerance === "number" && widthTolerance >= 0.01))
    throw new Error(`widthTolerance must be at least 0.01, got ${String(widthTolerance)}`);
  if (widths !== undefined && !(Array.isArray(widths) && widths.length > 0 && widths.every(isPositiveInt)))
    throw new Error("widths must be a non-empty array of positive integers");
  if (
    devicePixelRatios !== undefined &&
    !(
      Array.isArray(devicePixelRatios) &&
      devicePixelRatios.length > 0 &&
      devicePixelRatios.every((r) => typeof r === "number" && r >= 1 && r <= IMAGE_DEFAULTS.maxDensity)
    )
  )
    throw new Error(`devicePixelRatios must be numbers from 1 to ${IMAGE_DEFAULTS.maxDensity}`);
}

/** Widths from min to max, each at most (1 + 2 × tolerance) times the previous, max included. */
export function targetWidths(
  minWidth: number = IMAGE_DEFAULTS.minSrcSetWidth,
  maxWidth: number = IMAGE_DEFAULTS.maxWidth,
  tolerance: number = IMAGE_DEFAULTS.widthTolerance,
): number[] {
  validateSrcSetOptions({ minWidth, maxWidth, widthTolerance: tolerance });
  const out: number[] = [];
  let width = minWidth;
  while (width < maxWidth) {
    out.push(Math.round(width));
    width *= 1 + tolerance * 2;
  }
  out.push(maxWidth);
  return [...new Set(out)];
}

/** One image URL. Path segments are encoded; parameters sorted for stable, cacheable URLs. */
export function buildImageUrl(domain: string, imagePath: string, params: ImageParams = {}): string {
  const host = validateDomain(domain);
  const pathPart = imagePath
    .replace(/^https?:\/\/[^/]+/i, "")
    .split("/")
    .filter(Boolean)
    .map((segment) => encodeURIComponent(decodeURIComponent(segment)))
    .join("/");
  const merged: ImageParams = { auto: IMAGE_DEFAULTS.auto, q: IMAGE_DEFAULTS.quality, ...params };
  if (typeof merged.w === "number") merged.w = Math.min(Math.round(merged.w), IMAGE_DEFAULTS.maxWidth);
  if (typeof merged.h === "number") merged.h = Math.round(merged.h);
  const query = Object.keys(merged)
    .filter((k) => merged[k] !== undefined && merged[k] !== false)
    .sort()
    .map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(String(merged[k])).replace(/%2C/g, ",")}`)
    .join("&");
  return `https://${host}/${pathPart}${query ? `?${query}` : ""}`;
}

/** A srcset. */
export function buildSrcSet(domain: string, imagePath: string, params: ImageParams = {}, options: SrcSetOptions = {}): string {
  validateSrcSetOptions(options);
  const fixed = params.w !== undefined || params.h !== undefined;
  if (fixed) {
    const ratios = options.devicePixelRatios ?? [1, 2, 3, 4, 5];
    const variable = options.variableQuality !== false && params.q === undefined;
    return ratios
      .map((dpr) => {
        const q = variable ? (IMAGE_DEFAULTS.dprQualities[dpr] ?? IMAGE_DEFAULTS.quality) : params.q;
        return `${buildImageUrl(domain, imagePath, { ...params, dpr, q })} ${dpr}x`;
      })
      .join(",\n");
  }
  const widths = options.widths ?? targetWidths(options.minWidth, options.maxWidth, options.widthTolerance);
  return widths.map((w) => `${buildImageUrl(domain, imagePath, { ...params, w })} ${w}w`).join(",\n");
}
