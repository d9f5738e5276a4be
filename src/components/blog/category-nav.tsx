import styled from "styled-components";
import { theme } from "../../theme/theme";
import { graphql, useStaticQuery } from "gatsby";
import { SiteLink } from "../ui/site-link";
import { paths } from "../../lib/paths";

const List = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.xs};
  list-style: none;
  padding: 0;
  margin: ${theme.space.m} 0 0;
  a {
    display: inline-block;
    padding: 6px 14px;
    border-radius: ${theme.radii.pill};
    border: 1px solid ${theme.colors.border};
    background: ${theme.colors.white};
    text-decoration: none;
    color: ${theme.colors.text};
  }
  a[aria-current="page"] {
    background: ${theme.colors.charcoal};
    color: ${theme.colors.white};
  }
`;

export function CategoryNav({ current }: { current?: string }) {
  const data = useStaticQuery<Queries.CategoryNavQuery>(graphql`
    query CategoryNav {
      allCategory(sort: { name: ASC }) {
        nodes {
          slug
          name
        }
      }
    }
  `);
  return (
    <nav aria-label="Blog categories">
      <List>
        <li>
          <SiteLink to={paths.blog()} aria-current={current ? undefined : "page"}>
            All
          </SiteLink>
        </li>
        {data.allCategory.nodes.map((c) => (
          <li key={c.slug}>
            <SiteLink to={paths.category(c.slug)} aria-current={current === c.slug ? "page" : undefined}>
              {c.name}
            </SiteLink>
          </li>
        ))}
      </List>
    </nav>
  );
}
