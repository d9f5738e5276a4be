import { graphql } from "gatsby";
import { Container, Lead, Section } from "../ui/container";
import { LeadFormSlot } from "../form/lead-form-slot";
import { inspectorProps } from "../preview/inspector";
import { BlockHeading, type BlockProps } from "./parts";

export function FormBlock({ section, first }: BlockProps<Queries.FormBlockFragment>) {
  return (
    <Section $tone="surface">
      <Container $narrow>
        <BlockHeading first={first} inspect={inspectorProps(section.entryId, "heading")}>
          {section.heading}
        </BlockHeading>
        {section.text && <Lead {...inspectorProps(section.entryId, "text")}>{section.text}</Lead>}
        <LeadFormSlot form={section.form} />
      </Container>
    </Section>
  );
}

export const query = graphql`
  fragment FormBlock on FormSection {
    entryId
    heading
    text
    form {
      ...LeadFormFields
    }
  }
`;
