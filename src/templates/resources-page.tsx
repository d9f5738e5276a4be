import { graphql, type HeadProps, type PageProps } from "gatsby";
import { Layout } from "../components/layout/layout";
import { PageBody } from "../components/layout/page-body";
import { Seo } from "../components/seo/seo";
import { PageHeader } from "../components/layout/page-header";
import { Card, Container, Grid, Section } from "../components/ui/container";
import { ContentLink } from "../components/ui/content-link";
import { Badge } from "../components/ui/badge";

type Data = Queries.ResourcesPageTemplateQuery;

/** A resources page: grouped guides, books, templates and classes. */
export default function ResourcesPageTemplate({ data, location }: PageProps<Data>) {
  const page = data.resourcesPage!;
  return (
    <Layout path={location.pathname}>
      <PageHeader title={page.title} lead={page.description} />
      {page.groups.map((group, i) => (
        <PageBody key={group.title}>
          <Section $tone={i % 2 ? "surface" : "plain"}>
            <Container>
              <h2>{group.title}</h2>
              <Grid>
                {group.items.map((item) => (
                  <Card key={item.title}>
                    <Badge $color="slateTint">{item.type}</Badge>
                    <h3 style={{ marginTop: 12 }}>
                      <ContentLink href={item.url}>{item.title}</ContentLink>
                    </h3>
                    <p>{item.description}</p>
                  </Card>
                ))}
              </Grid>
            </Container>
          </Section>
        </PageBody>
      ))}
    </Layout>
  );
}

export function Head({ data }: HeadProps<Data>) {
  const page = data.resourcesPage!;
  return <Seo title={page.title} description={page.description} path={page.slug} />;
}

export const query = graphql`
  query ResourcesPageTemplate($id: String!) {
    resourcesPage(id: { eq: $id }) {
      slug
      title
      description
      groups {
        title
        items {
          title
          type
          url
          description
        }
      }
    }
  }
`;
