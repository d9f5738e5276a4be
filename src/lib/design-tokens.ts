/**
 * The design tokens (docs/product-rules.md#design-tokens: breakpoints, colours, badge colours, type, spacing):
 * the one place a colour or a size is written.
 */
export const breakpoints = { xs: 375, s: 480, m: 768, l: 1024, xl: 1600, xxl: 2560 } as const;
export type Breakpoint = keyof typeof breakpoints;

/** Every colour the site uses, by what it is; `colors` and `badgeColors` name their uses. */
const palette = {
  white: "#ffffff",
  cobalt: "#4176fa",
  cobaltDark: "#1f4fd1",
  cobaltTint: "#e8eefe",
  charcoal: "#1d2330",
  charcoalSoft: "#3a4356",
  charcoalPale: "#e4e7ee",
  clay: "#8a5a44",
  clayDark: "#6b3f2c",
  clayTint: "#f6ece6",
  green: "#137a45",
  greenDark: "#0f5c34",
  greenTint: "#e3f5ea",
  magenta: "#b3266f",
  magentaDark: "#8c1c56",
  magentaTint: "#fce7f2",
  orange: "#b54708",
  orangeDark: "#8f3806",
  orangeTint: "#fff1e6",
  purple: "#6941c6",
  purpleDark: "#53309e",
  purpleTint: "#f1ecfd",
  red: "#c0262d",
  redDark: "#9b1c22",
  redTint: "#fde8e8",
  slate: "#4a5568",
  slateDark: "#2d3748",
  slateTint: "#edf0f5",
  yellow: "#8a6100",
  yellowDark: "#6b4b00",
  yellowTint: "#fff7d6",
  surface: "#f6f7fb",
  border: "#d9dee8",
} as const;

export const colors = {
  // brand
  cobalt: palette.cobalt,
  cobaltDark: palette.cobaltDark,
  cobaltTint: palette.cobaltTint,
  charcoal: palette.charcoal,
  charcoalTint: palette.charcoalSoft,
  clay: palette.clay,
  clayTint: palette.clayTint,
  green: palette.green,
  greenTint: palette.greenTint,
  magenta: palette.magenta,
  orange: palette.orange,
  orangeTint: palette.orangeTint,
  purple: palette.purple,
  purpleTint: palette.purpleTint,
  red: palette.red,
  slate: palette.slate,
  slateTint: palette.slateTint,
  yellow: palette.yellow,
  yellowTint: palette.yellowTint,
  // roles
  text: palette.charcoal,
  textMuted: palette.slate,
  background: palette.white,
  surface: palette.surface,
  border: palette.border,
  focus: palette.cobaltDark,
  white: palette.white,
} as const;

/** The hues with a tint and a dark shade. */
type TintedHue = "clay" | "green" | "magenta" | "orange" | "purple" | "red" | "slate" | "yellow";
/** A badge in a hue's full colour, with white text. */
const solid = (background: string) => ({ background, foreground: palette.white });
/** A badge in a hue's tint, with the hue's dark shade as text. */
const tinted = (hue: TintedHue) => ({ background: palette[`${hue}Tint`], foreground: palette[`${hue}Dark`] });

/** docs/product-rules.md#design-tokens badge colours: each a background and the text colour that reads on it. */
export const badgeColors = {
  charcoal: solid(palette.charcoal),
  charcoalTint: { background: palette.charcoalPale, foreground: palette.charcoal },
  clay: solid(palette.clay),
  clayTint: tinted("clay"),
  cobalt: solid(palette.cobaltDark),
  green: tinted("green"),
  magenta: tinted("magenta"),
  orange: tinted("orange"),
  purple: tinted("purple"),
  red: tinted("red"),
  slate: solid(palette.slate),
  slateTint: tinted("slate"),
  yellow: tinted("yellow"),
};
export type BadgeColor = keyof typeof badgeColors;

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

/** Two weights. */
export const fontWeights = { regular: 400, bold: 700 } as const;

export const radii = { s: "6px", m: "10px", l: "16px", pill: "999px" } as const;
export const shadows = {
  card: "0 1px 2px rgba(29,35,48,.06), 0 8px 24px rgba(29,35,48,.08)",
  raised: "0 12px 40px rgba(29,35,48,.18)",
} as const;
export const layout = { maxWidth: "1200px", textWidth: "720px", headerHeight: "72px" } as const;
