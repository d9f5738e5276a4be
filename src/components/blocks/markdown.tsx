import { graphql } from "gatsby";
import { Container, Section } from "../ui/container";
import { MarkdownContent } from "../markdown/markdown-content";
import { BlockHeading, type BlockProps } from "./parts";

export function MarkdownBlock({ section, first }: BlockProps<Queries.MarkdownBlockFragment>) {
  return (
    <Section>
      <Container $narrow>
        {section.heading && <BlockHeading first={first}>{section.heading}</BlockHeading>}
        <MarkdownContent body={section.body} />
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
