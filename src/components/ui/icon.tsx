import type React from "react";
import styled from "styled-components";

export interface IconProps {
  /** A name from the icon set (lucide), e.g. "inbox"; served from /icons/{name}.svg. */
  name: string;
  /** Pixel size (square). */
  size?: number;
  /** An accessible name. Without one the icon is decorative and hidden from assistive tech. */
  label?: string;
  className?: string;
}

/**
 * The mask paints the SVG in the surrounding text colour, so icons follow hover and theme colours. See
 * docs/architecture.md#lighthouse-and-main-thread, docs/techniques/small-html.md.
 */
export const IconGlyph = styled.span`
  display: inline-block;
  flex: none;
  background-color: currentColor;
  /* longhands: the W3C CSS checker rejects the (valid) mask shorthand with a position/size */
  -webkit-mask-position: center;
  -webkit-mask-size: contain;
  -webkit-mask-repeat: no-repeat;
  mask-position: center;
  mask-size: contain;
  mask-repeat: no-repeat;
  -webkit-mask-image: var(--icon);
  mask-image: var(--icon);
  vertical-align: -0.15em;
`;

/** The element's own style: its size, and its glyph as the `--icon` the static rule's masks read. */
const glyphStyle = (name: string, size: number): React.CSSProperties & { "--icon": string } => ({
  width: size,
  height: size,
  "--icon": `url("/icons/${name}.svg")`,
});

/** Names are plain icon identifiers; anything else would be a path trick, so it renders nothing. */
export const isIconName = (name: string) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(name);

export function Icon({ name, size = 20, label, className }: IconProps) {
  if (!isIconName(name)) return null;
  const style = glyphStyle(name, size);
  return label ? (
    <IconGlyph role="img" aria-label={label} style={style} className={className} />
  ) : (
    <IconGlyph aria-hidden="true" style={style} className={className} />
  );
}
