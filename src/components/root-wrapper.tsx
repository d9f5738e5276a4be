import React from "react";
import { ThemeProvider } from "styled-components";
import { theme } from "../theme/theme";
import { GlobalStyle } from "../theme/global-style";

/** The same providers in the browser and during SSR (wrapRootElement). */
export function RootWrapper({ children }: { children: React.ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      {children}
    </ThemeProvider>
  );
}
