import { useId, useRef, useState } from "react";
import styled from "styled-components";
import { theme } from "../../theme/theme";
import { setStored } from "../../browser/storage";
import { NEWSLETTER_NO_THANKS_KEY } from "../form/newsletter";
import LeadForm from "../form/lead-form";
import type { LeadFormData } from "../form/lead-form-slot";

// Static styles (tokens, no interpolated functions): the prompt is inserted after load, and one static rule
// is all it adds to the page's style sheet.
const Box = styled.section`
  margin: ${theme.space.xl} 0 ${theme.space.xxl};
  padding: ${theme.space.l};
  border-radius: ${theme.radii.l};
  background: ${theme.colors.cobaltTint};
  h2 {
    margin: 0 0 ${theme.space.xs};
    font-size: ${theme.fontSizes.xl};
  }
  p {
    margin: 0;
  }
  form {
    margin: ${theme.space.m} 0 ${theme.space.s};
  }
  .no-thanks {
    font: inherit;
    font-size: ${theme.fontSizes.s};
    color: ${theme.colors.textMuted};
    background: none;
    border: 0;
    padding: ${theme.space.xs} 0;
    min-height: 24px;
    text-decoration: underline;
    cursor: pointer;
  }
  .no-thanks:hover {
    color: ${theme.colors.text};
  }
`;
const Declined = styled.p`
  margin: ${theme.space.xl} 0;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.s};
`;

export interface NewsletterPromptProps {
  form: LeadFormData;
}

/**
 * The newsletter prompt after a blog post: the newsletter lead form (an email catcher, docs/product-rules.md#lead-form-flow) and "No thanks",
 * which stores `newsletter_nothanks` for the storage helper's year (docs/product-rules.md#browser-storage). Loaded by NewsletterSlot.
 */
export function NewsletterPrompt({ form }: NewsletterPromptProps) {
  const heading = useId();
  const [declined, setDeclined] = useState(false);
  const confirmation = useRef<HTMLParagraphElement>(null);
  if (declined)
    return (
      // focus moves here, so a keyboard or screen-reader user is not left on a button that has gone
      <Declined ref={confirmation} tabIndex={-1} role="status">
        Okay, we won’t ask again.
      </Declined>
    );
  return (
    <Box aria-labelledby={heading} data-newsletter-prompt="">
      <h2 id={heading}>Enjoyed this? Get the next one in your inbox</h2>
      <p>Practical tips, templates and stories for support teams, every Tuesday.</p>
      <LeadForm form={form} />
      <button
        type="button"
        className="no-thanks"
        onClick={() => {
          setStored(NEWSLETTER_NO_THANKS_KEY, true);
          setDeclined(true);
          requestAnimationFrame(() => confirmation.current?.focus({ preventScroll: true }));
        }}
      >
        No thanks
      </button>
    </Box>
  );
}
