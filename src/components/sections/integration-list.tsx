import { graphql, useStaticQuery } from "gatsby";
import { SiteLink } from "../ui/site-link";
import { Container, Grid, Section } from "../ui/container";
import { Badge } from "../ui/badge";
import { paths } from "../../node/create-pages/paths";
import { CardTitle, Heading2, LinkCard, image } from "./parts";

interface ListSection {
  heading?: string | null;
  text?: string | null;
}

export function IntegrationList({ s, first }: { s: ListSection; first: boolean }) {
  const data = useStaticQuery<Queries.IntegrationListQuery>(graphql`
    query IntegrationList {
      allIntegration(sort: { name: ASC }) {
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
  `);
  return (
    <Section>
      <Container>
        <Heading2 heading={s.heading} text={s.text} first={first} />
        <Grid>
          {data.allIntegration.nodes.map((i) => (
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
