import type { CSSProperties } from "react";
import type { InspectorProps } from "../preview/inspector";
import type { IGatsbyImageData } from "gatsby-plugin-image";

/** The <picture> is the box that rounds and clips: as wide as its image (full width: as its container). */
function boxStyle(layout: IGatsbyImageData["layout"], width: number): CSSProperties {
  if (layout === "fixed") return { display: "block", overflow: "hidden", width: "fit-content", flex: "none" };
  return { display: "block", overflow: "hidden", maxWidth: layout === "constrained" ? width : undefined };
}

export interface PictureProps {
  image: IGatsbyImageData;
  alt: string;
  className?: string;
  /** The page's largest image above the fold: fetched at once, with high priority. Otherwise lazy. */
  priority?: boolean;
  /** Inspector-mode tags (a preview build only). */
  inspect?: InspectorProps;
}

/**
 * A responsive image from gatsby-plugin-image data as plain, valid HTML: <picture> with its <source>s and an
 * <img> that has src, srcset, sizes, width and height from the server render on, so it needs no script to
 * appear and never shifts layout.
 */
export function Picture({ image, alt, className, priority = false, inspect }: PictureProps) {
  const { images, width, height, layout, backgroundColor, placeholder } = image;
  const fallback = images.fallback;
  const size: CSSProperties =
    layout === "fixed" ? { width, height } : { width: "100%", height: "auto", maxWidth: layout === "constrained" ? width : undefined };
  // Not behind the page's largest image: it is fetched at once, and its blurred copy (base64) would be in
  // the HTML, which is fetched whole before anything paints (docs/techniques/small-html.md).
  const blur = priority ? undefined : placeholder?.fallback;
  return (
    <picture className={className} style={boxStyle(layout, width)} {...inspect}>
      {images.sources?.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={source.sizes} />
      ))}
      <img
        src={fallback?.src}
        srcSet={fallback?.srcSet}
        sizes={fallback?.sizes}
        width={width}
        height={height}
        alt={alt}
        loading={priority ? "eager" : "lazy"}
        decoding="async"
        // React 18 does not know fetchPriority yet; the lowercase attribute reaches the HTML as is.
        {...(priority ? { fetchpriority: "high" } : {})}
        style={{
          display: "block",
          objectFit: "cover",
          backgroundColor,
          backgroundImage: blur ? `url("${blur}")` : undefined,
          backgroundSize: blur ? "cover" : undefined,
          ...size,
        }}
      />
    </picture>
  );
}
