import { HeroImage } from "../ui/hero-image";
import styled from "styled-components";
import { theme } from "../../theme/theme";
import type { IGatsbyImageData } from "gatsby-plugin-image";
import { Picture } from "../ui/picture";
import type { ReactNode } from "react";
import { Card, Container, Grid, Lead, Section } from "../ui/container";
import { graphql } from "gatsby";
import type { InspectorProps } from "../preview/inspector";

/** Building blocks shared by the landing-page block components. */

/** What every block component takes: its own fragment's data, and whether it is the page's first block (its heading is the h1). */
export interface BlockProps<Fragment> {
  section: Fragment;
  first: boolean;
}

/** A row of call-to-action buttons. */
export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.s};
  margin-top: ${theme.space.l};
`;

export const Center = styled.div`
  text-align: center;
  max-width: 760px;
  margin: 0 auto ${theme.space.xl};
  p {
    margin-left: auto;
    margin-right: auto;
  }
`;

export const CardTitle = styled.h3`
  font-size: ${theme.fontSizes.l};
  a {
    color: inherit;
    text-decoration: none;
  }
  a::after {
    content: "";
    position: absolute;
    inset: 0;
  }
`;

export const LinkCard = styled(Card)`
  position: relative;
  &:hover {
    border-color: ${theme.colors.cobalt};
  }
  &:focus-within {
    outline: 3px solid ${theme.colors.focus};
  }
`;

/** An image of a section: the first section's (the hero) loads eagerly with high priority, the rest lazily. */
export const image = (i: { gatsbyImageData?: unknown; alt: string } | null | undefined, eager = false, inspect?: InspectorProps) =>
  !i?.gatsbyImageData ? null : eager ? (
    <HeroImage image={i.gatsbyImageData as IGatsbyImageData} alt={i.alt} inspect={inspect} />
  ) : (
    <Picture image={i.gatsbyImageData as IGatsbyImageData} alt={i.alt} inspect={inspect} />
  );

/** A section's heading: the page's h1 when the section comes first (a landing page has no other title), else an h2. */
export function BlockHeading({ first, children, inspect }: { first: boolean; children: ReactNode; inspect?: InspectorProps }) {
  const H = first ? "h1" : "h2";
  return <H {...inspect}>{children}</H>;
}

export function Heading2({ heading, text, first }: { heading?: string | null; text?: string | null; first: boolean }) {
  if (!heading) return null;
  return (
    <Center>
      <BlockHeading first={first}>{heading}</BlockHeading>
      {text && <Lead>{text}</Lead>}
    </Center>
  );
}

/** What a list section takes from the page: its heading and text (the items come from the landing query). */
export interface ListSectionContent {
  heading?: string | null;
  text?: string | null;
}

const Empty = styled.p`
  text-align: center;
  color: ${theme.colors.textMuted};
`;

/**
 * A landing-page list (companies, integrations, jobs): the section's heading and text, then a card per
 * item, or `empty` when there is none, so the heading never stands over nothing.
 */
export function CardListSection<T>({
  section,
  first,
  items,
  empty,
  card,
}: {
  section: ListSectionContent;
  first: boolean;
  items: readonly T[];
  empty: string;
  card: (item: T) => ReactNode;
}) {
  return (
    <Section>
      <Container>
        <Heading2 heading={section.heading} text={section.text} first={first} />
        {items.length ? <Grid>{items.map(card)}</Grid> : <Empty>{empty}</Empty>}
      </Container>
    </Section>
  );
}

/** A call to action's link, as every block with buttons (hero, call to action, pricing plan) asks for it. */
export const query = graphql`
  fragment CtaFields on CtaLink {
    label
    url
  }
`;
