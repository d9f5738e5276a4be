import { graphql, type HeadProps, type PageProps } from "gatsby";
import { Layout } from "../components/layout/layout";
import { Seo } from "../components/seo/seo";
import { LandingBlock } from "../components/blocks/registry";
import { LandingListsContext } from "../components/blocks/landing-lists";

type Data = Queries.LandingPageTemplateQuery;

/** A CMS landing page: a list of blocks rendered through the block registry. */
export default function LandingPageTemplate({ data, location }: PageProps<Data>) {
  const page = data.landingPage!;
  return (
    <Layout path={location.pathname} useStaticHeader={page.useStaticHeader}>
      <LandingListsContext.Provider value={data}>
        {page.sections.map((section, i) => (
          <LandingBlock key={section.id} block={section} index={i} />
        ))}
      </LandingListsContext.Provider>
    </Layout>
  );
}

export function Head({ data }: HeadProps<Data>) {
  const page = data.landingPage!;
  const hero = page.sections.find((s) => s.blocktype === "Hero") as { image?: { url?: string | null } | null } | undefined;
  return <Seo title={page.title} description={page.description} path={page.slug} noindex={page.noindex} image={hero?.image?.url} />;
}

export const query = graphql`
  query LandingPageTemplate($id: String!, $withCompanies: Boolean = false, $withIntegrations: Boolean = false, $withJobs: Boolean = false) {
    landingPage(id: { eq: $id }) {
      slug
      title
      description
      useStaticHeader
      noindex
      sections {
        ...LandingBlockFields
        ... on HeroSection {
          image {
            url
          }
        }
      }
    }
    ...LandingCompanies
    ...LandingIntegrations
    ...LandingJobs
  }
`;
