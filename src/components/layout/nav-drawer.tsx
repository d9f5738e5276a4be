import { StaticIsland } from "../../hydration";
import styled, { css } from "styled-components";
import { theme } from "../../theme/theme";
import type { IGatsbyImageData } from "gatsby-plugin-image";
import { Picture } from "../ui/picture";
import { Badge } from "../ui/badge";
import { Icon, IconGlyph } from "../ui/icon";
import { ContentLink } from "../ui/content-link";

type NavData = NonNullable<Queries.SiteDataQuery["navigation"]>;
export type NavItem = NavData["navItems"][number];
type Column = NonNullable<NavItem["columns"]>[number];
type DrawerItem = Column["items"][number];
type ColumnFooter = NonNullable<Column["footer"]>;

/** Card colour variants (docs/product-rules.md#navigation-data: orange or purple, each strong or light), chosen by data-tone. */
const TONES = ["ORANGE", "ORANGE_LIGHT", "PURPLE", "PURPLE_LIGHT"] as const;
type Tone = (typeof TONES)[number];
const toneOf = (color: string | null | undefined): Tone | undefined => TONES.find((tone) => tone === color);

/** One static rule for every card: variants are attribute selectors, not a class (and a copy of the CSS) each. */
const Card = styled(ContentLink)`
  display: grid;
  gap: ${theme.space.s};
  align-items: start;
  padding: ${theme.space.m};
  border-radius: ${theme.radii.m};
  text-decoration: none;
  color: ${theme.colors.text};
  background: ${theme.colors.surface};
  transition: box-shadow 0.15s ease;
  &[data-image-position="LEFT"] {
    grid-template-columns: 72px 1fr;
  }
  &[data-image-position="RIGHT"] {
    grid-template-columns: 1fr 72px;
    > .card-image {
      order: 2;
    }
  }
  &:hover,
  &:focus-visible {
    box-shadow: ${theme.shadows.card};
  }
  & + & {
    margin-top: ${theme.space.s};
  }
  .card-image {
    border-radius: ${theme.radii.s};
    overflow: hidden;
  }
  strong {
    display: block;
    margin-bottom: 4px;
  }
  p {
    margin: 0;
    font-size: ${theme.fontSizes.s};
    color: ${theme.colors.textMuted};
  }
  &[data-tone="ORANGE"],
  &[data-tone="PURPLE"] {
    color: ${theme.colors.white};
    p {
      color: inherit;
    }
  }
  &[data-tone="ORANGE"] {
    background: ${theme.colors.orange};
  }
  &[data-tone="ORANGE_LIGHT"] {
    background: ${theme.colors.orangeTint};
  }
  &[data-tone="PURPLE"] {
    background: ${theme.colors.purple};
  }
  &[data-tone="PURPLE_LIGHT"] {
    background: ${theme.colors.purpleTint};
  }
`;
const ListTitle = styled.p`
  margin: 0 0 ${theme.space.xs};
  font-size: ${theme.fontSizes.xs};
  font-weight: ${theme.fontWeights.bold};
  letter-spacing: 0.08em;
  text-transform: uppercase;
  color: ${theme.colors.textMuted};
`;
const List = styled.ul<{ $small?: boolean }>`
  list-style: none;
  padding: 0;
  margin: 0;
  a,
  span.text {
    display: flex;
    gap: 10px;
    align-items: center;
    padding: ${({ $small }) => ($small ? "4px 0" : "7px 0")};
    font-size: ${({ $small }) => ($small ? theme.fontSizes.s : theme.fontSizes.m)};
    color: ${theme.colors.text};
    text-decoration: none;
  }
  a:hover {
    color: ${theme.colors.cobaltDark};
  }
  ${IconGlyph} {
    color: ${theme.colors.cobalt};
  }
`;
const FooterBlock = styled.div<{ $layout: string }>`
  margin-top: ${theme.space.m};
  padding-top: ${theme.space.m};
  border-top: 1px solid ${theme.colors.border};
  font-size: ${theme.fontSizes.s};
  p {
    margin: 4px 0 0;
    color: ${theme.colors.textMuted};
  }
  ${({ $layout }) =>
    $layout === "POWERED_BY" &&
    css`
      display: grid;
      grid-template-columns: 40px 1fr;
      gap: ${theme.space.s};
      align-items: center;
      a {
        color: inherit;
        text-decoration: none;
      }
      a:hover strong {
        text-decoration: underline;
      }
    `}
`;
const CtaLink = styled(ContentLink)`
  display: block;
  padding: ${theme.space.m};
  border-radius: ${theme.radii.m};
  background: ${theme.colors.cobaltTint};
  color: ${theme.colors.charcoal};
  text-decoration: none;
  strong::after {
    content: " →";
  }
  &:hover strong {
    text-decoration: underline;
  }
`;
const Columns = styled.div`
  display: grid;
  gap: ${theme.space.l};
  ${theme.media.m} {
    grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  }
`;

