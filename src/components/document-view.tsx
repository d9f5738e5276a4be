import React from "react";
import { graphql } from "gatsby";
import { ContentPage } from "./layout/content-page";
import { PageHeader } from "./layout/page-header";
import { MarkdownContent } from "./markdown/markdown-content";
import { Seo } from "./seo/seo";

export type DocumentData = Queries.DocumentFieldsFragment | null | undefined;

/** A static page whose copy is a Markdown document from the CMS (legal, dei, classes, …). */
export function DocumentView({
  document,
  path,
  eyebrow,
  children,
}: {
  document: DocumentData;
  path: string;
  eyebrow?: string;
  children?: React.ReactNode;
}) {
  if (!document) throw new Error(`The document for ${path} is missing from the content`);
  // Interactive: what a page adds under the document (the sign-up form) needs React; the Markdown body is an island of its own.
  return (
    <ContentPage
      path={path}
      header={
        <PageHeader title={document.title} lead={document.description} eyebrow={eyebrow}>
          {document.updated && (
            <p>
              Last updated <time dateTime={document.isoUpdated ?? undefined}>{document.updated}</time>
            </p>
          )}
        </PageHeader>
      }
      narrow
      interactive
    >
      <MarkdownContent body={document.body} />
      {children}
    </ContentPage>
  );
}

export function DocumentHead({ document, path, noindex }: { document: DocumentData; path: string; noindex?: boolean }) {
  return <Seo title={document?.title ?? ""} description={document?.description} path={path} noindex={noindex} />;
}

export const query = graphql`
  fragment DocumentFields on Document {
    slug
    title
    description
    updated(formatString: "MMMM D, YYYY")
    isoUpdated: updated
    body {
      ...MarkdownBodyFields
    }
  }
`;
