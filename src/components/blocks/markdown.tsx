import { graphql } from "gatsby";
import { Container, Section } from "../ui/container";
import { MarkdownContent } from "../markdown/markdown-content";
import { inspectorProps } from "../preview/inspector";
import { BlockHeading, type BlockProps } from "./parts";

export function MarkdownBlock({ section, first }: BlockProps<Queries.MarkdownBlockFragment>) {
  return (
    <Section>
      <Container $narrow>
        {section.heading && (
          <BlockHeading first={first} inspect={inspectorProps(section.entryId, "heading")}>
            {section.heading}
          </BlockHeading>
        )}
        <MarkdownContent body={section.body} inspect={inspectorProps(section.entryId, "body")} />
      </Container>
    </Section>
  );
}

export const query = graphql`
  fragment MarkdownBlock on MarkdownSection {
    entryId
    heading
    body {
      ...MarkdownBodyFields
    }
  }
`;
