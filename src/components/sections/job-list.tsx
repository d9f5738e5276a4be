import { graphql, useStaticQuery } from "gatsby";
import { SiteLink } from "../ui/site-link";
import { Container, Grid, Section } from "../ui/container";
import { paths } from "../../node/create-pages/paths";
import { CardTitle, Heading2, LinkCard } from "./parts";

interface ListSection {
  heading?: string | null;
  text?: string | null;
}

export function JobList({ s, first }: { s: ListSection; first: boolean }) {
  const data = useStaticQuery<Queries.JobListQuery>(graphql`
    query JobList {
      allJobPost(sort: { datePosted: DESC }) {
        nodes {
          slug
          title
          department
          location
          remote
        }
      }
    }
  `);
  return (
    <Section>
      <Container>
        <Heading2 heading={s.heading} text={s.text} first={first} />
        <Grid>
          {data.allJobPost.nodes.map((j) => (
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
