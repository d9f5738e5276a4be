import { graphql, type HeadProps, type PageProps } from "gatsby";
import { DocumentHead, DocumentView } from "../../../components/document-view";

export default function Page({ data, location }: PageProps<Queries.BaaSubcontractorPageQuery>) {
  return <DocumentView document={data.document} path={location.pathname} eyebrow="Legal" />;
}

export const Head = ({ data, location }: HeadProps<Queries.BaaSubcontractorPageQuery>) => (
  <DocumentHead document={data.document} path={location.pathname} />
);

export const query = graphql`
  query BaaSubcontractorPage {
    document(slug: { eq: "baa-subcontractor" }) {
      ...DocumentFields
    }
  }
`;
