/** Gatsby Browser APIs: wiring only; behaviour lives in src/. */
import type { GatsbyBrowser } from "gatsby";
import { RootWrapper } from "./src/components/root-wrapper";

// wrapPageElement, not wrapRootElement: it must sit inside gatsby-plugin-styled-components' root wrapper,
// whose style sheet collects the server-rendered CSS (the global style included).
export const wrapPageElement: GatsbyBrowser["wrapPageElement"] = ({ element }) => <RootWrapper>{element}</RootWrapper>;
