import { theme as siteTheme, type Theme } from "./theme";

/** The site-wide base CSS: box model, type scale, focus ring, print rules. */
export function globalCss(theme: Theme = siteTheme): string {
  const css = `
*, *::before, *::after { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; scroll-padding-top: 120px; }
body {
  margin: 0;
  font-family: ${theme.fonts.body};
  font-size: ${theme.fontSizes.m};
  line-height: 1.6;
  color: ${theme.colors.text};
  background: ${theme.colors.background};
}
h1, h2, h3, h4, .h1, .h2 { line-height: 1.2; margin: 0 0 ${theme.space.m}; font-weight: ${theme.fontWeights.bold}; }
h1, .h1 { font-size: clamp(2rem, 5vw, ${theme.fontSizes.h1}); letter-spacing: -0.02em; }
h2, .h2 { font-size: clamp(1.5rem, 3.5vw, ${theme.fontSizes.h2}); letter-spacing: -0.01em; }
h3 { font-size: ${theme.fontSizes.xl}; }
p { margin: 0 0 ${theme.space.m}; }
a { color: ${theme.colors.cobaltDark}; }
img { max-width: 100%; height: auto; }
/* one bold (theme.fontWeights): "bolder" inside a heading would be a third weight */
strong, b { font-weight: ${theme.fontWeights.bold}; }
/* a static island's wrapper (static-island.tsx) makes no box of its own */
[data-island] { display: contents; }
:focus-visible { outline: 3px solid ${theme.colors.focus}; outline-offset: 2px; }
.visually-hidden {
  position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px;
  overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0;
}
@media (prefers-reduced-motion: reduce) {
  *, *::before, *::after { animation-duration: 0.01ms !important; transition-duration: 0.01ms !important; scroll-behavior: auto !important; }
}
@media print {
  header, footer, nav, [data-print="hide"] { display: none !important; }
  body { font-size: 11pt; }
}
`;
  return minifyCss(css);
}

/**
 * Comments out, and no whitespace around punctuation: every page carries this CSS in its first round trip
 * (docs/page-load.md#the-first-window), and its readable source is ~40% larger.
 */
export const minifyCss = (css: string): string =>
  css
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/\s*([{};:,>])\s*/g, "$1")
    .replace(/\s+/g, " ")
    .replace(/;}/g, "}")
    .trim();

/** The base CSS as a head element of the server render (our own constant CSS, no outside input). */
export const GlobalStyle = () => <style data-global-style="" dangerouslySetInnerHTML={{ __html: globalCss() }} />;
