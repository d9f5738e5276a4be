import { useEffect, useMemo, useState } from "react";
import styled from "styled-components";
import type { HeadProps, PageProps } from "gatsby";
import { Layout } from "../components/layout/layout";
import { PageHeader } from "../components/layout/page-header";
import { Seo } from "../components/seo/seo";
import { Badge, type BadgeColor, type BadgeSize } from "../components/ui/badge";
import { Button, type ButtonSize, type ButtonVariant } from "../components/ui/button";
import { Container, Section } from "../components/ui/container";
import { Icon } from "../components/ui/icon";
import { theme } from "../theme/theme";

const BADGE_COLORS: BadgeColor[] = [
  "charcoal",
  "charcoalTint",
  "clay",
  "clayTint",
  "cobalt",
  "green",
  "magenta",
  "orange",
  "purple",
  "red",
  "slate",
  "slateTint",
  "yellow",
];
const BADGE_SIZES: BadgeSize[] = ["XS", "S", "M"];
const BUTTON_VARIANTS: ButtonVariant[] = ["primary", "outline", "secondary", "warning"];
const BUTTON_SIZES: ButtonSize[] = ["S", "M", "L"];
/** Shown before the full set has loaded, and the icons the navigation uses. */
const FEATURED_ICONS = [
  "inbox",
  "book-open",
  "message-circle",
  "megaphone",
  "layers",
  "workflow",
  "users",
  "sparkles",
  "plug",
  "bar-chart-3",
];
const ICON_PAGE = 120;

const Swatches = styled.ul`
  list-style: none;
  padding: 0;
  display: grid;
  gap: ${theme.space.m};
  grid-template-columns: repeat(auto-fill, minmax(150px, 1fr));
  li {
    border: 1px solid ${theme.colors.border};
    border-radius: ${theme.radii.m};
    overflow: hidden;
    font-size: ${theme.fontSizes.s};
  }
  span {
    display: block;
    height: 56px;
  }
  p {
    margin: 0;
    padding: 8px 10px;
  }
  code {
    color: ${theme.colors.textMuted};
  }
`;
const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.s};
  align-items: center;
  margin-bottom: ${theme.space.m};
`;
const Table = styled.table`
  border-collapse: collapse;
  width: 100%;
  th,
  td {
    text-align: left;
    padding: 8px 12px;
    border-bottom: 1px solid ${theme.colors.border};
    vertical-align: middle;
  }
`;
const IconGrid = styled.ul`
  list-style: none;
  padding: 0;
  display: grid;
  gap: ${theme.space.xs};
  grid-template-columns: repeat(auto-fill, minmax(120px, 1fr));
  li {
    display: flex;
    flex-direction: column;
    align-items: center;
    gap: 6px;
    padding: 12px 6px;
    border-radius: ${theme.radii.s};
    background: ${theme.colors.surface};
    font-size: ${theme.fontSizes.xs};
    text-align: center;
    word-break: break-word;
  }
`;
const Search = styled.input`
  font: inherit;
  padding: 10px 12px;
  border: 1px solid ${theme.colors.textMuted};
  border-radius: ${theme.radii.s};
  min-width: min(100%, 320px);
