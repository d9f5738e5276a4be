import { graphql } from "gatsby";
import { Container, Lead, Section } from "../ui/container";
import { LeadFormSlot } from "../form/lead-form-slot";
import { BlockHeading, type BlockProps } from "./parts";

export function FormBlock({ s, first }: BlockProps<Queries.FormBlockFragment>) {
  return (
    <Section $tone="surface">
      <Container $narrow>
        <BlockHeading first={first}>{s.heading}</BlockHeading>
        {s.text && <Lead>{s.text}</Lead>}
        <LeadFormSlot form={s.form} />
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
