/** Gatsby SSR APIs: wiring only; behaviour lives in src/. */
import type { GatsbySSR } from "gatsby";
import { RootWrapper } from "./src/components/root-wrapper";

// wrapPageElement, not wrapRootElement: it must sit inside gatsby-plugin-styled-components' root wrapper,
// whose style sheet collects the server-rendered CSS (the global style included).
export const wrapPageElement: GatsbySSR["wrapPageElement"] = ({ element, props }) => (
  <RootWrapper pathname={props.location.pathname}>{element}</RootWrapper>
);

export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHtmlAttributes }) => {
  setHtmlAttributes({ lang: "en" });
};
