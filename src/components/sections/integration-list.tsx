import { graphql } from "gatsby";
import { SiteLink } from "../ui/site-link";
import { Container, Grid, Section } from "../ui/container";
import { Badge } from "../ui/badge";
import { paths } from "../../node/create-pages/paths";
import { useLandingLists } from "./landing-lists";
import { CardTitle, Heading2, LinkCard, image } from "./parts";

interface ListSection {
  heading?: string | null;
  text?: string | null;
}

export function IntegrationList({ s, first }: { s: ListSection; first: boolean }) {
  const nodes = useLandingLists().landingIntegrations?.nodes ?? [];
  return (
    <Section>
      <Container>
        <Heading2 heading={s.heading} text={s.text} first={first} />
        <Grid>
          {nodes.map((i) => (
            <LinkCard key={i.slug}>
              {image(i.logo)}
              <CardTitle>
                <SiteLink to={paths.integration(i.slug)}>{i.name}</SiteLink>{" "}
                {i.isNew && (
                  <Badge $size="XS" $color="green">
                    NEW
                  </Badge>
                )}
              </CardTitle>
              <p>{i.summary}</p>
              <Badge $color="slateTint">{i.category}</Badge>
            </LinkCard>
          ))}
        </Grid>
      </Container>
    </Section>
  );
}

/** Fetched with the landing page's own query when the page has this section (see landing-lists.ts). */
export const query = graphql`
  fragment LandingIntegrations on Query {
    landingIntegrations: allIntegration(sort: { name: ASC }) @include(if: $withIntegrations) {
      nodes {
        slug
        name
        category
        summary
        isNew
        logo {
          alt
          gatsbyImageData(width: 48, height: 48, layout: FIXED, placeholder: NONE)
        }
      }
    }
  }
`;
