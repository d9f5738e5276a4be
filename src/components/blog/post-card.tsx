import type { ReactNode } from "react";
import styled from "styled-components";
import { theme } from "../../theme/theme";
import { graphql } from "gatsby";
import { SiteLink } from "../ui/site-link";
import type { IGatsbyImageData } from "gatsby-plugin-image";
import { Picture } from "../ui/picture";
import { Grid } from "../ui/container";
import { paths } from "../../lib/paths";

const Article = styled.article`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: ${theme.space.xs};
  h2,
  h3 {
    font-size: ${theme.fontSizes.l};
    margin: 0;
  }
  h2 a,
  h3 a {
    color: ${theme.colors.text};
    text-decoration: none;
  }
  h2 a::after,
  h3 a::after {
    content: "";
    position: absolute;
    inset: 0;
  }
  h2 a:hover,
  h3 a:hover {
    text-decoration: underline;
  }
  p {
    margin: 0;
    color: ${theme.colors.textMuted};
  }
  picture {
    border-radius: ${theme.radii.m};
    margin-bottom: ${theme.space.xs};
  }
  .meta {
    order: -1;
    font-size: ${theme.fontSizes.s};
  }
`;

/** Post cards in at most three columns: a landing row holds 3 posts, a list page 6, so no row leaves an empty track. */
export function PostGrid({ children }: { children: ReactNode }) {
  return <Grid $max={3}>{children}</Grid>;
}

export interface PostCardProps {
  post: Queries.PostCardFieldsFragment;
  headingLevel?: 2 | 3;
  /** The first card of a list page: its image is that page's largest paint above the fold, so it is not lazy. */
  priority?: boolean;
}

/** A blog post teaser: image, category and date, title (the link), excerpt. */
export function PostCard({ post, headingLevel = 3, priority = false }: PostCardProps) {
  const H = headingLevel === 2 ? "h2" : "h3";
  return (
    <Article>
      <H>
        <SiteLink to={paths.blogPost(post.slug)}>{post.title}</SiteLink>
      </H>
      <p>{post.excerpt}</p>
      <div className="meta">
        <Picture image={post.image.gatsbyImageData as IGatsbyImageData} alt="" priority={priority} />
        <p>
          {post.category.name} · <time dateTime={post.isoDate}>{post.date}</time>
        </p>
      </div>
    </Article>
  );
}

export const query = graphql`
  fragment PostCardFields on BlogPost {
    slug
    title
    excerpt
    date(formatString: "MMMM D, YYYY")
    isoDate: date
    category {
      slug
      name
    }
    image {
      alt
      gatsbyImageData(width: 480, aspectRatio: 1.6, layout: CONSTRAINED, placeholder: BLURRED, formats: [JPG, WEBP])
    }
  }
`;
