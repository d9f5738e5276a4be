import { isValidElement, type ReactNode } from "react";

/** What gatsby-plugin-image's onRenderBody adds to every head: GatsbyImage's styles and its fade-in module script. */
const GATSBY_IMAGE_RUNTIME = new Set(["gatsby-image-style", "gatsby-image-style-noscript", "gatsby-image-style-script"]);

const keyOf = (c: ReactNode) => (isValidElement(c) && typeof c.key === "string" ? c.key : undefined);

/** The head without gatsby-plugin-image's GatsbyImage runtime. See docs/techniques/small-html.md. */
export function withoutGatsbyImageRuntime(components: ReactNode[]): ReactNode[] {
  return components.filter((c) => !GATSBY_IMAGE_RUNTIME.has(keyOf(c) ?? ""));
}

/** The head without Gatsby's `<meta name="generator">` (its version, for every scanner to read; key `generator-{version}`). */
export function withoutGeneratorMeta(components: ReactNode[]): ReactNode[] {
  return components.filter((c) => !keyOf(c)?.startsWith("generator-"));
}
