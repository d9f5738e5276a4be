import type { CSSProperties } from "react";
import type { IGatsbyImageData } from "gatsby-plugin-image";

/**
 * The page's largest image above the fold (ARCHITECTURE.md 7, issue 9): a plain <picture> built from
 * gatsby-plugin-image data so the browser fetches it at once with high priority (GatsbyImage has no
 * fetchpriority), with width and height so nothing shifts. Everything else stays GatsbyImage, lazy.
 */
export function HeroImage({ image, alt, className }: { image: IGatsbyImageData; alt: string; className?: string }) {
  const { images, width, height, layout } = image;
  const fallback = images.fallback;
  const style: CSSProperties =
    layout === "fixed" ? { width, height } : { width: "100%", height: "auto", maxWidth: layout === "constrained" ? width : undefined };
  return (
    <picture className={className}>
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
        loading="eager"
        decoding="async"
        // React 18 does not know fetchPriority yet; the lowercase attribute reaches the HTML as is.
        {...{ fetchpriority: "high" }}
        style={{ display: "block", objectFit: "cover", ...style }}
      />
    </picture>
  );
}
