import styled from "styled-components";
import { graphql } from "gatsby";
import { theme } from "../../theme/theme";
import { Container, Section } from "../ui/container";
import { Heading2, type BlockProps } from "./parts";

const Faq = styled.div`
  max-width: 820px;
  margin: 0 auto;
  details {
    border-bottom: 1px solid ${theme.colors.border};
    padding: ${theme.space.m} 0;
  }
  summary {
    cursor: pointer;
    font-weight: ${theme.fontWeights.bold};
    font-size: ${theme.fontSizes.l};
  }
`;

export function FaqBlock({ section, first }: BlockProps<Queries.FaqBlockFragment>) {
  return (
    <Section>
      <Container>
        <Heading2 heading={section.heading} first={first} />
        <Faq>
          {section.items.map((item) => (
            <details key={item.question}>
              <summary>{item.question}</summary>
              <p>{item.answer}</p>
            </details>
          ))}
        </Faq>
      </Container>
    </Section>
  );
}

export const query = graphql`
  fragment FaqBlock on FaqSection {
    heading
    items {
      question
      answer
    }
  }
`;
