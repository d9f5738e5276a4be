import React, { useEffect } from "react";
import { ThemeProvider } from "styled-components";
import { theme } from "../theme/theme";
import { ThirdPartyScripts } from "./layout/third-party-scripts";
import { PersonalizationRoot } from "../personalization/personalization-root";
import { shellHydrated } from "../hydration";

/** The same providers in the browser and during SSR (wired as wrapPageElement). The base CSS is in the head (gatsby-ssr). */
export function RootWrapper({ children, pathname }: { children: React.ReactNode; pathname: string }) {
  // `<html data-hydrated>` once the shell and every deferred boundary have hydrated (see hydration-marker).
  useEffect(shellHydrated, []);
  return (
    <ThemeProvider theme={theme}>
      <PersonalizationRoot>{children}</PersonalizationRoot>
      <ThirdPartyScripts pathname={pathname} />
    </ThemeProvider>
  );
}
