import styled, { css } from "styled-components";
import { theme } from "../../theme/theme";

/** Styles shared by the lead-form parts (docs/product-rules.md#lead-form-flow layouts: regular, compact, email catcher). */
export const FormBox = styled.form<{ $compact: boolean; $catcher: boolean }>`
  display: grid;
  gap: ${({ $compact }) => ($compact ? theme.space.s : theme.space.m)};
  margin: ${theme.space.l} 0;
  padding: ${({ $catcher }) => ($catcher ? 0 : theme.space.l)};
  border: ${({ $catcher }) => ($catcher ? "none" : `1px solid ${theme.colors.border}`)};
  border-radius: ${theme.radii.l};
  background: ${({ $catcher }) => ($catcher ? "transparent" : theme.colors.background)};
  font-size: ${theme.fontSizes.m};
  text-align: left;
  ${({ $compact, $catcher }) =>
    $compact &&
    !$catcher &&
    css`
      ${theme.media.m} {
        grid-template-columns: 1fr 1fr;
        column-gap: ${theme.space.m};
        & > .full {
          grid-column: 1 / -1;
        }
      }
    `}
`;

export const Group = styled.div`
  display: grid;
  gap: ${theme.space.s};
  .fields {
    display: grid;
    gap: ${theme.space.s};
    ${theme.media.s} {
      grid-auto-flow: column;
      grid-auto-columns: 1fr;
    }
  }
  .rich-text {
    color: ${theme.colors.textMuted};
    font-size: ${theme.fontSizes.s};
    p {
      margin: 0;
    }
  }
`;

export const FieldBox = styled.div`
  display: grid;
  gap: ${theme.space.xxs};
  align-content: start;
  min-width: 0;
  label,
  legend {
    font-weight: ${theme.fontWeights.bold};
    font-size: ${theme.fontSizes.s};
    color: ${theme.colors.text};
  }
  fieldset {
    border: 0;
    margin: 0;
    padding: 0;
    min-width: 0;
  }
  legend {
    padding: 0;
    margin-bottom: ${theme.space.xxs};
  }
  .required {
    color: ${theme.colors.red};
  }
`;

const control = css`
  width: 100%;
  box-sizing: border-box;
  min-height: 44px;
  padding: 10px 12px;
  font: inherit;
  color: ${theme.colors.text};
  background: ${theme.colors.background};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.s};
  &:focus-visible {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 1px;
  }
  &[aria-invalid="true"] {
    border-color: ${theme.colors.red};
  }
  &:disabled {
    background: ${theme.colors.surface};
    cursor: not-allowed;
  }
`;

export const Input = styled.input`
  ${control}
  &[type="file"] {
    padding: 8px;
  }
`;
export const Select = styled.select`
  ${control}
`;
export const TextArea = styled.textarea`
  ${control}
  min-height: 120px;
  resize: vertical;
`;

export const Choice = styled.label`
  display: flex;
  gap: ${theme.space.xs};
  align-items: flex-start;
  padding: ${theme.space.xxs} 0;
  font-weight: ${theme.fontWeights.regular} !important;
  cursor: pointer;
  input {
    width: 18px;
    height: 18px;
    margin: 2px 0 0;
    flex: none;
    accent-color: ${theme.colors.cobaltDark};
  }
  p {
    margin: 0;
  }
`;

export const ErrorText = styled.p`
  margin: 0;
  color: ${theme.colors.red};
  font-size: ${theme.fontSizes.s};
  font-weight: ${theme.fontWeights.bold};
`;

export const SmallPrint = styled.div`
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.xs};
  line-height: 1.5;
  p {
    margin: 0 0 ${theme.space.xxs};
  }
`;

/** Email catcher: the input and the button always share one row (docs/product-rules.md#lead-form-flow). */
export const Row = styled.div`
  display: flex;
  gap: ${theme.space.xs};
  align-items: flex-start;
  & > :first-child {
    flex: 1 1 auto;
    min-width: 0;
  }
  & > button {
    flex: none;
    min-height: 44px;
  }
`;

export const StatusBox = styled.div<{ $tone: "info" | "success" | "error" }>`
  padding: ${theme.space.s} ${theme.space.m};
  border-radius: ${theme.radii.m};
  font-weight: ${theme.fontWeights.bold};
  background: ${({ $tone }) =>
    $tone === "success" ? theme.colors.greenTint : $tone === "error" ? theme.colors.orangeTint : theme.colors.cobaltTint};
  color: ${({ $tone }) => ($tone === "success" ? theme.colors.green : $tone === "error" ? theme.colors.red : theme.colors.cobaltDark)};
  p {
    margin: 0;
  }
`;

/**
 * The success message of a native (no-JavaScript) submission: hidden until the function's redirect lands on
 * `#<form id>-sent`, then shown in place of the form, which it precedes (docs/product-rules.md#lead-form-flow success state). Static, so it
 * adds no work while the page hydrates; display:none takes no room, so it never shifts the layout.
 */
export const SentNote = styled.div`
  display: none;
  /* the space docs/product-rules.md#hash-routes leaves above a hash target: the fixed header would cover the message */
  scroll-margin-top: 120px;
  margin: ${theme.space.l} 0;
  padding: ${theme.space.s} ${theme.space.m};
  border-radius: ${theme.radii.m};
  font-weight: ${theme.fontWeights.bold};
  background: ${theme.colors.greenTint};
  color: ${theme.colors.green};
  p {
    margin: 0;
  }
  &:target {
    display: block;
  }
  &:target + form {
    display: none;
  }
`;
