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
 * The mask paints the SVG in the surrounding text colour, so icons follow hover and theme colours.
 * One static rule for every icon; the glyph and size are the element's own style (ARCHITECTURE.md 7:
 * a rule per icon name made a quarter of each page's CSS, all re-inserted by styled-components on load).
 */
const Glyph = styled.span`
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
  vertical-align: -0.15em;
`;

const glyphStyle = (name: string, size: number): React.CSSProperties => {
  const mask = `url("/icons/${name}.svg")`;
  return { width: size, height: size, WebkitMaskImage: mask, maskImage: mask };
};

/** Names are plain icon identifiers; anything else would be a path trick, so it renders nothing. */
export const isIconName = (name: string) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(name);

export function Icon({ name, size = 20, label, className }: IconProps) {
  if (!isIconName(name)) return null;
  const style = glyphStyle(name, size);
  return label ? (
    <Glyph role="img" aria-label={label} style={style} className={className} data-icon={name} />
  ) : (
    <Glyph aria-hidden="true" style={style} className={className} data-icon={name} />
  );
}
