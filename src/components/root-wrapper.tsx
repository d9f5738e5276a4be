import React, { useEffect } from "react";
import { ThemeProvider } from "styled-components";
import { theme } from "../theme/theme";
import { GlobalStyle } from "../theme/global-style";
import { ThirdPartyScripts } from "./layout/third-party-scripts";
import { PersonalizationRoot } from "../personalization/personalization-root";

/** The same providers in the browser and during SSR (wired as wrapPageElement). */
export function RootWrapper({ children, pathname }: { children: React.ReactNode; pathname: string }) {
  // A marker for tests and tools: React has hydrated, so event handlers are live.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <PersonalizationRoot>{children}</PersonalizationRoot>
      <ThirdPartyScripts pathname={pathname} />
    </ThemeProvider>
  );
}
