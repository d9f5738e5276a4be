import styled from "styled-components";
import { theme } from "../../theme/theme";
import { SiteLink } from "./site-link";

const Nav = styled.nav`
  margin-top: ${theme.space.xxl};
  ol {
    display: flex;
    flex-wrap: wrap;
    gap: ${theme.space.xs};
    list-style: none;
    padding: 0;
    justify-content: center;
  }
  a,
  span {
    display: inline-block;
    min-width: 44px;
    padding: 10px 14px;
    text-align: center;
    border-radius: ${theme.radii.s};
    border: 1px solid ${theme.colors.border};
    text-decoration: none;
  }
  a[aria-current="page"] {
    background: ${theme.colors.charcoal};
    color: ${theme.colors.white};
  }
`;

/** Numbered pagination with previous/next; pageHref(1) is the first page's path. */
export function Pagination({ page, pageCount, pageHref }: { page: number; pageCount: number; pageHref: (n: number) => string }) {
  if (pageCount <= 1) return null;
  return (
    <Nav aria-label="Pagination">
      <ol>
        {page > 1 && (
          <li>
            <SiteLink to={pageHref(page - 1)} rel="prev">
              Previous
            </SiteLink>
          </li>
        )}
        {Array.from({ length: pageCount }, (_, i) => i + 1).map((n) => (
          <li key={n}>
            <SiteLink to={pageHref(n)} aria-current={n === page ? "page" : undefined} aria-label={`Page ${n}`}>
              {n}
            </SiteLink>
          </li>
        ))}
        {page < pageCount && (
          <li>
            <SiteLink to={pageHref(page + 1)} rel="next">
              Next
            </SiteLink>
          </li>
        )}
      </ol>
    </Nav>
  );
}
