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

export function CompanyList({ s, first }: { s: ListSection; first: boolean }) {
  const nodes = useLandingLists().landingCompanies?.nodes ?? [];
  return (
    <Section>
      <Container>
        <Heading2 heading={s.heading} text={s.text} first={first} />
        <Grid>
          {nodes.map((c) => (
            <LinkCard key={c.slug}>
              {image(c.logo)}
              <CardTitle>
                <SiteLink to={paths.company(c.slug)}>{c.name}</SiteLink>
              </CardTitle>
              <p>{c.summary}</p>
              <Badge $color="slateTint">{c.industry}</Badge>
            </LinkCard>
          ))}
        </Grid>
      </Container>
    </Section>
  );
}

/** Fetched with the landing page's own query when the page has this section (see landing-lists.ts). */
export const query = graphql`
  fragment LandingCompanies on Query {
    landingCompanies: allCompany(sort: { name: ASC }) @include(if: $withCompanies) {
      nodes {
        slug
        name
        industry
        summary
        logo {
          alt
          gatsbyImageData(width: 64, height: 64, layout: FIXED, placeholder: NONE)
        }
      }
    }
  }
`;
