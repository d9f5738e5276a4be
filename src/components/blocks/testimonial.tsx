import styled from "styled-components";
import { graphql } from "gatsby";
import { theme } from "../../theme/theme";
import { Container, Section } from "../ui/container";
import type { BlockProps } from "./parts";

const Quote = styled.figure`
  margin: 0 auto;
  max-width: 820px;
  text-align: center;
  blockquote {
    font-size: ${theme.fontSizes.xxl};
    line-height: 1.4;
    margin: 0 0 ${theme.space.l};
  }
`;

export function TestimonialBlock({ section, first }: BlockProps<Queries.TestimonialBlockFragment>) {
  return (
    <Section $tone="surface">
      <Container>
        {first && <h1 className="visually-hidden">{section.company}</h1>}
        <Quote>
          <blockquote>“{section.quote}”</blockquote>
          <figcaption>
            <strong>{section.name}</strong>, {section.role} at {section.company}
          </figcaption>
        </Quote>
      </Container>
    </Section>
  );
}

export const query = graphql`
  fragment TestimonialBlock on TestimonialSection {
    quote
    name
    role
    company
  }
`;
