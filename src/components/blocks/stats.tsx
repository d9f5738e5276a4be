import styled from "styled-components";
import { graphql } from "gatsby";
import { theme } from "../../theme/theme";
import { Container, Section } from "../ui/container";
import { Heading2, type BlockProps } from "./parts";

const StatGrid = styled.dl`
  display: grid;
  gap: ${theme.space.l};
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  margin: 0;
  text-align: center;
  dt {
    /* the h2 size, phone to desktop (one font strike less) */
    font-size: clamp(1.5rem, 3.5vw, ${theme.fontSizes.h2});
    font-weight: ${theme.fontWeights.bold};
    color: ${theme.colors.cobaltDark};
  }
  dd {
    margin: 0;
    color: ${theme.colors.textMuted};
  }
`;

export function StatsBlock({ section, first }: BlockProps<Queries.StatsBlockFragment>) {
  return (
    <Section $tone="surface">
      <Container>
        <Heading2 heading={section.heading} first={first} />
        <StatGrid>
          {section.stats.map((stat) => (
            <div key={stat.label}>
              <dt>{stat.value}</dt>
              <dd>{stat.label}</dd>
            </div>
          ))}
        </StatGrid>
      </Container>
    </Section>
  );
}

export const query = graphql`
  fragment StatsBlock on StatsSection {
    heading
    stats {
      value
      label
    }
  }
`;
