import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { ServerStyleSheet } from "styled-components";

/** A component's server markup and the CSS styled-components collected for it (as a page's render does). */
export function renderWithStyles(node: ReactElement): { html: string; css: string } {
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToStaticMarkup(sheet.collectStyles(node));
    return { html, css: sheet.getStyleTags() };
  } finally {
    sheet.seal();
  }
}
