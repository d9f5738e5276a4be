import { isValidElement, type ReactNode } from "react";

/** What gatsby-plugin-image's onRenderBody adds to every head: GatsbyImage's styles and its fade-in module script. */
const GATSBY_IMAGE_RUNTIME = new Set(["gatsby-image-style", "gatsby-image-style-noscript", "gatsby-image-style-script"]);

/** The head without gatsby-plugin-image's GatsbyImage runtime. See docs/techniques/small-html.md. */
export function withoutGatsbyImageRuntime(components: ReactNode[]): ReactNode[] {
  return components.filter((c) => !(isValidElement(c) && typeof c.key === "string" && GATSBY_IMAGE_RUNTIME.has(c.key)));
}
