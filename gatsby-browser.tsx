/** Gatsby Browser APIs: wiring only; behaviour lives in src/. */
import type { GatsbyBrowser } from "gatsby";
import { RootWrapper } from "./src/components/root-wrapper";

export const wrapRootElement: GatsbyBrowser["wrapRootElement"] = ({ element }) => <RootWrapper>{element}</RootWrapper>;
