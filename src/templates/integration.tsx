import { graphql, type HeadProps, type PageProps } from "gatsby";
import { paths } from "../lib/paths";
import type { IGatsbyImageData } from "gatsby-plugin-image";
import { Picture } from "../components/ui/picture";
import { ContentPage } from "../components/layout/content-page";
import { Seo } from "../components/seo/seo";
import { PageHeader } from "../components/layout/page-header";
import { Card } from "../components/ui/container";
import { MarkdownContent } from "../components/markdown/markdown-content";
import { inspectorProps } from "../components/preview/inspector";
import { Badge } from "../components/ui/badge";
import { Button } from "../components/ui/button";
import { SideColumns as Columns } from "../components/ui/side-columns";
import { trail } from "../components/seo/trail";

type Data = Queries.IntegrationTemplateQuery;

const trailOf = (i: NonNullable<Data["integration"]>, path: string) =>
  trail([{ name: "Integrations", path: paths.integrations() }], { name: i.name, path });

export default function IntegrationTemplate({ data, location }: PageProps<Data>) {
  const i = data.integration!;
  return (
    <ContentPage
      path={location.pathname}
      header={
        <PageHeader
          title={`${i.name} integration`}
          lead={i.summary}
          eyebrow={
            <>
              {i.category}{" "}
              {i.isNew && (
                <Badge $size="XS" $color="green">
                  NEW
                </Badge>
              )}
            </>
          }
          trail={trailOf(i, location.pathname)}
          inspect={{ title: inspectorProps(i.entryId, "name"), lead: inspectorProps(i.entryId, "summary") }}
        />
      }
      bodies={[i.body]}
    >
      <Columns>
        <MarkdownContent body={i.body} inspect={inspectorProps(i.entryId, "body")} />
        <Card as="aside" aria-label={`${i.name} at a glance`}>
          <Picture image={i.logo.gatsbyImageData as IGatsbyImageData} alt={i.logo.alt} />
          <h2>What you get</h2>
          <ul>
            {i.features.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
          <p>
            <a href={i.website} rel="noopener noreferrer">
              Visit {i.name}
            </a>
          </p>
          <Button href="{{signupUrl}}">Try it free</Button>
        </Card>
      </Columns>
    </ContentPage>
  );
}

export function Head({ data, location }: HeadProps<Data>) {
  const i = data.integration!;
  return <Seo title={`${i.name} integration`} description={i.summary} path={location.pathname} trail={trailOf(i, location.pathname)} />;
}

export const query = graphql`
  query IntegrationTemplate($id: String!) {
    integration(id: { eq: $id }) {
      entryId
      name
      category
      summary
      website
      features
      isNew
      logo {
        alt
        gatsbyImageData(width: 72, height: 72, layout: FIXED, placeholder: NONE)
      }
      body {
        ...MarkdownBodyFields
      }
    }
  }
`;
