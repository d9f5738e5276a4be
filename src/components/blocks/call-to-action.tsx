import { graphql } from "gatsby";
import { Button } from "../ui/button";
import { Container, Section } from "../ui/container";
import { Actions, BlockHeading, Center, type BlockProps } from "./parts";

export function CallToActionBlock({ section, first }: BlockProps<Queries.CallToActionBlockFragment>) {
  return (
    <Section $tone="dark">
      <Container>
        <Center>
          <BlockHeading first={first}>{section.heading}</BlockHeading>
          {section.text && <p>{section.text}</p>}
          <Actions style={{ justifyContent: "center" }}>
            <Button href={section.cta.url} size="L">
              {section.cta.label}
            </Button>
            {section.secondaryCta && (
              <Button href={section.secondaryCta.url} size="L" variant="secondary">
                {section.secondaryCta.label}
              </Button>
            )}
          </Actions>
        </Center>
      </Container>
    </Section>
  );
}

export const query = graphql`
  fragment CallToActionBlock on CallToActionSection {
    heading
    text
    cta {
      ...CtaFields
    }
    secondaryCta {
      ...CtaFields
    }
  }
`;
