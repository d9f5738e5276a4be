/** Design tokens (docs/product-rules.md#design-tokens: breakpoints, badge colours, button sizes). Components read these, never literals. */
export const breakpoints = { xs: 375, s: 480, m: 768, l: 1024, xl: 1600, xxl: 2560 } as const;
export type Breakpoint = keyof typeof breakpoints;

export const colors = {
  // brand
  cobalt: "#4176fa",
  cobaltDark: "#1f4fd1",
  cobaltTint: "#e8eefe",
  charcoal: "#1d2330",
  charcoalTint: "#3a4356",
  clay: "#8a5a44",
  clayTint: "#f6ece6",
  green: "#137a45",
  greenTint: "#e3f5ea",
  magenta: "#b3266f",
  orange: "#b54708",
  orangeTint: "#fff1e6",
  purple: "#6941c6",
  purpleTint: "#f1ecfd",
  red: "#c0262d",
  slate: "#4a5568",
  slateTint: "#edf0f5",
  yellow: "#8a6100",
  yellowTint: "#fff7d6",
  // roles
  text: "#1d2330",
  textMuted: "#4a5568",
  background: "#ffffff",
  surface: "#f6f7fb",
  border: "#d9dee8",
  focus: "#1f4fd1",
  white: "#ffffff",
} as const;

export const space = { xxs: "4px", xs: "8px", s: "12px", m: "16px", l: "24px", xl: "32px", xxl: "48px", xxxl: "72px" } as const;

export const fonts = {
  body: `-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif`,
  mono: `ui-monospace, SFMono-Regular, Menlo, Consolas, monospace`,
} as const;

export const fontSizes = {
  xs: "0.75rem",
  s: "0.875rem",
  m: "1rem",
  l: "1.125rem",
  xl: "1.375rem",
  xxl: "1.75rem",
  h2: "2.25rem",
  h1: "3rem",
} as const;

/**
 * Two weights. Each distinct size × weight of the system font is a font "strike" the browser resolves before it
 * can lay out text; on Linux every one is a synchronous round trip to the browser process (a few ms each on a
 * phone, in the page's first layout: docs/techniques/font-weights.md). 600 and 800 look no different from 700 in
 * the system fonts most visitors get, and cost strikes of their own.
 */
export const fontWeights = { regular: 400, bold: 700 } as const;

export const radii = { s: "6px", m: "10px", l: "16px", pill: "999px" } as const;
export const shadows = {
  card: "0 1px 2px rgba(29,35,48,.06), 0 8px 24px rgba(29,35,48,.08)",
  raised: "0 12px 40px rgba(29,35,48,.18)",
} as const;
export const layout = { maxWidth: "1200px", textWidth: "720px", headerHeight: "72px" } as const;

/** `media.m` → "@media (min-width: 768px)". */
export const media = Object.fromEntries(Object.entries(breakpoints).map(([name, px]) => [name, `@media (min-width: ${px}px)`])) as Record<
  Breakpoint,
  string
>;

export const theme = { breakpoints, colors, space, fonts, fontSizes, fontWeights, radii, shadows, layout, media } as const;
export type Theme = typeof theme;
