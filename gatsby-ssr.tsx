/** Gatsby SSR APIs: wiring only; behaviour lives in src/. */
import type { ReactNode } from "react";
import type { GatsbySSR } from "gatsby";
import { RootWrapper } from "./src/components/root-wrapper";
import { APP_SHELL_PATH, validAppShellHead } from "./src/ssr/app-shell-head";
import { pagePathFromAttribute } from "./src/ssr/page-path-script";
import { deferAppScripts } from "./src/ssr/deferred-app-scripts";
import { withoutGatsbyImageRuntime, withoutGeneratorMeta } from "./src/ssr/image-plugin-head";
import { GlobalStyle } from "./src/theme/global-style";
import { earlyBootstrapScript } from "./src/ssr/early-bootstrap";
import { personalizationHead } from "./src/ssr/personalization-head";
import { consentHead } from "./src/ssr/consent-head";
import { readConsentSettings } from "./src/config/consent";
import { publicConfig } from "./src/config/public";
import { adoptableServerStyles } from "./src/hydration";

// wrapPageElement, not wrapRootElement: it must sit inside gatsby-plugin-styled-components' root wrapper,
// whose style sheet collects the server-rendered CSS.
export const wrapPageElement: GatsbySSR["wrapPageElement"] = ({ element }) => <RootWrapper>{element}</RootWrapper>;

export const onRenderBody: GatsbySSR["onRenderBody"] = (args) => {
  const { setHtmlAttributes, setHeadComponents } = args;
  setHtmlAttributes({ lang: "en" });
  // The early script's bootstrap first: attribution and the first tap must not wait for anything (src/ssr/early-bootstrap.ts).
  // Then, on a page with a personalized slot, a returning visitor's stored personalization, shown as the page is parsed (src/ssr/personalization-head.ts).
  // A hosted consent manager's script waits in a template just before it: the bootstrap inserts it (src/ssr/consent-head.ts).
  setHeadComponents([
    ...consentHead(readConsentSettings()),
    earlyBootstrapScript(),
    ...personalizationHead(publicConfig.personalization, (args as { bodyHtml?: unknown }).bodyHtml),
    <GlobalStyle key="global-style" />,
  ]);
};

// The styled-components element is handed to the browser's sheet, its marker rules replaced by a group list (src/hydration/server-styles.ts);
// gatsby-plugin-offline's app shell page is valid HTML like every other page (src/ssr/app-shell-head.tsx);
// Gatsby's page path moves onto the scripts' template, one inline script fewer to hash (src/ssr/page-path-script.tsx);
// Gatsby's app scripts start once the largest paint is on screen (src/ssr/deferred-app-scripts.tsx), and
// gatsby-plugin-image's GatsbyImage runtime, which no page uses, and Gatsby's generator meta are left out of the head (src/ssr/image-plugin-head.tsx).
export const onPreRenderHTML: GatsbySSR["onPreRenderHTML"] = ({
  pathname,
  getHeadComponents,
  replaceHeadComponents,
  getPostBodyComponents,
  replacePostBodyComponents,
}) => {
  const head = withoutGeneratorMeta(withoutGatsbyImageRuntime(adoptableServerStyles(getHeadComponents() as ReactNode[])));
  replaceHeadComponents(pathname === APP_SHELL_PATH ? validAppShellHead(head) : head);
  replacePostBodyComponents(pagePathFromAttribute(deferAppScripts(getPostBodyComponents() as ReactNode[])));
};
