import styled from "styled-components";
import { graphql } from "gatsby";
import { theme } from "../../theme/theme";
import { Button } from "../ui/button";
import { Card, Container, Grid, Section } from "../ui/container";
import { Heading2, type BlockProps } from "./parts";

const Plan = styled(Card)<{ $highlighted?: boolean | null }>`
  display: flex;
  flex-direction: column;
  border-width: ${({ $highlighted }) => ($highlighted ? "2px" : "1px")};
  border-color: ${({ $highlighted }) => ($highlighted ? theme.colors.cobalt : theme.colors.border)};
  ul {
    padding-left: 1.2em;
    flex: 1;
  }
  .price {
    font-size: ${theme.fontSizes.h2};
    font-weight: ${theme.fontWeights.bold};
  }
`;

export function PricingTableBlock({ section, first }: BlockProps<Queries.PricingTableBlockFragment>) {
  return (
    <Section>
      <Container>
        <Heading2 heading={section.heading} first={first} />
        <Grid $min="280px">
          {section.plans.map((plan) => (
            <Plan key={plan.name} $highlighted={plan.highlighted}>
              <h3>{plan.name}</h3>
              <p>
                <span className="price">{plan.price}</span> {plan.period}
              </p>
              <p>{plan.description}</p>
              <ul>
                {plan.features.map((f) => (
                  <li key={f}>{f}</li>
                ))}
              </ul>
              <Button href={plan.cta.url} variant={plan.highlighted ? "primary" : "outline"}>
                {plan.cta.label}
              </Button>
            </Plan>
          ))}
        </Grid>
      </Container>
    </Section>
  );
}

export const query = graphql`
  fragment PricingTableBlock on PricingTableSection {
    heading
    plans {
      name
      price
      period
      description
      features
      highlighted
      cta {
        ...CtaFields
      }
    }
  }
`;
