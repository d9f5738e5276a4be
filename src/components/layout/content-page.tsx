import React from "react";
import { Layout } from "./layout";
import { PageBody } from "./page-body";
import { Container, Section } from "../ui/container";

type MarkdownBody = Queries.MarkdownBodyFieldsFragment | null | undefined;

/**
 * The frame of a content page (a job, a customer story, a book chapter, …): the site layout, the page header,
 * then the page's body in one section.
 */
export function ContentPage({
  path,
  header,
  bodies,
  narrow,
  interactive,
  after,
  children,
}: {
  path: string;
  header: React.ReactNode;
  bodies?: readonly MarkdownBody[];
  /** The reading width (a single column of text). */
  narrow?: boolean;
  /** The body has parts that need React: it hydrates, and only its Markdown decides about islands of its own. */
  interactive?: boolean;
  after?: React.ReactNode;
  children: React.ReactNode;
}) {
  const body = (
    <Section>
      <Container $narrow={narrow}>{children}</Container>
    </Section>
  );
  return (
    <Layout path={path}>
      {header}
      {interactive ? body : <PageBody bodies={bodies}>{body}</PageBody>}
      {after}
    </Layout>
  );
}
