import React, { useCallback } from "react";
import type { InspectorProps } from "../preview/inspector";
import { graphql, navigate, withPrefix } from "gatsby";
import { Prose } from "./prose";
import { LeadFormSlot } from "../form/lead-form-slot";
import { navigateOnClick, StaticIsland } from "../../hydration";
import { hasForms } from "./has-forms";
import { CookieTableProse, hasCookieTable } from "./cookie-table-prose";

/** Renders a Markdown body prepared at build time (sanitized HTML segments and embedded forms). */
export function MarkdownContent({
  body,
  className,
  inspect,
}: {
  body: Queries.MarkdownBodyFieldsFragment | null | undefined;
  className?: string;
  /** Inspector-mode tags (a preview build only). */
  inspect?: InspectorProps;
}) {
  const onClick = useCallback((event: React.MouseEvent<HTMLDivElement>) => {
    navigateOnClick(event, (event.target as HTMLElement).closest("a"), withPrefix("/"), navigate);
  }, []);
  if (!body) return null;
  const Frame = hasCookieTable(body) ? CookieTableProse : Prose;
  return (
    <StaticIsland when={!hasForms(body)}>
      <Frame className={className} onClick={onClick} {...inspect}>
        {body.segments.map((segment, i) =>
          segment.kind === "form" ? (
            <LeadFormSlot key={i} form={segment.form} />
          ) : (
            <div key={i} dangerouslySetInnerHTML={{ __html: segment.html ?? "" }} />
          ),
        )}
      </Frame>
    </StaticIsland>
  );
}

export const query = graphql`
  fragment MarkdownBodyFields on MarkdownBody {
    segments {
      kind
      html
      form {
        ...LeadFormFields
      }
    }
    headings {
      id
      text
      depth
    }
    readingMinutes
  }
`;
