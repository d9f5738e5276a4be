import styled from "styled-components";
import { theme } from "../theme/theme";
import { graphql, type HeadProps, type PageProps } from "gatsby";
import { SiteLink } from "../components/ui/site-link";
import { ContentPage } from "../components/layout/content-page";
import { Seo } from "../components/seo/seo";
import { PageHeader } from "../components/layout/page-header";
import { MarkdownContent } from "../components/markdown/markdown-content";
import { paths } from "../lib/paths";
import { ancestors, trail } from "../components/seo/trail";
import { guideArticle } from "../components/seo/structured-data-tools";
import { Button } from "../components/ui/button";

type Data = Queries.InterviewGuideTemplateQuery;

const trailOf = (guide: NonNullable<Data["interviewGuide"]>, path: string) =>
  trail(ancestors.interviewLibrary, { name: guide.title, path });

const Competency = styled.section`
  margin-top: ${theme.space.xxl};
  ol {
    padding-left: 1.4em;
  }
  li {
    margin-bottom: ${theme.space.m};
  }
  .look-for {
    color: ${theme.colors.textMuted};
    font-size: ${theme.fontSizes.s};
    margin: 4px 0 0;
  }
`;

const Related = styled.section`
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.l};
  padding: ${theme.space.l};
  margin-top: ${theme.space.xxl};
  h2 {
    font-size: ${theme.fontSizes.xl};
  }
  ul {
    margin: 0;
    padding-left: 1.2em;
  }
`;

/** An interview guide (interview builder): competencies and questions with what to look for. */
export default function InterviewGuideTemplate({ data, location }: PageProps<Data>) {
  const guide = data.interviewGuide!;
  return (
    <ContentPage
      path={location.pathname}
      header={
        <PageHeader title={guide.title} lead={guide.summary} eyebrow="Interview guide" trail={trailOf(guide, location.pathname)}>
          <p>
            Hiring for this role? Read the{" "}
            <SiteLink to={paths.jobDescription(guide.jobDescription.slug)}>{guide.jobDescription.title}</SiteLink>.
          </p>
          <Button href={paths.interviewBuilder(guide.slug)} size="M">
            Build your interview from this guide
          </Button>
        </PageHeader>
      }
      bodies={[guide.body]}
      narrow
    >
      <MarkdownContent body={guide.body} />
      {guide.competencies.map((c) => (
        <Competency key={c.name} aria-labelledby={`c-${c.name.replace(/\W+/g, "-")}`}>
          <h2 id={`c-${c.name.replace(/\W+/g, "-")}`}>{c.name}</h2>
          <p>{c.description}</p>
          <ol>
            {c.questions.map((q) => (
              <li key={q.id}>
                {q.text}
                <p className="look-for">
                  <strong>Look for:</strong> {q.lookFor}
                </p>
              </li>
            ))}
          </ol>
        </Competency>
      ))}
      <Related aria-labelledby="related-heading">
        <h2 id="related-heading">Next steps</h2>
        <ul>
          <li>
            <SiteLink to={paths.interviewBuilder(guide.slug)}>Pick and order these questions in the interview builder</SiteLink>, then print
            or download your guide.
          </li>
          <li>
            Advertise the role with the{" "}
            <SiteLink to={paths.jobDescription(guide.jobDescription.slug)}>{guide.jobDescription.title}</SiteLink>.
          </li>
          <li>
            <SiteLink to={paths.interviewLibrary()}>Browse every guide and job description</SiteLink>.
          </li>
        </ul>
      </Related>
    </ContentPage>
  );
}

export function Head({ data, location }: HeadProps<Data>) {
  const guide = data.interviewGuide!;
  return (
    <Seo
      title={guide.title}
      description={guide.summary}
      path={location.pathname}
      trail={trailOf(guide, location.pathname)}
      jsonLd={({ siteUrl }) => [
        guideArticle({
          siteUrl,
          path: location.pathname,
          title: guide.title,
          description: guide.summary,
          about: guide.role,
          related: paths.jobDescription(guide.jobDescription.slug),
        }),
      ]}
    />
  );
}

export const query = graphql`
  query InterviewGuideTemplate($id: String!) {
    interviewGuide(id: { eq: $id }) {
      ...InterviewGuideFields
      jobDescription {
        slug
        title
      }
      body {
        ...MarkdownBodyFields
      }
    }
  }
`;
