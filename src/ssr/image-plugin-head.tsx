import { isValidElement, type ReactNode } from "react";

/** What gatsby-plugin-image's onRenderBody adds to every head: GatsbyImage's styles and its fade-in module script. */
const GATSBY_IMAGE_RUNTIME = new Set(["gatsby-image-style", "gatsby-image-style-noscript", "gatsby-image-style-script"]);

/**
 * The head without gatsby-plugin-image's GatsbyImage runtime. The site renders every image with <Picture>
 * (src/components/ui/picture.tsx: a plain img, no fade-in) and uses the plugin only for its image data, so
 * those elements style and watch nothing, yet they are bytes of every page's HTML, which a phone fetches
 * whole before the first paint (docs/techniques/small-html.md). Styles and script go together: the
 * styles hide a GatsbyImage until the script shows it. tests/src/ssr/image-plugin-head.test.tsx fails
 * when a component imports GatsbyImage or StaticImage.
 */
export function withoutGatsbyImageRuntime(components: ReactNode[]): ReactNode[] {
  return components.filter((c) => !(isValidElement(c) && typeof c.key === "string" && GATSBY_IMAGE_RUNTIME.has(c.key)));
}
