import React from "react";
import styled from "styled-components";
import { theme } from "../../theme/theme";
import { Logo } from "./logo";
import { Badge } from "../ui/badge";
import { Container } from "../ui/container";
import { ContentLink } from "../ui/content-link";
import { requestDoNotSell } from "../../browser/consent";
import { StaticIsland } from "../../hydration";
import { usesBuiltInBanner } from "../../config/consent";
import { CookiePreferencesButton, DoNotSellButton, LegalLinks, LinkButton } from "./legal-links";
import { inspectorProps } from "../preview/inspector";
import type { FooterVariant } from "../../lib/layout-rules";

type FooterData = NonNullable<Queries.SiteDataQuery["footer"]>;
type Social = NonNullable<Queries.SiteDataQuery["siteSettings"]>["social"];

const Wrapper = styled.footer`
  background: ${theme.colors.charcoal};
  color: #e4e7ee;
  padding: ${theme.space.xxl} 0 ${theme.space.xl};
  a,
  .footer-text {
    color: #e4e7ee;
    text-decoration: none;
  }
  a:hover {
    text-decoration: underline;
  }
`;
const Columns = styled.div`
  display: grid;
  gap: ${theme.space.l};
  grid-template-columns: repeat(auto-fit, minmax(160px, 1fr));
  margin-bottom: ${theme.space.xxl};
  h2 {
    font-size: ${theme.fontSizes.m};
    color: ${theme.colors.white};
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  li {
    margin-bottom: ${theme.space.xs};
    font-size: ${theme.fontSizes.s};
  }
`;
const LegalWrapper = styled(Wrapper)`
  padding: ${theme.space.s} 0;
  font-size: ${theme.fontSizes.s};
  ul {
    display: flex;
    flex-wrap: wrap;
    gap: ${theme.space.xxs} ${theme.space.m};
    list-style: none;
    margin: 0;
    padding: 0;
  }
`;
const Bottom = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.m};
  justify-content: space-between;
  align-items: center;
  font-size: ${theme.fontSizes.s};
  color: #e4e7ee;
  ul {
    display: flex;
    gap: ${theme.space.m};
    list-style: none;
    margin: 0;
    padding: 0;
  }
`;

const DO_NOT_SELL = /do not sell/i;
const isDoNotSell = (item: FooterItem) => !item.url && !item.html && DO_NOT_SELL.test(item.title);

type FooterItem = FooterData["columns"][number]["items"][number];

function FooterEntry({ item }: { item: FooterItem }) {
  if (item.html) return <span className="footer-text" dangerouslySetInnerHTML={{ __html: item.html }} />;
  const badges = (
    <>
      {item.title === "Status" && (
        <Badge $size="XS" $color="green">
          99.99%<span className="visually-hidden"> uptime</span>
        </Badge>
      )}
      {item.isNew && (
        <Badge $size="XS" $color="cobalt">
          NEW
        </Badge>
      )}
    </>
  );
  if (!item.url)
    return isDoNotSell(item) ? <DoNotSellButton onClick={footerActions.doNotSell} /> : <LinkButton type="button">{item.title}</LinkButton>;
  return (
    <ContentLink href={item.url}>
      {item.title} {badges}
    </ContentLink>
  );
}

const year = () => new Date().getFullYear();

export function Copyright({ name }: { name: string }) {
  return (
    <p style={{ margin: 0 }}>
      {/* One text node: React marks each boundary between parts with a comment, bytes in every page. */}
      {`© ${year()} ${name}. All rights reserved.`}
    </p>
  );
}

const footerActions = { doNotSell: () => void requestDoNotSell() };

/**
 * The large footer (docs/product-rules.md#navigation-and-footer, #navigation-data), the small footer (logo and copyright), or none. Nothing without data.
 * Links and one button: a static island, whose "Do not sell" button runs through the island's actions.
 */
export function Footer(props: FooterProps) {
  const content = FooterContent(props);
  return content ? (
    <StaticIsland source={props.footer} actions={footerActions}>
      {content}
    </StaticIsland>
  ) : null;
}

interface FooterProps {
  footer: FooterData | null | undefined;
  social?: Social;
  variant: FooterVariant;
  name: string;
}

function FooterContent({ footer, social, variant, name }: FooterProps) {
  // No footer, or no data for the large one: the legal strip alone, one line (every page links the notices).
  if (variant === "none" || (variant === "full" && !footer?.columns?.length)) {
    return (
      <LegalWrapper data-footer="legal">
        <Container>
          <LegalLinks doNotSell={footerActions.doNotSell} />
        </Container>
      </LegalWrapper>
    );
  }
  if (variant === "small") {
    return (
      <Wrapper data-footer="small">
        <Container>
          <Bottom>
            <Logo />
            <Copyright name={name} />
            <LegalLinks doNotSell={footerActions.doNotSell} />
          </Bottom>
        </Container>
      </Wrapper>
    );
  }
  if (!footer?.columns?.length) return null;
  // The content's columns may carry Do Not Sell (with Cookie preferences beside it); else the strip does.
  const columnsHaveDoNotSell = footer.columns.some((column) => column.items.some(isDoNotSell));
  const inspect = inspectorProps(footer.entryId, "columns");
  return (
    <Wrapper data-footer="full">
      <Container>
        <Columns>
          {footer.columns.map((column) => (
            <nav key={column.title} aria-label={column.title}>
              <h2 {...inspect}>{column.title}</h2>
              <ul>
                {column.items.map((item) => (
                  <React.Fragment key={item.title}>
                    <li {...inspect}>
                      <FooterEntry item={item} />
                    </li>
                    {/* Next to do-not-sell: the built-in banner's preferences, opened through src/consent/banner-actions.ts
                        (a hosted consent manager brings its own link). */}
                    {isDoNotSell(item) && usesBuiltInBanner() && (
                      <li>
                        <CookiePreferencesButton />
                      </li>
                    )}
                  </React.Fragment>
                ))}
              </ul>
            </nav>
          ))}
        </Columns>
        <Bottom>
          <Logo />
          <Copyright name={name} />
          <LegalLinks doNotSell={columnsHaveDoNotSell ? undefined : footerActions.doNotSell} />
          {social && (
            <ul aria-label="Social">
              <li>
                <a href={social.x} rel="noopener noreferrer">
                  X
                </a>
              </li>
              <li>
                <a href={social.facebook} rel="noopener noreferrer">
                  Facebook
                </a>
              </li>
              <li>
                <a href={social.linkedin} rel="noopener noreferrer">
                  LinkedIn
                </a>
              </li>
              <li>
                <a href={social.instagram} rel="noopener noreferrer">
                  Instagram
                </a>
              </li>
            </ul>
          )}
        </Bottom>
      </Container>
    </Wrapper>
  );
}
