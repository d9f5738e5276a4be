import type { IGatsbyImageData } from "gatsby-plugin-image";
import { Picture } from "./picture";
import type { InspectorProps } from "../preview/inspector";

/**
 * The page's largest image above the fold (docs/architecture.md#page-load): fetched at once with high
 * priority, with width and height so nothing shifts. Every other image is a lazy <Picture>.
 */
export function HeroImage({
  image,
  alt,
  className,
  inspect,
}: {
  image: IGatsbyImageData;
  alt: string;
  className?: string;
  inspect?: InspectorProps;
}) {
  return <Picture image={image} alt={alt} className={className} priority inspect={inspect} />;
}
