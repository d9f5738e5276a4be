import { HeroImage } from "../components/ui/hero-image";
import styled from "styled-components";
import { theme } from "../theme/theme";
import { graphql, type HeadProps, type PageProps } from "gatsby";
import { SiteLink } from "../components/ui/site-link";
import type { IGatsbyImageData } from "gatsby-plugin-image";
import { ContentPage } from "../components/layout/content-page";
import { Seo } from "../components/seo/seo";
import { PageHeader } from "../components/layout/page-header";
import { trail } from "../components/seo/trail";
import { MarkdownContent } from "../components/markdown/markdown-content";
import { paths } from "../lib/paths";

type Data = Queries.BookTemplateQuery;

const Columns = styled.div`
  display: grid;
  gap: ${theme.space.xxl};
  ${theme.media.l} {
    grid-template-columns: 280px 1fr;
  }
  picture {
    display: block;
    overflow: hidden;
    border-radius: ${theme.radii.m};
    box-shadow: ${theme.shadows.card};
  }
  ol {
    padding-left: 1.2em;
  }
  li {
    margin-bottom: ${theme.space.m};
  }
  li p {
    margin: 0;
    color: ${theme.colors.textMuted};
  }
`;

const trailOf = (book: NonNullable<Data["book"]>, path: string) =>
  trail([{ name: "Resources", path: paths.resources() }], { name: book.title, path });

/** A book's index: cover, introduction and chapters. */
export default function BookTemplate({ data, location }: PageProps<Data>) {
  const book = data.book!;
  return (
    <ContentPage
      path={location.pathname}
      header={<PageHeader title={book.title} lead={book.description} eyebrow="Free book" trail={trailOf(book, location.pathname)} />}
      bodies={[book.intro]}
    >
      <Columns>
        <HeroImage image={book.cover.gatsbyImageData as IGatsbyImageData} alt={book.cover.alt} />
        <div>
          <MarkdownContent body={book.intro} />
          <h2>Chapters</h2>
          <ol>
            {book.chapters.map((chapter) => (
              <li key={chapter.slug}>
                <SiteLink to={paths.bookPost(book.slug, chapter.slug)}>{chapter.title}</SiteLink>
                <p>{chapter.excerpt}</p>
              </li>
            ))}
          </ol>
          <p>
            Written by <SiteLink to={paths.author(book.author.slug)}>{book.author.name}</SiteLink>.
          </p>
        </div>
      </Columns>
    </ContentPage>
  );
}

export function Head({ data, location }: HeadProps<Data>) {
  const book = data.book!;
  return (
    <Seo
      title={book.title}
      description={book.description}
      path={location.pathname}
      image={book.cover.url}
      jsonLd={[{ "@type": "Book", name: book.title, description: book.description, author: { "@type": "Person", name: book.author.name } }]}
      trail={trailOf(book, location.pathname)}
    />
  );
}

export const query = graphql`
  query BookTemplate($id: String!) {
    book(id: { eq: $id }) {
      slug
      title
      description
      author {
        slug
        name
      }
      cover {
        alt
        url
        gatsbyImageData(width: 280, layout: CONSTRAINED, placeholder: BLURRED, formats: [JPG, WEBP])
      }
      intro {
        ...MarkdownBodyFields
      }
      chapters {
        slug
        title
        excerpt
      }
    }
  }
`;
