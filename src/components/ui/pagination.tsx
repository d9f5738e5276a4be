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
  li[aria-hidden="true"] span {
    border-color: transparent;
    min-width: 0;
    padding-inline: 4px;
  }
  a[aria-current="page"] {
    background: ${theme.colors.charcoal};
    color: ${theme.colors.white};
  }
`;

/**
 * The page numbers to show: the first and last, the current one and `radius` either side, with a gap
 * ("…") where numbers are left out. A list of 150 pages would otherwise put 150 links on each of them.
 */
export function pageWindow(page: number, pageCount: number, radius = 2): (number | "gap")[] {
  const shown = new Set([1, pageCount]);
  for (let n = page - radius; n <= page + radius; n++) if (n >= 1 && n <= pageCount) shown.add(n);
  const out: (number | "gap")[] = [];
  let last = 0;
  for (const n of [...shown].sort((a, b) => a - b)) {
    if (n - last === 2)
      out.push(n - 1); // a gap of one page shows that page rather than "…"
    else if (n - last > 2) out.push("gap");
    out.push(n);
    last = n;
  }
  return out;
}

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
        {pageWindow(page, pageCount).map((n, i) =>
          n === "gap" ? (
            <li key={`gap-${i}`} aria-hidden="true">
              <span>…</span>
            </li>
          ) : (
            <li key={n}>
              <SiteLink to={pageHref(n)} aria-current={n === page ? "page" : undefined} aria-label={`Page ${n}`}>
                {n}
              </SiteLink>
            </li>
          ),
        )}
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
