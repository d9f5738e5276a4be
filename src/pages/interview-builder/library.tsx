import { graphql, Link, type HeadProps, type PageProps } from "gatsby";
import { Layout } from "../../components/layout/layout";
import { Seo } from "../../components/seo/seo";
import { PageHeader } from "../../components/layout/page-header";
import { Card, Container, Grid, Section } from "../../components/ui/container";
import { paths } from "../../node/create-pages/paths";

/** The interview builder library: every interview guide and job description. */
export default function InterviewLibraryPage({ data, location }: PageProps<Queries.InterviewLibraryQuery>) {
  return (
    <Layout path={location.pathname}>
      <PageHeader
        title="Interview guide and job description library"
        lead="Every support role we've written an interview guide and a job description for, ready to adapt."
        crumbs={[{ name: "Interview builder", path: "/interview-builder/" }]}
      />
      <Section>
        <Container>
          <h2>Interview guides</h2>
          <Grid>
            {data.allInterviewGuide.nodes.map((g) => (
              <Card key={g.slug}>
                <h3>
                  <Link to={paths.interviewGuide(g.slug)}>{g.title}</Link>
                </h3>
                <p>{g.summary}</p>
                <p>{g.competencies.map((c) => c.name).join(" · ")}</p>
              </Card>
            ))}
          </Grid>
        </Container>
      </Section>
      <Section $tone="surface">
        <Container>
          <h2>Job descriptions</h2>
          <Grid>
            {data.allJobDescription.nodes.map((d) => (
              <Card key={d.slug}>
                <h3>
                  <Link to={paths.jobDescription(d.slug)}>{d.title}</Link>
                </h3>
                <p>{d.summary}</p>
              </Card>
            ))}
          </Grid>
        </Container>
      </Section>
    </Layout>
  );
}

export const Head = ({ location }: HeadProps) => (
  <Seo
    title="Interview guide library"
    description="Interview guides and job descriptions for every customer support role, free to use and adapt."
    path={location.pathname}
  />
);

export const query = graphql`
  query InterviewLibrary {
    allInterviewGuide(sort: { role: ASC }) {
      nodes {
        slug
        title
        summary
        competencies {
          name
        }
      }
    }
    allJobDescription(sort: { role: ASC }) {
      nodes {
        slug
        title
        summary
      }
    }
  }
`;
