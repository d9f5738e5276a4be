import { inspectorProps } from "../preview/inspector";
import styled from "styled-components";
import { theme } from "../../theme/theme";
import { graphql } from "gatsby";
import { SiteLink } from "../ui/site-link";
import type { IGatsbyImageData } from "gatsby-plugin-image";
import { Picture } from "../ui/picture";
import { paths } from "../../lib/paths";

const Box = styled.aside`
  display: flex;
  gap: ${theme.space.m};
  align-items: center;
  padding: ${theme.space.l};
  border-radius: ${theme.radii.l};
  background: ${theme.colors.surface};
  margin: ${theme.space.xxl} 0;
  picture {
    border-radius: 50%;
    flex: none;
  }
  p {
    margin: 0;
  }
`;

export function AuthorCard({ author }: { author: Queries.AuthorCardFieldsFragment }) {
  return (
    <Box aria-label="About the author">
      <Picture image={author.avatar.gatsbyImageData as IGatsbyImageData} alt="" />
      <div>
        <p>
          <strong>
            <SiteLink to={paths.author(author.slug)} {...inspectorProps(author.entryId, "name")}>
              {author.name}
            </SiteLink>
          </strong>
        </p>
        <p>{author.role}</p>
      </div>
    </Box>
  );
}

export const query = graphql`
  fragment AuthorCardFields on Author {
    entryId
    slug
    name
    role
    avatar {
      alt
      gatsbyImageData(width: 64, height: 64, layout: FIXED, placeholder: NONE, formats: [JPG, WEBP])
    }
  }
`;
