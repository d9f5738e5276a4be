import { graphql } from "gatsby";
import { Container, Section } from "../ui/container";
import { MarkdownContent } from "../markdown/markdown-content";
import type { BlockProps } from "./parts";

export function MarkdownBlock({ s, first }: BlockProps<Queries.MarkdownBlockFragment>) {
  return (
    <Section>
      <Container $narrow>
        {s.heading && (first ? <h1>{s.heading}</h1> : <h2>{s.heading}</h2>)}
        <MarkdownContent body={s.body} />
      </Container>
    </Section>
  );
}

export const query = graphql`
  fragment MarkdownBlock on MarkdownSection {
    heading
    body {
      ...MarkdownBodyFields
    }
  }
`;
