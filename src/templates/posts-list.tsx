import { graphql, type HeadProps, type PageProps } from "gatsby";
import { ContentPage } from "../components/layout/content-page";
import { Seo } from "../components/seo/seo";
import { PageHeader } from "../components/layout/page-header";
import { PostCard, PostGrid } from "../components/blog/post-card";
import { CategoryNav } from "../components/blog/category-nav";
import { Pagination } from "../components/ui/pagination";
import { paths } from "../lib/paths";
import { trail } from "../components/seo/trail";

type Data = Queries.PostsListQuery;
interface Context {
  slug: string;
  page: number;
  pageCount: number;
}

/** Every page of a category has the category's first page as its place in the trail. */
const trailOf = (category: NonNullable<Data["category"]>) =>
  trail([{ name: "Blog", path: paths.blog() }], { name: category.name, path: paths.category(category.slug) });

/** A category's posts, paginated. */
export default function PostsList({ data, location, pageContext }: PageProps<Data, Context>) {
  const category = data.category!;
  return (
    <ContentPage
      path={location.pathname}
      header={
        <PageHeader
          title={pageContext.page > 1 ? `${category.name}: page ${pageContext.page}` : category.name}
          lead={category.description}
          trail={trailOf(category)}
        >
          <CategoryNav current={category.slug} />
        </PageHeader>
      }
    >
      <PostGrid>
        {data.posts.map((post, i) => (
          <PostCard key={post.slug} post={post} headingLevel={2} priority={i === 0} />
        ))}
      </PostGrid>
      <Pagination page={pageContext.page} pageCount={pageContext.pageCount} pageHref={(n) => paths.category(category.slug, n)} />
    </ContentPage>
  );
}

export function Head({ data, location, pageContext }: HeadProps<Data, Context>) {
  const category = data.category!;
  const title = pageContext.page > 1 ? `${category.name} articles, page ${pageContext.page}` : `${category.name} articles`;
  return (
    <Seo title={title} description={category.description} path={location.pathname} trail={trailOf(category)}>
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
