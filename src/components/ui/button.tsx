import React from "react";
import styled, { css } from "styled-components";
import { theme } from "../../theme/theme";
import { ContentLink } from "./content-link";

export type ButtonSize = "S" | "M" | "L";
export type ButtonVariant = "primary" | "outline" | "secondary" | "warning";

interface StyleProps {
  $size: ButtonSize;
  $variant: ButtonVariant;
}

const sizes = {
  S: css`
    padding: 6px 12px;
    font-size: ${theme.fontSizes.s};
  `,
  M: css`
    padding: 10px 18px;
    font-size: ${theme.fontSizes.m};
  `,
  L: css`
    padding: 14px 26px;
    font-size: ${theme.fontSizes.l};
  `,
};
const variants = {
  primary: css`
    background: ${theme.colors.cobaltDark};
    color: ${theme.colors.white};
    border-color: ${theme.colors.cobaltDark};
    /* The fill stays and the rim lightens: the pill keeps its shape and contrast on white and on the dark fixed bar. */
    &:hover {
      border-color: ${theme.colors.cobalt};
      text-decoration: underline;
    }
  `,
  outline: css`
    background: transparent;
    color: ${theme.colors.cobaltDark};
    border-color: currentColor;
    &:hover {
      background: ${theme.colors.cobaltTint};
    }
  `,
  secondary: css`
    background: ${theme.colors.charcoal};
    color: ${theme.colors.white};
    border-color: ${theme.colors.charcoal};
    &:hover {
      background: ${theme.colors.charcoalTint};
    }
  `,
  warning: css`
    background: ${theme.colors.red};
    color: ${theme.colors.white};
    border-color: ${theme.colors.red};
  `,
};

const buttonStyle = css<StyleProps>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  border: 2px solid transparent;
  border-radius: ${theme.radii.pill};
  font-weight: ${theme.fontWeights.bold};
  line-height: 1.2;
  text-decoration: none;
  cursor: pointer;
  white-space: nowrap;
  transition:
    background-color 0.15s ease,
    color 0.15s ease;
  ${({ $size }) => sizes[$size]}
  ${({ $variant }) => variants[$variant]}
  &:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }
`;

const StyledLink = styled(ContentLink)<StyleProps>`
  ${buttonStyle}
`;
const StyledButton = styled.button<StyleProps>`
  ${buttonStyle}
`;

type Common = { size?: ButtonSize; variant?: ButtonVariant; children: React.ReactNode };
export type ButtonProps = Common &
  (
    | ({ href: string } & Omit<React.AnchorHTMLAttributes<HTMLAnchorElement>, "href">)
    | ({ href?: undefined } & React.ButtonHTMLAttributes<HTMLButtonElement>)
  );

/** docs/product-rules.md#design-tokens: sizes S, M, L; variants primary, outline, secondary, warning. A link when given href. */
export function Button({ size = "M", variant = "primary", ...props }: ButtonProps) {
  if (props.href !== undefined) return <StyledLink $size={size} $variant={variant} {...props} />;
  const { type = "button", ...rest } = props as React.ButtonHTMLAttributes<HTMLButtonElement>;
  return <StyledButton $size={size} $variant={variant} type={type} {...rest} />;
}
