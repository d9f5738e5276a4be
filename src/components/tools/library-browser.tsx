import { useEffect, useMemo, useState } from "react";
import styled from "styled-components";
import { theme } from "../../theme/theme";
import { SiteLink } from "../ui/site-link";
import { filterLibrary, isLibraryType, LIBRARY_TYPES, type LibraryItem, type LibraryType } from "./library-filter";
import { Badge } from "../ui/badge";
import { Card, Grid } from "../ui/container";
import { Icon } from "../ui/icon";

const Filters = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.l};
  align-items: flex-end;
  margin-bottom: ${theme.space.l};
`;
const Search = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.xxs};
  flex: 1 1 260px;
  label {
    font-weight: ${theme.fontWeights.bold};
  }
  div {
    display: flex;
    align-items: center;
    gap: ${theme.space.xs};
    border: 1px solid ${theme.colors.slate};
    border-radius: ${theme.radii.s};
    padding: 0 ${theme.space.s};
    background: ${theme.colors.white};
    color: ${theme.colors.textMuted};
    &:focus-within {
      outline: 3px solid ${theme.colors.focus};
      outline-offset: 1px;
    }
  }
  input {
    flex: 1;
    min-width: 0;
    border: 0;
    font: inherit;
    color: ${theme.colors.text};
    padding: ${theme.space.xs} 0;
    background: transparent;
    &:focus-visible {
      outline: none;
    }
  }
`;
const Types = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  legend {
    font-weight: ${theme.fontWeights.bold};
    padding: 0;
    margin-bottom: ${theme.space.xxs};
  }
  div {
    display: flex;
    flex-wrap: wrap;
    gap: ${theme.space.xs};
  }
  label {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    padding: 6px 12px;
    border: 1px solid ${theme.colors.slate};
    border-radius: ${theme.radii.pill};
    cursor: pointer;
    background: ${theme.colors.white};
    font-size: ${theme.fontSizes.s};
  }
  label:has(input:checked) {
    background: ${theme.colors.cobaltTint};
    border-color: ${theme.colors.cobaltDark};
    font-weight: ${theme.fontWeights.bold};
  }
  label:has(input:focus-visible) {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
  input {
    accent-color: ${theme.colors.cobaltDark};
    margin: 0;
  }
`;
/** An h2 (the page's next level after its h1) sized as a card title. */
const CardTitle = styled.h2`
  margin-top: 8px;
  font-size: ${theme.fontSizes.xl};
`;
const Count = styled.p`
  color: ${theme.colors.textMuted};
`;

const TYPE_BADGE = {
  guide: { label: "Interview guide", color: "cobalt" },
  description: { label: "Job description", color: "green" },
} as const;

/** Every interview guide and job description, filtered by text and type; the filter is kept in the URL (?q=, ?type=). */
export function LibraryBrowser({ items }: { items: readonly LibraryItem[] }) {
  const [query, setQuery] = useState("");
  const [type, setType] = useState<LibraryType>("all");
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    setQuery((params.get("q") ?? "").slice(0, 100));
    const t = params.get("type");
    if (isLibraryType(t)) setType(t);
    setReady(true);
  }, []);
  useEffect(() => {
    if (!ready) return;
    const url = new URL(window.location.href);
    if (query) url.searchParams.set("q", query);
    else url.searchParams.delete("q");
    if (type !== "all") url.searchParams.set("type", type);
    else url.searchParams.delete("type");
    window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
  }, [query, type, ready]);

  const shown = useMemo(() => filterLibrary(items, query, type), [items, query, type]);

  return (
    <>
      <Filters role="search" onSubmit={(e) => e.preventDefault()}>
        <Search>
          <label htmlFor="library-filter">Filter by role, skill or keyword</label>
          <div>
            <Icon name="search" size={18} />
            <input
              id="library-filter"
              type="search"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              placeholder="e.g. escalation, writing, lead"
            />
          </div>
        </Search>
        <Types>
          <legend>Show</legend>
          <div>
            {LIBRARY_TYPES.map((t) => (
              <label key={t.value}>
                <input type="radio" name="library-type" value={t.value} checked={type === t.value} onChange={() => setType(t.value)} />
                {t.label}
              </label>
            ))}
          </div>
        </Types>
      </Filters>
      <Count role="status" data-testid="library-count">
        {shown.length === items.length ? `Showing all ${items.length}` : `Showing ${shown.length} of ${items.length}`}
      </Count>
      {shown.length === 0 ? (
        <p>Nothing matches. Try fewer words, or show all types.</p>
      ) : (
        <Grid as="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {shown.map((item) => (
            <li key={`${item.type}-${item.slug}`}>
              <Card as="div" style={{ height: "100%" }}>
                <Badge $color={TYPE_BADGE[item.type].color} $size="S">
                  {TYPE_BADGE[item.type].label}
                </Badge>
                <CardTitle>
                  <SiteLink to={item.path}>{item.title}</SiteLink>
                </CardTitle>
                <p>{item.summary}</p>
              </Card>
            </li>
          ))}
        </Grid>
      )}
    </>
  );
}
