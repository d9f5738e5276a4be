import styled from "styled-components";
import { theme } from "../theme/theme";
import { graphql, type HeadProps, type PageProps } from "gatsby";
import type { IGatsbyImageData } from "gatsby-plugin-image";
import { Picture } from "../components/ui/picture";
import { ContentPage } from "../components/layout/content-page";
import { PageBody } from "../components/layout/page-body";
import { Seo } from "../components/seo/seo";
import { PageHeader } from "../components/layout/page-header";
import { trail } from "../components/seo/trail";
import { Container, Section } from "../components/ui/container";
import { MarkdownContent } from "../components/markdown/markdown-content";
import { PostCard, PostGrid } from "../components/blog/post-card";
import { Pagination } from "../components/ui/pagination";
import { paths } from "../lib/paths";

type Data = Queries.AuthorTemplateQuery;
interface Context {
  page: number;
  pageCount: number;
}

const Profile = styled.div`
  display: flex;
  gap: ${theme.space.l};
  align-items: flex-start;
  flex-wrap: wrap;
  picture {
    border-radius: 50%;
    flex: none;
  }
`;

/** Every page of an author's articles has the author's first page as its place in the trail. */
const trailOf = (author: NonNullable<Data["author"]>) =>
  trail([{ name: "Blog", path: paths.blog() }], { name: author.name, path: paths.author(author.slug) });

/** An author's profile and their articles, paginated. */
export default function AuthorTemplate({ data, location, pageContext }: PageProps<Data, Context>) {
  const author = data.author!;
  return (
    <ContentPage
      path={location.pathname}
      header={
        <PageHeader
          title={pageContext.page > 1 ? `${author.name}: page ${pageContext.page}` : author.name}
          lead={author.role}
          trail={trailOf(author)}
        />
      }
      after={
        <PageBody>
          <Section $tone="surface">
            <Container>
              <h2>Articles by {author.name}</h2>
              {data.posts.length === 0 ? (
                <p>No articles yet.</p>
              ) : (
                <PostGrid>
                  {data.posts.map((post) => (
                    <PostCard key={post.slug} post={post} />
                  ))}
                </PostGrid>
              )}
              <Pagination page={pageContext.page} pageCount={pageContext.pageCount} pageHref={(n) => paths.author(author.slug, n)} />
            </Container>
          </Section>
        </PageBody>
      }
    >
      <Profile>
        <Picture image={author.avatar.gatsbyImageData as IGatsbyImageData} alt={author.avatar.alt} />
        <div>
          <MarkdownContent body={author.bio} />
          <p>
            {author.x && (
              <a href={author.x} rel="noopener noreferrer me">
                {author.name} on X
              </a>
            )}
            {author.x && author.linkedin && " · "}
            {author.linkedin && (
              <a href={author.linkedin} rel="noopener noreferrer me">
                {author.name} on LinkedIn
              </a>
            )}
          </p>
        </div>
      </Profile>
    </ContentPage>
  );
}

export function Head({ data, location, pageContext }: HeadProps<Data, Context>) {
  const author = data.author!;
  const { page, pageCount } = pageContext;
  return (
    <Seo
      title={page > 1 ? `${author.name}, ${author.role}: articles, page ${page}` : `${author.name}, ${author.role}`}
      description={`Articles by ${author.name}, ${author.role} at Northdesk.`}
      path={location.pathname}
      image={author.avatar.url}
      jsonLd={[
        {
          "@type": "ProfilePage",
          mainEntity: { "@type": "Person", name: author.name, jobTitle: author.role, sameAs: [author.x, author.linkedin].filter(Boolean) },
        },
      ]}
      trail={trailOf(author)}
    >
      {page > 1 && <link rel="prev" href={paths.author(author.slug, page - 1)} />}
      {page < pageCount && <link rel="next" href={paths.author(author.slug, page + 1)} />}
    </Seo>
  );
}

export const query = graphql`
  query AuthorTemplate($id: String!, $postIds: [String!]!) {
    author(id: { eq: $id }) {
      slug
      name
      role
      x
      linkedin
      avatar {
        alt
        url
        gatsbyImageData(width: 160, height: 160, layout: FIXED, placeholder: NONE, formats: [JPG, WEBP])
      }
      bio {
        ...MarkdownBodyFields
      }
    }
    posts: blogPostsById(ids: $postIds) {
      ...PostCardFields
    }
  }
`;
