import styled from "styled-components";
import { theme } from "../theme/theme";
import { graphql, type HeadProps, type PageProps } from "gatsby";
import { paths } from "../lib/paths";
import type { IGatsbyImageData } from "gatsby-plugin-image";
import { Picture } from "../components/ui/picture";
import { ContentPage } from "../components/layout/content-page";
import { Seo } from "../components/seo/seo";
import { PageHeader } from "../components/layout/page-header";
import { Card } from "../components/ui/container";
import { MarkdownContent } from "../components/markdown/markdown-content";
import { trail } from "../components/seo/trail";
import { SideColumns as Columns } from "../components/ui/side-columns";

type Data = Queries.CompanyTemplateQuery;

const trailOf = (c: NonNullable<Data["company"]>, path: string) =>
  trail([{ name: "Customers", path: paths.customers() }], { name: c.name, path });

const Stats = styled.dl`
  display: grid;
  gap: ${theme.space.m};
  margin: 0 0 ${theme.space.l};
  dt {
    font-size: ${theme.fontSizes.xxl};
    font-weight: ${theme.fontWeights.bold};
    color: ${theme.colors.cobaltDark};
  }
  dd {
    margin: 0;
  }
`;

/** A customer story. */
export default function CompanyTemplate({ data, location }: PageProps<Data>) {
  const c = data.company!;
  return (
    <ContentPage
      path={location.pathname}
      header={
        <PageHeader
          title={`How ${c.name} delivers better support with Northdesk`}
          lead={c.summary}
          eyebrow="Customer story"
          trail={trailOf(c, location.pathname)}
        />
      }
      bodies={[c.body]}
    >
      <Columns>
        <div>
          <figure style={{ margin: "0 0 32px" }}>
            <blockquote style={{ fontSize: "1.4rem", margin: 0 }}>“{c.quote}”</blockquote>
            <figcaption>
              — {c.quoteAuthor}, {c.quoteRole}
            </figcaption>
          </figure>
          <MarkdownContent body={c.body} />
        </div>
        <Card as="aside" aria-label={`${c.name} at a glance`}>
          <Picture image={c.logo.gatsbyImageData as IGatsbyImageData} alt={c.logo.alt} />
          <Stats>
            {c.stats.map((s) => (
              <div key={s.label}>
                <dt>{s.value}</dt>
                <dd>{s.label}</dd>
              </div>
            ))}
          </Stats>
          <p>
            <strong>Industry:</strong> {c.industry}
            <br />
            <strong>Team size:</strong> {c.size}
            <br />
            <strong>Location:</strong> {c.location}
          </p>
        </Card>
      </Columns>
    </ContentPage>
  );
}

export function Head({ data, location }: HeadProps<Data>) {
  const c = data.company!;
  return (
    <Seo
      title={`${c.name} customer story`}
      description={c.summary}
      path={location.pathname}
      type="article"
      trail={trailOf(c, location.pathname)}
    />
  );
}

export const query = graphql`
  query CompanyTemplate($id: String!) {
    company(id: { eq: $id }) {
      name
      industry
      size
      location
      summary
      quote
      quoteAuthor
      quoteRole
      stats {
        value
        label
      }
      logo {
        alt
        gatsbyImageData(width: 96, height: 96, layout: FIXED, placeholder: NONE)
      }
      body {
        ...MarkdownBodyFields
      }
    }
  }
`;
