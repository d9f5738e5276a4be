import { graphql, type HeadProps, type PageProps } from "gatsby";
import { Layout } from "../../components/layout/layout";
import { Seo } from "../../components/seo/seo";
import { PageHeader } from "../../components/layout/page-header";
import { trail } from "../../components/seo/trail";
import { Container, Section } from "../../components/ui/container";
import { LibraryBrowser } from "../../components/tools/library-browser";
import { paths } from "../../lib/paths";
import type { LibraryItem } from "../../components/tools/library-filter";

const trailOf = (path: string) => trail([{ name: "Interview builder", path: paths.interviewBuilder() }], { name: "Library", path });

/** The interview builder library: every interview guide and job description, filterable. */
export default function InterviewLibraryPage({ data, location }: PageProps<Queries.InterviewLibraryQuery>) {
  const items: LibraryItem[] = [
    ...data.allInterviewGuide.nodes.map((g) => ({
      type: "guide" as const,
      slug: g.slug,
      title: g.title,
      summary: g.summary,
      path: paths.interviewGuide(g.slug),
      keywords: [g.role, ...g.competencies.map((c) => c.name)],
      text: g.competencies.flatMap((c) => [c.description, ...c.questions.flatMap((q) => [q.text, q.lookFor])]),
    })),
    ...data.allJobDescription.nodes.map((d) => ({
      type: "description" as const,
      slug: d.slug,
      title: d.title,
      summary: d.summary,
      path: paths.jobDescription(d.slug),
      keywords: [d.role, d.department],
      text: [...d.responsibilities, ...d.requirements, ...d.niceToHave],
    })),
  ];
  return (
    <Layout path={location.pathname}>
      <PageHeader
        title="Interview guide and job description library"
        lead="Every support role we've written an interview guide and a job description for, ready to adapt."
        trail={trailOf(location.pathname)}
      />
      <Section>
        <Container>
          <LibraryBrowser items={items} />
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
    trail={trailOf(location.pathname)}
  />
);

export const query = graphql`
  query InterviewLibrary {
    allInterviewGuide(sort: { role: ASC }) {
      nodes {
        ...InterviewGuideFields
      }
    }
    allJobDescription(sort: { role: ASC }) {
      nodes {
        slug
        role
        title
        summary
        department
        responsibilities
        requirements
        niceToHave
      }
    }
  }
`;
