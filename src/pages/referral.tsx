import { graphql, type HeadProps, type PageProps } from "gatsby";
import { DocumentHead, DocumentView } from "../components/document-view";

export default function Page({ data, location }: PageProps<Queries.ReferralPageQuery>) {
  return <DocumentView document={data.document} path={location.pathname} eyebrow="Referral program" />;
}

export const Head = ({ data, location }: HeadProps<Queries.ReferralPageQuery>) => (
  <DocumentHead document={data.document} path={location.pathname} />
);

export const query = graphql`
  query ReferralPage {
    document(slug: { eq: "referral" }) {
      ...DocumentFields
    }
  }
`;
