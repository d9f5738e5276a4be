/** Gatsby SSR APIs: wiring only; behaviour lives in src/. */
import type { ReactNode } from "react";
import type { GatsbySSR } from "gatsby";
import { RootWrapper } from "./src/components/root-wrapper";
import { APP_SHELL_PATH, validAppShellHead } from "./src/components/seo/app-shell-head";
import { GlobalStyle } from "./src/theme/global-style";

// wrapPageElement, not wrapRootElement: it must sit inside gatsby-plugin-styled-components' root wrapper,
// whose style sheet collects the server-rendered CSS.
export const wrapPageElement: GatsbySSR["wrapPageElement"] = ({ element, props }) => (
  <RootWrapper pathname={props.location.pathname}>{element}</RootWrapper>
);

export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHtmlAttributes, setHeadComponents }) => {
  setHtmlAttributes({ lang: "en" });
  setHeadComponents([<GlobalStyle key="global-style" />]);
};

// gatsby-plugin-offline's app shell page: valid HTML like every other page (src/components/seo/app-shell-head.tsx).
export const onPreRenderHTML: GatsbySSR["onPreRenderHTML"] = ({ pathname, getHeadComponents, replaceHeadComponents }) => {
  if (pathname === APP_SHELL_PATH) replaceHeadComponents(validAppShellHead(getHeadComponents() as ReactNode[]));
};
