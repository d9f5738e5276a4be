import { graphql, type HeadProps, type PageProps } from "gatsby";
import { Layout } from "../components/layout/layout";
import { StaticIsland } from "../hydration";
import { Seo } from "../components/seo/seo";
import { PageHeader } from "../components/layout/page-header";
import { Container, Section } from "../components/ui/container";
import { PostCard, PostGrid } from "../components/blog/post-card";
import { CategoryNav } from "../components/blog/category-nav";
import { Pagination } from "../components/ui/pagination";
import { paths } from "../lib/paths";
import { breadcrumbs } from "../lib/structured-data";
import { useSiteData } from "../hooks/use-site-data";

type Data = Queries.PostsListQuery;
interface Context {
  slug: string;
  page: number;
  pageCount: number;
}

/** A category's posts, paginated. */
export default function PostsList({ data, location, pageContext }: PageProps<Data, Context>) {
  const category = data.category!;
  return (
    <Layout path={location.pathname}>
      <PageHeader
        title={pageContext.page > 1 ? `${category.name}: page ${pageContext.page}` : category.name}
        lead={category.description}
        crumbs={[{ name: "Blog", path: paths.blog() }]}
      >
        <CategoryNav current={category.slug} />
      </PageHeader>
      <StaticIsland>
        <Section>
          <Container>
            <PostGrid>
              {data.posts.map((post, i) => (
                <PostCard key={post.slug} post={post} headingLevel={2} priority={i === 0} />
              ))}
            </PostGrid>
            <Pagination page={pageContext.page} pageCount={pageContext.pageCount} pageHref={(n) => paths.category(category.slug, n)} />
          </Container>
        </Section>
      </StaticIsland>
    </Layout>
  );
}

export function Head({ data, location, pageContext }: HeadProps<Data, Context>) {
  const { siteUrl } = useSiteData();
  const category = data.category!;
  const title = pageContext.page > 1 ? `${category.name} articles, page ${pageContext.page}` : `${category.name} articles`;
  return (
    <Seo
      title={title}
      description={category.description}
      path={location.pathname}
      jsonLd={[
        breadcrumbs(siteUrl, [
          { name: "Blog", path: paths.blog() },
          { name: category.name, path: paths.category(category.slug) },
        ]),
      ]}
    >
      {pageContext.page > 1 && <link rel="prev" href={paths.category(category.slug, pageContext.page - 1)} />}
      {pageContext.page < pageContext.pageCount && <link rel="next" href={paths.category(category.slug, pageContext.page + 1)} />}
    </Seo>
  );
}

export const query = graphql`
  query PostsList($id: String!, $postIds: [String!]!) {
    category(id: { eq: $id }) {
      slug
      name
      description
    }
    posts: blogPostsById(ids: $postIds) {
      ...PostCardFields
    }
  }
`;
