import styled from "styled-components";
import { theme } from "../theme/theme";
import { graphql, type HeadProps, type PageProps } from "gatsby";
import { SiteLink } from "../components/ui/site-link";
import { ContentPage } from "../components/layout/content-page";
import { Seo } from "../components/seo/seo";
import { PageHeader } from "../components/layout/page-header";
import { MarkdownContent } from "../components/markdown/markdown-content";
import { inspectorProps } from "../components/preview/inspector";
import { paths } from "../lib/paths";
import { trail } from "../components/seo/trail";

type Data = Queries.BookPostTemplateQuery;

const trailOf = (chapter: NonNullable<Data["bookPost"]>, path: string) =>
  trail(
    [
      { name: "Resources", path: paths.resources() },
      { name: chapter.book.title, path: paths.book(chapter.book.slug) },
    ],
    { name: chapter.title, path },
  );

const Neighbours = styled.nav`
  display: flex;
  justify-content: space-between;
  gap: ${theme.space.m};
  margin-top: ${theme.space.xxl};
  padding-top: ${theme.space.l};
  border-top: 1px solid ${theme.colors.border};
`;

/** A book chapter (book post). */
export default function BookPostTemplate({ data, location }: PageProps<Data>) {
  const chapter = data.bookPost!;
  const book = chapter.book;
  return (
    <ContentPage
      path={location.pathname}
      header={
        <PageHeader
          title={chapter.title}
          lead={chapter.excerpt}
          eyebrow={`Chapter ${chapter.order} of ${book.chapters.length}`}
          trail={trailOf(chapter, location.pathname)}
          inspect={{ title: inspectorProps(chapter.entryId, "title"), lead: inspectorProps(chapter.entryId, "excerpt") }}
        />
      }
      bodies={[chapter.body]}
      narrow
    >
      <MarkdownContent body={chapter.body} inspect={inspectorProps(chapter.entryId, "body")} />
      <Neighbours aria-label="Chapters">
        {data.previous ? (
          <SiteLink to={paths.bookPost(book.slug, data.previous.slug)} rel="prev">
            ← {data.previous.title}
          </SiteLink>
        ) : (
          <SiteLink to={paths.book(book.slug)}>← {book.title}</SiteLink>
        )}
        {data.next && (
          <SiteLink to={paths.bookPost(book.slug, data.next.slug)} rel="next">
            {data.next.title} →
          </SiteLink>
        )}
      </Neighbours>
    </ContentPage>
  );
}

export function Head({ data, location }: HeadProps<Data>) {
  const chapter = data.bookPost!;
  return (
    <Seo
      title={`${chapter.title} – ${chapter.book.title}`}
      description={chapter.excerpt}
      path={location.pathname}
      type="article"
      trail={trailOf(chapter, location.pathname)}
    />
  );
}

export const query = graphql`
  query BookPostTemplate($id: String!, $previousId: String!, $nextId: String!) {
    bookPost(id: { eq: $id }) {
      entryId
      slug
      title
      order
      excerpt
      book {
        slug
        title
        chapters {
          slug
        }
      }
      body {
        ...MarkdownBodyFields
      }
    }
    previous: bookPostById(id: $previousId) {
      slug
      title
    }
    next: bookPostById(id: $nextId) {
      slug
      title
    }
  }
`;
