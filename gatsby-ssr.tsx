/** Gatsby SSR APIs: wiring only; behaviour lives in src/. */
import type { GatsbySSR } from "gatsby";
import { RootWrapper } from "./src/components/root-wrapper";

export const wrapRootElement: GatsbySSR["wrapRootElement"] = ({ element }) => <RootWrapper>{element}</RootWrapper>;

export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHtmlAttributes }) => {
  setHtmlAttributes({ lang: "en" });
};
