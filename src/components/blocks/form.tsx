import { graphql } from "gatsby";
import { Container, Lead, Section } from "../ui/container";
import { LeadFormSlot } from "../form/lead-form-slot";
import { BlockHeading, type BlockProps } from "./parts";

export function FormBlock({ section, first }: BlockProps<Queries.FormBlockFragment>) {
  return (
    <Section $tone="surface">
      <Container $narrow>
        <BlockHeading first={first}>{section.heading}</BlockHeading>
        {section.text && <Lead>{section.text}</Lead>}
        <LeadFormSlot form={section.form} />
      </Container>
    </Section>
  );
}

export const query = graphql`
  fragment FormBlock on FormSection {
    heading
    text
    form {
      ...LeadFormFields
    }
  }
`;
