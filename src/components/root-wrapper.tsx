import React, { useEffect } from "react";
import { ThemeProvider } from "styled-components";
import { theme } from "../theme/theme";
import { PersonalizationRoot } from "../personalization/personalization-root";
import { shellHydrated } from "../hydration";

/**
 * The same providers in the browser and during SSR (wired as wrapPageElement). The base CSS is in the head (gatsby-ssr).
 * Vendors are started by src/browser/vendor-loader.ts, not rendered here.
 */
export function RootWrapper({ children }: { children: React.ReactNode }) {
  // `<html data-hydrated>` once the shell and every deferred boundary have hydrated (see hydration-marker).
  useEffect(shellHydrated, []);
  return (
    <ThemeProvider theme={theme}>
      <PersonalizationRoot>{children}</PersonalizationRoot>
    </ThemeProvider>
  );
}
