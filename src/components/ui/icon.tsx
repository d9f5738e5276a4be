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

/** The mask paints the SVG in the surrounding text colour, so icons follow hover and theme colours. */
const Glyph = styled.span<{ $src: string; $size: number }>`
  display: inline-block;
  flex: none;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  background-color: currentColor;
  /* longhands: the W3C CSS checker rejects the (valid) mask shorthand with a position/size */
  -webkit-mask-image: url("${({ $src }) => $src}");
  -webkit-mask-position: center;
  -webkit-mask-size: contain;
  -webkit-mask-repeat: no-repeat;
  mask-image: url("${({ $src }) => $src}");
  mask-position: center;
  mask-size: contain;
  mask-repeat: no-repeat;
  vertical-align: -0.15em;
`;

/** Names are plain icon identifiers; anything else would be a path trick, so it renders nothing. */
export const isIconName = (name: string) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(name);

export function Icon({ name, size = 20, label, className }: IconProps) {
  if (!isIconName(name)) return null;
  const src = `/icons/${name}.svg`;
  return label ? (
    <Glyph role="img" aria-label={label} $src={src} $size={size} className={className} data-icon={name} />
  ) : (
    <Glyph aria-hidden="true" $src={src} $size={size} className={className} data-icon={name} />
  );
}
