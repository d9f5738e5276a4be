import type { IGatsbyImageData } from "gatsby-plugin-image";
import { Picture } from "./picture";

/**
 * The page's largest image above the fold (docs/architecture.md#page-load): fetched at once with high
 * priority, with width and height so nothing shifts. Every other image is a lazy <Picture>.
 */
export function HeroImage({ image, alt, className }: { image: IGatsbyImageData; alt: string; className?: string }) {
  return <Picture image={image} alt={alt} className={className} priority />;
}
