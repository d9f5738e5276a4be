import { graphql } from "gatsby";
import { Container, Section } from "../ui/container";
import { MarkdownContent } from "../markdown/markdown-content";
import { BlockHeading, type BlockProps } from "./parts";

export function MarkdownBlock({ s, first }: BlockProps<Queries.MarkdownBlockFragment>) {
  return (
    <Section>
      <Container $narrow>
        {s.heading && <BlockHeading first={first}>{s.heading}</BlockHeading>}
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
