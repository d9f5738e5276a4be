/** Gatsby Browser APIs: wiring only; behaviour lives in src/. */
// First: styled-components adopts the server's style element before any styled component is defined.
import "./src/hydration/adopt-server-styles";
import type { GatsbyBrowser } from "gatsby";
import { RootWrapper } from "./src/components/root-wrapper";
import { hydrateInTransition } from "./src/hydration";
import { developBundle } from "./src/config/develop";
import {
  onClientEntry as startRuntime,
  onInitialClientRender as afterFirstRender,
  onRouteUpdate as routeUpdated,
} from "./src/browser/lazy-runtime";
import { livePreviewRouteUpdate } from "./src/browser/live-preview-entry";

// wrapPageElement, not wrapRootElement: it must sit inside gatsby-plugin-styled-components' root wrapper,
// whose style sheet collects the server-rendered CSS.
export const wrapPageElement: GatsbyBrowser["wrapPageElement"] = ({ element }) => <RootWrapper>{element}</RootWrapper>;

export const onClientEntry: GatsbyBrowser["onClientEntry"] = () => startRuntime();
export const onInitialClientRender: GatsbyBrowser["onInitialClientRender"] = () => afterFirstRender();
export const onRouteUpdate: GatsbyBrowser["onRouteUpdate"] = ({ location, prevLocation }) => {
  routeUpdated({ location, prevLocation });
  livePreviewRouteUpdate(location.pathname);
};
// Gatsby types this hook with react-dom's legacy render() signature; the function it calls is (element, container).
// In develop, Gatsby's own renderer: develop's HTML is not the production server render, and develop also renders
// its loading indicator through this function, into an element of its own.
export const replaceHydrateFunction: GatsbyBrowser["replaceHydrateFunction"] = developBundle
  ? undefined
  : () => hydrateInTransition as unknown as ReturnType<NonNullable<GatsbyBrowser["replaceHydrateFunction"]>>;
