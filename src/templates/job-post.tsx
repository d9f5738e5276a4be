import { graphql, type HeadProps, type PageProps } from "gatsby";
import { paths } from "../lib/paths";
import { ContentPage } from "../components/layout/content-page";
import { Seo } from "../components/seo/seo";
import { PageHeader } from "../components/layout/page-header";
import { Card } from "../components/ui/container";
import { MarkdownContent } from "../components/markdown/markdown-content";
import { SideColumns } from "../components/ui/side-columns";
import { Button } from "../components/ui/button";
import { jobPosting } from "../components/seo/structured-data";
import { trail } from "../components/seo/trail";
import { usd } from "../components/ui/format";
import { useSiteData } from "../hooks/use-site-data";

type Data = Queries.JobPostTemplateQuery;

const trailOf = (job: NonNullable<Data["jobPost"]>, path: string) =>
  trail([{ name: "Jobs", path: paths.jobs() }], { name: job.title, path });

const EMPLOYMENT: Record<string, string> = { FULL_TIME: "Full-time", PART_TIME: "Part-time", CONTRACTOR: "Contract" };

export default function JobPostTemplate({ data, location }: PageProps<Data>) {
  const job = data.jobPost!;
  const { siteSettings } = useSiteData();
  return (
    <ContentPage
      path={location.pathname}
      header={
        <PageHeader
          title={job.title}
          lead={`${job.department} · ${job.location}${job.remote ? " (remote)" : ""} · ${EMPLOYMENT[job.employmentType] ?? job.employmentType}`}
          eyebrow="We're hiring"
          trail={trailOf(job, location.pathname)}
        />
      }
      bodies={[job.body]}
    >
      <SideColumns>
        <MarkdownContent body={job.body} />
        <Card as="aside" aria-label="Role details">
          <h2>The details</h2>
          <p>
            <strong>Salary:</strong> {usd(job.salaryMin, { cents: false })}–{usd(job.salaryMax, { cents: false })} {job.currency}
            <br />
            <strong>Posted:</strong> <time dateTime={job.isoPosted}>{job.datePosted}</time>
            <br />
            <strong>Apply by:</strong> <time dateTime={job.isoValid}>{job.validThrough}</time>
          </p>
          <Button href={`mailto:jobs@northdesk.com?subject=${encodeURIComponent(`Application: ${job.title}`)}`}>Apply for this job</Button>
          <p style={{ marginTop: 16, fontSize: 14 }}>Questions? Write to {siteSettings?.organization.supportEmail}.</p>
        </Card>
      </SideColumns>
    </ContentPage>
  );
}

export function Head({ data, location }: HeadProps<Data>) {
  const job = data.jobPost!;
  const description = `${job.title} at Northdesk: ${job.department}, ${job.location}${job.remote ? ", remote" : ""}.`;
  return (
    <Seo
      title={`${job.title} – Jobs`}
      description={description}
      path={location.pathname}
      jsonLd={({ siteUrl, siteSettings }) => [
        jobPosting({
          siteUrl,
          title: job.title,
          description: job.body.text,
          datePosted: job.isoPosted,
          validThrough: job.isoValid,
          employmentType: job.employmentType,
          location: job.location,
          remote: job.remote,
          salaryMin: job.salaryMin,
          salaryMax: job.salaryMax,
          currency: job.currency,
          orgName: siteSettings?.organization.name ?? "Northdesk",
        }),
      ]}
      trail={trailOf(job, location.pathname)}
    />
  );
}

export const query = graphql`
  query JobPostTemplate($id: String!) {
    jobPost(id: { eq: $id }) {
      title
      department
      location
      remote
      employmentType
      datePosted(formatString: "MMMM D, YYYY")
      isoPosted: datePosted
      validThrough(formatString: "MMMM D, YYYY")
      isoValid: validThrough
      salaryMin
      salaryMax
      currency
      body {
        ...MarkdownBodyFields
        text
      }
    }
  }
`;
