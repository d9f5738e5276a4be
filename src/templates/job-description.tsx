import { graphql, type HeadProps, type PageProps } from "gatsby";
import { SiteLink } from "../components/ui/site-link";
import { ContentPage } from "../components/layout/content-page";
import { Seo } from "../components/seo/seo";
import { PageHeader } from "../components/layout/page-header";
import { MarkdownContent } from "../components/markdown/markdown-content";
import { Prose } from "../components/markdown/prose";
import { paths } from "../lib/paths";
import { ancestors, trail } from "../components/seo/trail";
import { occupation } from "../components/seo/structured-data-tools";
import { Button } from "../components/ui/button";

type Data = Queries.JobDescriptionTemplateQuery;

const trailOf = (jd: NonNullable<Data["jobDescription"]>, path: string) => trail(ancestors.interviewLibrary, { name: jd.title, path });

/** A job description template (interview builder). */
export default function JobDescriptionTemplate({ data, location }: PageProps<Data>) {
  const jd = data.jobDescription!;
  const list = (title: string, items: readonly string[]) =>
    items.length > 0 && (
      <>
        <h2>{title}</h2>
        <ul>
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </>
    );
  return (
    <ContentPage
      path={location.pathname}
      header={
        <PageHeader title={jd.title} lead={jd.summary} eyebrow="Job description template" trail={trailOf(jd, location.pathname)}>
          <p>
            Ready to interview? Use the <SiteLink to={paths.interviewGuide(jd.interviewGuide.slug)}>{jd.interviewGuide.title}</SiteLink>.
          </p>
          <Button href={paths.interviewBuilder(jd.interviewGuide.slug)} size="M">
            Build an interview for this role
          </Button>
        </PageHeader>
      }
      bodies={[jd.body]}
      narrow
    >
      <MarkdownContent body={jd.body} />
      <Prose>
        {list("Responsibilities", jd.responsibilities)}
        {list("Requirements", jd.requirements)}
        {list("Nice to have", jd.niceToHave)}
        <h2>Interviewing for this role</h2>
        <p>
          The <SiteLink to={paths.interviewGuide(jd.interviewGuide.slug)}>{jd.interviewGuide.title}</SiteLink> covers{" "}
          {jd.interviewGuide.competencies.map((c) => c.name.toLowerCase()).join(", ")}, with what good answers sound like. Or{" "}
          <SiteLink to={paths.interviewLibrary()}>browse the whole library</SiteLink>.
        </p>
      </Prose>
    </ContentPage>
  );
}

export function Head({ data, location }: HeadProps<Data>) {
  const jd = data.jobDescription!;
  return (
    <Seo
      title={jd.title}
      description={jd.summary}
      path={location.pathname}
      trail={trailOf(jd, location.pathname)}
      jsonLd={({ siteUrl }) => [
        occupation({
          siteUrl,
          path: location.pathname,
          name: jd.role,
          description: jd.summary,
          responsibilities: jd.responsibilities,
          qualifications: jd.requirements,
          skills: jd.interviewGuide.competencies.map((c) => c.name),
          category: jd.department,
        }),
      ]}
    />
  );
}

export const query = graphql`
  query JobDescriptionTemplate($id: String!) {
    jobDescription(id: { eq: $id }) {
      slug
      role
      title
      summary
      department
      employmentType
      responsibilities
      requirements
      niceToHave
      interviewGuide {
        slug
        title
        competencies {
          name
        }
      }
      body {
        ...MarkdownBodyFields
      }
    }
  }
`;
