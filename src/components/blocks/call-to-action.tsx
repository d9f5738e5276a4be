import { graphql } from "gatsby";
import { Button } from "../ui/button";
import { Container, Section } from "../ui/container";
import { Actions, BlockHeading, Center, type BlockProps } from "./parts";

export function CallToActionBlock({ s, first }: BlockProps<Queries.CallToActionBlockFragment>) {
  return (
    <Section $tone="dark">
      <Container>
        <Center>
          <BlockHeading first={first}>{s.heading}</BlockHeading>
          {s.text && <p>{s.text}</p>}
          <Actions style={{ justifyContent: "center" }}>
            <Button href={s.cta.url} size="L">
              {s.cta.label}
            </Button>
            {s.secondaryCta && (
              <Button href={s.secondaryCta.url} size="L" variant="secondary">
                {s.secondaryCta.label}
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
