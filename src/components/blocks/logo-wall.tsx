import styled from "styled-components";
import { graphql } from "gatsby";
import { theme } from "../../theme/theme";
import { Container, Section } from "../ui/container";
import { Heading2, type BlockProps } from "./parts";

const Logos = styled.ul`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${theme.space.xl};
  list-style: none;
  padding: 0;
  margin: 0;
  li {
    font-weight: ${theme.fontWeights.bold};
    font-size: ${theme.fontSizes.xl};
    color: ${theme.colors.slate};
    letter-spacing: -0.02em;
  }
`;

export function LogoWallBlock({ section, first }: BlockProps<Queries.LogoWallBlockFragment>) {
  return (
    <Section>
      <Container>
        <Heading2 heading={section.heading} first={first} />
        <Logos aria-label="Customer logos">
          {section.logos.map((logo) => (
            <li key={logo}>{logo}</li>
          ))}
        </Logos>
      </Container>
    </Section>
  );
}

export const query = graphql`
  fragment LogoWallBlock on LogoWallSection {
    heading
    logos
  }
`;
