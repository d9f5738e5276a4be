import { graphql, type HeadProps, type PageProps } from "gatsby";
import { SiteLink } from "../../components/ui/site-link";
import { Layout } from "../../components/layout/layout";
import { ToolHead } from "../../components/seo/tool-head";
import { PageHeader } from "../../components/layout/page-header";
import { Card, Container, Grid, Section } from "../../components/ui/container";
import { InterviewBuilder } from "../../components/tools/interview-builder";
import { paths } from "../../lib/paths";

const DESCRIPTION = "Build a structured interview for any customer support role: competencies, questions and what to look for.";

/** The interview builder: pick a role, competencies and questions, then print, copy or download the guide. */
export default function InterviewBuilderPage({ data, location }: PageProps<Queries.InterviewBuilderQuery>) {
  const guides = data.allInterviewGuide.nodes;
  return (
    <Layout path={location.pathname}>
      <div data-print="hide">
        <PageHeader
          title="Interview builder for support teams"
          lead="Pick the role you're hiring for, choose the competencies that matter, and walk into every interview with structured questions and what good answers sound like."
        >
          <p>
            <SiteLink to={paths.interviewLibrary()}>Browse the full library</SiteLink> of interview guides and job descriptions.
          </p>
        </PageHeader>
      </div>
      <Section $tone="surface">
        <Container>
          <InterviewBuilder guides={guides} jobDescriptionPath={paths.jobDescription} />
        </Container>
      </Section>
      <Section data-print="hide">
        <Container>
          <h2>Ready-made guides by role</h2>
          <Grid>
            {guides.map((g) => (
              <Card key={g.slug}>
                <h3>
                  <SiteLink to={paths.interviewGuide(g.slug)}>{g.role}</SiteLink>
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
  <ToolHead title="Interview builder" name="Interview builder for support teams" description={DESCRIPTION} path={location.pathname} />
);

export const query = graphql`
  query InterviewBuilder {
    allInterviewGuide(sort: { role: ASC }) {
      nodes {
        ...InterviewGuideFields
        jobDescription {
          slug
          title
        }
      }
    }
  }
`;