const New = () => (
  <Badge $size="XS" $color="green">
    NEW
  </Badge>
);

function ListEntries({ items, small }: { items: DrawerItem["items"] | ColumnFooter["items"]; small?: boolean }) {
  if (!items?.length) return null;
  return (
    <List $small={small}>
      {items.map((entry, i) => (
        <li key={`${entry.title}-${i}`}>
          {entry.url ? (
            <ContentLink href={entry.url}>
              {entry.icon && <Icon name={entry.icon} size={18} />}
              <span>{entry.title}</span>
              {entry.isNew && <New />}
            </ContentLink>
          ) : (
            <span className="text">{entry.title}</span>
          )}
        </li>
      ))}
    </List>
  );
}

function DrawerEntry({ item }: { item: DrawerItem }) {
  if (item.layout === "LIST") {
    return (
      <div>
        {item.title && <ListTitle>{item.title}</ListTitle>}
        <ListEntries items={item.items} />
      </div>
    );
  }
  // docs/product-rules.md#incomplete-data: cards render only with both title and url.
  if (!item.title || !item.url) return null;
  const image = item.image?.gatsbyImageData as IGatsbyImageData | null | undefined;
  const position = image ? (item.imagePosition ?? "FULL_WIDTH") : null;
  return (
    <Card href={item.url} data-tone={toneOf(item.color)} data-image-position={position ?? undefined} data-layout={item.layout}>
      {image && <Picture className="card-image" image={image} alt={item.image?.alt ?? ""} />}
      {/* a div, not a span: the text is a paragraph, which phrasing content may not hold */}
      <div>
        <strong>
          {item.title} {item.isNew && <New />}
        </strong>
        {item.text && <p>{item.text}</p>}
      </div>
    </Card>
  );
}

function ColumnFooterBlock({ footer }: { footer: ColumnFooter }) {
  if (footer.layout === "CTA") {
    // A call-to-action needs somewhere to go and something to say.
    if (!footer.title || !footer.url) return null;
    return (
      <FooterBlock $layout="CTA">
        <CtaLink href={footer.url}>
          <strong>{footer.title}</strong>
          {footer.text && <p>{footer.text}</p>}
        </CtaLink>
      </FooterBlock>
    );
  }
  if (footer.layout === "POWERED_BY") {
    const image = footer.image?.gatsbyImageData as IGatsbyImageData | null | undefined;
    const body = (
      <div>
        <strong>{footer.title}</strong>
        {footer.text && <p>{footer.text}</p>}
      </div>
    );
    return (
      <FooterBlock $layout="POWERED_BY">
        {image ? <Picture image={image} alt={footer.image?.alt ?? ""} /> : <Icon name="sparkles" size={28} />}
        {footer.url ? <ContentLink href={footer.url}>{body}</ContentLink> : body}
      </FooterBlock>
    );
  }
  return (
    <FooterBlock $layout="SMALL_LIST">
      {footer.title && <ListTitle>{footer.title}</ListTitle>}
      <ListEntries items={footer.items} small />
    </FooterBlock>
  );
}

/** The contents of one mega-menu drawer (docs/product-rules.md#navigation-data): links and cards, a static island until the item changes. */
export function DrawerContent({ item }: { item: NavItem }) {
  return (
    <StaticIsland source={item}>
      <DrawerColumns item={item} />
    </StaticIsland>
  );
}

function DrawerColumns({ item }: { item: NavItem }) {
  return (
    <Columns>
      {item.columns?.map((column, i) => (
        <div key={i}>
          {column.items.map((entry, j) => (
            <DrawerEntry key={j} item={entry} />
          ))}
          {column.footer && <ColumnFooterBlock footer={column.footer} />}
        </div>
      ))}
    </Columns>
  );
}