`;

function IconBrowser() {
  const [names, setNames] = useState<string[] | null>(null);
  const [query, setQuery] = useState("");
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    fetch("/icons/index.json")
      .then((res) => (res.ok ? res.json() : Promise.reject(new Error(String(res.status)))))
      .then((list: unknown) => setNames(Array.isArray(list) ? list.filter((n): n is string => typeof n === "string") : []))
      .catch(() => setFailed(true));
  }, []);
  const matches = useMemo(() => {
    const q = query.trim().toLowerCase();
    return (names ?? FEATURED_ICONS).filter((n) => n.includes(q));
  }, [names, query]);
  return (
    <>
      <Row>
        <label htmlFor="icon-search">Find an icon</label>
        <Search id="icon-search" type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="e.g. inbox" />
        <span aria-live="polite">
          {names ? `${matches.length} of ${names.length} icons` : failed ? "The icon list could not be loaded." : "Loading the icon list…"}
        </span>
      </Row>
      <IconGrid>
        {matches.slice(0, ICON_PAGE).map((name) => (
          <li key={name}>
            <Icon name={name} size={24} />
            <code>{name}</code>
          </li>
        ))}
      </IconGrid>
      {matches.length > ICON_PAGE && <p>Showing the first {ICON_PAGE}; type to narrow the list.</p>}
    </>
  );
}

/** Every design token and component variant, for designers and developers (not indexed). */
export default function DesignSystemPage({ location }: PageProps) {
  return (
    <Layout path={location.pathname}>
      <PageHeader
        title="Design system"
        eyebrow="Internal"
        lead="The tokens and components every Northdesk page is built from. Use them, don't restyle them."
      />
      <Section>
        <Container>
          <h2>Colours</h2>
          <Swatches>
            {Object.entries(theme.colors).map(([name, value]) => (
              <li key={name}>
                <span style={{ background: value }} />
                <p>
                  {name}
                  <br />
                  <code>{value}</code>
                </p>
              </li>
            ))}
          </Swatches>

          <h2>Type scale</h2>
          {Object.entries(theme.fontSizes).map(([name, size]) => (
            <p key={name} style={{ fontSize: size, margin: "8px 0", lineHeight: 1.2 }}>
              {name} · {size} — Help every customer like they are the only one.
            </p>
          ))}

          <h2>Spacing</h2>
          <Table>
            <thead>
              <tr>
                <th scope="col">Token</th>
                <th scope="col">Value</th>
                <th scope="col">Sample</th>
              </tr>
            </thead>
            <tbody>
              {Object.entries(theme.space).map(([name, value]) => (
                <tr key={name}>
                  <td>{name}</td>
                  <td>
                    <code>{value}</code>
                  </td>
                  <td>
                    <span style={{ display: "inline-block", width: value, height: 12, background: theme.colors.cobalt }} />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>

          <h2>Breakpoints</h2>
          <Table>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Min width</th>
                <th scope="col">Media query</th>
              </tr>
            </thead>
            <tbody>
              {Object.entries(theme.breakpoints).map(([name, px]) => (
                <tr key={name}>
                  <td>{name === "xxl" ? "2XL" : name.toUpperCase()}</td>
                  <td>{px}px</td>
                  <td>
                    <code>{theme.media[name as keyof typeof theme.media]}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>

          <h2>Radii and shadows</h2>
          <Row>
            {Object.entries(theme.radii).map(([name, value]) => (
              <span key={name} style={{ padding: "16px 20px", border: `1px solid ${theme.colors.border}`, borderRadius: value }}>
                radius {name}
              </span>
            ))}
            {Object.entries(theme.shadows).map(([name, value]) => (
              <span key={name} style={{ padding: "16px 20px", boxShadow: value, borderRadius: theme.radii.m }}>
                shadow {name}
              </span>
            ))}
          </Row>

          <h2>Badges</h2>
          {BADGE_SIZES.map((size) => (
            <Row key={size} aria-label={`Badges, size ${size}`} role="group">
              {BADGE_COLORS.map((color) => (
                <Badge key={color} $color={color} $size={size}>
                  {color}
                </Badge>
              ))}
            </Row>
          ))}

          <h2>Buttons</h2>
          {BUTTON_VARIANTS.map((variant) => (
            <Row key={variant} aria-label={`${variant} buttons`} role="group">
              {BUTTON_SIZES.map((size) => (
                <Button key={size} variant={variant} size={size}>
                  {variant} {size}
                </Button>
              ))}
              <Button variant={variant} href="#buttons">
                {variant} link
              </Button>
            </Row>
          ))}

          <h2 id="buttons">Icons</h2>
          <p>
            The icon set is <a href="https://lucide.dev">Lucide</a> (ISC licence), served from <code>/icons/&#123;name&#125;.svg</code>.
            Icons take the colour of the text around them.
          </p>
          <IconBrowser />
        </Container>
      </Section>
    </Layout>
  );
}

export const Head = ({ location }: HeadProps) => (
  <Seo title="Design system" description="Northdesk design tokens and components." path={location.pathname} noindex />
);
