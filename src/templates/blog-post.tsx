import { HeroImage } from "../components/ui/hero-image";
import styled from "styled-components";
import { theme } from "../theme/theme";
import { graphql, type HeadProps, type PageProps } from "gatsby";
import { SiteLink } from "../components/ui/site-link";
import type { IGatsbyImageData } from "gatsby-plugin-image";
import { Layout } from "../components/layout/layout";
import { PageBody } from "../components/layout/page-body";
import { Seo } from "../components/seo/seo";
import { Container, Eyebrow, Lead, Section } from "../components/ui/container";
import { MarkdownContent } from "../components/markdown/markdown-content";
import { AuthorCard } from "../components/blog/author-card";
import { PostCard, PostGrid } from "../components/blog/post-card";
import { Badge } from "../components/ui/badge";
import { paths } from "../lib/paths";
import { blogPosting } from "../components/seo/structured-data";
import { trail } from "../components/seo/trail";
import { NewsletterSlot } from "../components/blog/newsletter-slot";
import { inspectorProps } from "../components/preview/inspector";

type Data = Queries.BlogPostTemplateQuery;

const Article = styled.article`
  padding: ${theme.space.xxl} 0;
  header {
    margin-bottom: ${theme.space.xl};
  }
  .hero {
    display: block;
    overflow: hidden;
    border-radius: ${theme.radii.l};
    margin-bottom: ${theme.space.xl};
  }
  .meta {
    color: ${theme.colors.textMuted};
    font-size: ${theme.fontSizes.s};
  }
  .tags {
    display: flex;
    gap: 6px;
    flex-wrap: wrap;
    list-style: none;
    padding: 0;
  }
`;
const Neighbours = styled.nav`
  display: flex;
  justify-content: space-between;
  gap: ${theme.space.m};
  border-top: 1px solid ${theme.colors.border};
  padding-top: ${theme.space.l};
  a {
    max-width: 45%;
  }
`;

export default function BlogPostTemplate({ data, location }: PageProps<Data>) {
  const post = data.blogPost!;
  return (
    <Layout path={location.pathname}>
      <PageBody bodies={[post.body]}>
        <Article>
          <Container $narrow>
            <header>
              <Eyebrow>
                <SiteLink to={paths.category(post.category.slug)}>{post.category.name}</SiteLink>
              </Eyebrow>
              <h1 {...inspectorProps(post.entryId, "title")}>{post.title}</h1>
              <Lead>{post.excerpt}</Lead>
              <p className="meta">
                By <SiteLink to={paths.author(post.author.slug)}>{post.author.name}</SiteLink> ·{" "}
                <time dateTime={post.isoDate}>{post.date}</time> · {post.body.readingMinutes} min read
              </p>
            </header>
            <HeroImage
              className="hero"
              image={post.image.gatsbyImageData as IGatsbyImageData}
              alt={post.image.alt}
              inspect={inspectorProps(post.entryId, "image")}
            />
            <MarkdownContent body={post.body} inspect={inspectorProps(post.entryId, "body")} />
            {post.tags.length > 0 && (
              <ul className="tags" aria-label="Tags">
                {post.tags.map((tag) => (
                  <li key={tag}>
                    <Badge $color="slateTint">{tag}</Badge>
                  </li>
                ))}
              </ul>
            )}
            <AuthorCard author={post.author} />
            <Neighbours aria-label="More articles">
              {data.newer ? (
                <SiteLink to={paths.blogPost(data.newer.slug)} rel="prev">
                  ← {data.newer.title}
                </SiteLink>
              ) : (
                <span />
              )}
              {data.older && (
                <SiteLink to={paths.blogPost(data.older.slug)} rel="next">
                  {data.older.title} →
                </SiteLink>
              )}
            </Neighbours>
          </Container>
        </Article>
      </PageBody>
      {/* outside the island: it decides in the browser (local storage) whether to ask at all */}
      <Container $narrow>
        <NewsletterSlot form={data.newsletter} />
      </Container>
      {data.related.length > 0 && (
        <PageBody>
          <Section $tone="surface">
            <Container>
              <h2>More in {post.category.name}</h2>
              <PostGrid>
                {data.related.map((p) => (
                  <PostCard key={p.slug} post={p} />
                ))}
              </PostGrid>
            </Container>
          </Section>
        </PageBody>
      )}
    </Layout>
  );
}

export function Head({ data, location }: HeadProps<Data>) {
  const post = data.blogPost!;
  return (
    <Seo
      title={post.title}
      description={post.excerpt}
      path={location.pathname}
      type="article"
      image={post.image.url}
      jsonLd={({ siteUrl }) => [
        blogPosting({
          siteUrl,
          path: location.pathname,
          title: post.title,
          description: post.excerpt,
          image: post.image.url,
          datePublished: post.isoDate,
          dateModified: post.updated,
          author: { name: post.author.name, path: paths.author(post.author.slug) },
        }),
      ]}
      trail={trail(
        [
          { name: "Blog", path: paths.blog() },
          { name: post.category.name, path: paths.category(post.category.slug) },
        ],
        { name: post.title, path: location.pathname },
      )}
    />
  );
}

export const query = graphql`
  query BlogPostTemplate($id: String!, $newerId: String!, $olderId: String!, $relatedIds: [String!]!) {
    blogPost(id: { eq: $id }) {
      entryId
      slug
      title
      excerpt
      date(formatString: "MMMM D, YYYY")
      isoDate: date
      updated
      tags
      category {
        slug
        name
      }
      author {
        ...AuthorCardFields
      }
      image {
        alt
        url
        gatsbyImageData(width: 760, aspectRatio: 1.9, layout: CONSTRAINED, placeholder: BLURRED, formats: [JPG, WEBP])
      }
      body {
        ...MarkdownBodyFields
      }
    }
    newer: blogPostById(id: $newerId) {
      slug
      title
    }
    older: blogPostById(id: $olderId) {
      slug
      title
    }
    newsletter: leadForm(alternative_id: { eq: "newsletter" }) {
      ...LeadFormFields
    }
    related: blogPostsById(ids: $relatedIds) {
      ...PostCardFields
    }
  }
`;
