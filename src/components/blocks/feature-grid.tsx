import { graphql } from "gatsby";
import { Card, Container, Grid, Section } from "../ui/container";
import { ContentLink } from "../ui/content-link";
import { Heading2, type BlockProps } from "./parts";

export function FeatureGridBlock({ section, first }: BlockProps<Queries.FeatureGridBlockFragment>) {
  return (
    <Section $tone="surface">
      <Container>
        <Heading2 heading={section.heading} text={section.text} first={first} />
        <Grid>
          {section.features.map((f) => (
            <Card key={f.title}>
              <h3>{f.url ? <ContentLink href={f.url}>{f.title}</ContentLink> : f.title}</h3>
              <p>{f.text}</p>
            </Card>
          ))}
        </Grid>
      </Container>
    </Section>
  );
}

export const query = graphql`
  fragment FeatureGridBlock on FeatureGridSection {
    heading
    text
    features {
      title
      text
      icon
      url
    }
  }
`;
