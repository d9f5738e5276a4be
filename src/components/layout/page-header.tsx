import React from "react";
import { StaticIsland } from "../../hydration";
import styled from "styled-components";
import { theme } from "../../theme/theme";
import { SiteLink } from "../ui/site-link";
import { Container, Eyebrow, Lead } from "../ui/container";
import type { Trail } from "../seo/trail";
import type { InspectorProps } from "../preview/inspector";

const Wrapper = styled.div`
  background: ${theme.colors.surface};
  padding: ${theme.space.xxl} 0;
  border-bottom: 1px solid ${theme.colors.border};
`;
const Crumbs = styled.ol`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  list-style: none;
  padding: 0;
  margin: 0 0 ${theme.space.m};
  font-size: ${theme.fontSizes.s};
  li + li::before {
    content: "/";
    margin-right: 6px;
    color: ${theme.colors.textMuted};
  }
`;

export type { Crumb } from "../seo/trail";

/** The top of a content page: breadcrumbs (the trail's ancestors), eyebrow, title, lead. */
export function PageHeader({
  title,
  lead,
  eyebrow,
  trail,
  children,
  inspect,
}: {
  title: string;
  lead?: string | null;
  eyebrow?: React.ReactNode;
  trail?: Trail;
  children?: React.ReactNode;
  /** Inspector-mode tags of the title and lead (a preview build only). */
  inspect?: { title?: InspectorProps; lead?: InspectorProps };
}) {
  const crumbs = trail?.ancestors ?? [];
  return (
    <StaticIsland>
      <Wrapper>
        <Container>
          {crumbs.length > 0 && (
            <nav aria-label="Breadcrumb">
              <Crumbs>
                {crumbs.map((c) => (
                  <li key={c.path}>
                    <SiteLink to={c.path}>{c.name}</SiteLink>
                  </li>
                ))}
              </Crumbs>
            </nav>
          )}
          {eyebrow && <Eyebrow>{eyebrow}</Eyebrow>}
          <h1 {...inspect?.title}>{title}</h1>
          {lead && <Lead {...inspect?.lead}>{lead}</Lead>}
          {children}
        </Container>
      </Wrapper>
    </StaticIsland>
  );
}
