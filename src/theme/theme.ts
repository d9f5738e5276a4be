/**
 * The theme components read (docs/product-rules.md#design-tokens): the design tokens (src/lib/design-tokens.ts, shared with the functions'
 * answer pages) plus the media queries built from the breakpoints. Components read these, never literals.
 */
import { breakpoints, colors, fontSizes, fontWeights, fonts, layout, radii, shadows, space, type Breakpoint } from "../lib/design-tokens";

/** `media.m` → "@media (min-width: 768px)". */
const media = Object.fromEntries(Object.entries(breakpoints).map(([name, px]) => [name, `@media (min-width: ${px}px)`])) as Record<
  Breakpoint,
  string
>;

export const theme = { breakpoints, colors, space, fonts, fontSizes, fontWeights, radii, shadows, layout, media } as const;
export type Theme = typeof theme;
