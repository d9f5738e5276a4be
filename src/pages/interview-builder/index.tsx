import { graphql, Link, type HeadProps, type PageProps } from "gatsby";
import { Layout } from "../../components/layout/layout";
import { Seo } from "../../components/seo/seo";
import { PageHeader } from "../../components/layout/page-header";
import { Card, Container, Grid, Section } from "../../components/ui/container";
import { paths } from "../../node/create-pages/paths";

/** The interview builder: pick a role to start from its guide. */
export default function InterviewBuilderPage({ data, location }: PageProps<Queries.InterviewBuilderQuery>) {
  return (
    <Layout path={location.pathname}>
      <PageHeader
        title="Interview builder for support teams"
        lead="Pick the role you're hiring for, choose the competencies that matter, and walk into every interview with structured questions and what good answers sound like."
      >
        <p>
          <Link to="/interview-builder/library/">Browse the full library</Link>
        </p>
      </PageHeader>
      <Section>
        <Container>
          <h2>Choose a role</h2>
          <Grid>
            {data.allInterviewGuide.nodes.map((g) => (
              <Card key={g.slug}>
                <h3>
                  <Link to={paths.interviewGuide(g.slug)}>{g.role}</Link>
                </h3>
                <p>{g.summary}</p>
                <p>
                  {g.competencies.length} competencies · {g.competencies.reduce((n, c) => n + c.questions.length, 0)} questions
                </p>
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
    title="Interview builder"
    description="Build a structured interview for any customer support role: competencies, questions and what to look for."
    path={location.pathname}
  />
);

export const query = graphql`
  query InterviewBuilder {
    allInterviewGuide(sort: { role: ASC }) {
      nodes {
        slug
        role
        summary
        competencies {
          name
          questions {
            id
          }
        }
      }
    }
  }
`;
