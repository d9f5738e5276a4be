import { graphql } from "gatsby";
import { SiteLink } from "../ui/site-link";
import { Container, Grid, Section } from "../ui/container";
import { paths } from "../../node/create-pages/paths";
import { useLandingLists } from "./landing-lists";
import { CardTitle, Heading2, LinkCard } from "./parts";

interface ListSection {
  heading?: string | null;
  text?: string | null;
}

export function JobList({ s, first }: { s: ListSection; first: boolean }) {
  const nodes = useLandingLists().landingJobs?.nodes ?? [];
  return (
    <Section>
      <Container>
        <Heading2 heading={s.heading} text={s.text} first={first} />
        <Grid>
          {nodes.map((j) => (
            <LinkCard key={j.slug}>
              <CardTitle>
                <SiteLink to={paths.job(j.slug)}>{j.title}</SiteLink>
              </CardTitle>
              <p>
                {j.department} · {j.location}
                {j.remote ? " · Remote" : ""}
              </p>
            </LinkCard>
          ))}
        </Grid>
      </Container>
    </Section>
  );
}

/** Fetched with the landing page's own query when the page has this section (see landing-lists.ts). */
export const query = graphql`
  fragment LandingJobs on Query {
    landingJobs: allJobPost(sort: { datePosted: DESC }) @include(if: $withJobs) {
      nodes {
        slug
        title
        department
        location
        remote
      }
    }
  }
`;
