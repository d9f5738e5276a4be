import styled from "styled-components";
import { theme } from "../theme/theme";
import { graphql, type HeadProps, type PageProps } from "gatsby";
import { SiteLink } from "../components/ui/site-link";
import { ContentPage } from "../components/layout/content-page";
import { Seo } from "../components/seo/seo";
import { PageHeader } from "../components/layout/page-header";
import { PostCard, PostGrid } from "../components/blog/post-card";
import { CategoryNav } from "../components/blog/category-nav";
import { paths } from "../lib/paths";

type Data = Queries.PostsLandingQuery;

const Row = styled.div`
  margin-bottom: ${theme.space.xxl};
  header {
    display: flex;
    justify-content: space-between;
    align-items: baseline;
    gap: ${theme.space.m};
  }
`;

/** /blog/: the newest posts, then the latest three of each category. */
export default function PostsLanding({ data, location }: PageProps<Data>) {
  const latest = data.latest;
  return (
    <ContentPage
      path={location.pathname}
      header={
        <PageHeader
          title="The Northdesk blog"
          lead="Practical ideas for support teams: service quality, operations, product news and growth."
        >
          <CategoryNav />
        </PageHeader>
      }
    >
      <Row>
        <header>
          <h2>Latest articles</h2>
        </header>
        <PostGrid>
          {latest.map((post, i) => (
            <PostCard key={post.slug} post={post} priority={i === 0} />
          ))}
        </PostGrid>
      </Row>
      {data.allCategory.nodes.map((category) => {
        const posts = data.categoryPosts.filter((p) => p.category.slug === category.slug);
        if (!posts.length) return null;
        return (
          <Row key={category.slug}>
            <header>
              <h2>{category.name}</h2>
              <SiteLink to={paths.category(category.slug)}>All {category.name.toLowerCase()} articles</SiteLink>
            </header>
            <p>{category.description}</p>
            <PostGrid>
              {posts.map((post) => (
                <PostCard key={post.slug} post={post} />
              ))}
            </PostGrid>
          </Row>
        );
      })}
    </ContentPage>
  );
}

export function Head({ location }: HeadProps<Data>) {
  return (
    <Seo
      title="Blog"
      description="Practical ideas for support teams: service quality, support operations, product news and growth."
      path={location.pathname}
    />
  );
}

export const query = graphql`
  query PostsLanding($latestIds: [String!]!, $categoryPostIds: [String!]!) {
    latest: blogPostsById(ids: $latestIds) {
      ...PostCardFields
    }
    categoryPosts: blogPostsById(ids: $categoryPostIds) {
      ...PostCardFields
    }
    allCategory(sort: { name: ASC }) {
      nodes {
        slug
        name
        description
      }
    }
  }
`;
