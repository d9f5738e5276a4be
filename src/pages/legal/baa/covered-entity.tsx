import { graphql, type HeadProps, type PageProps } from "gatsby";
import { DocumentHead, DocumentView } from "../../../components/document-view";

export default function Page({ data, location }: PageProps<Queries.BaaCoveredEntityPageQuery>) {
  return <DocumentView document={data.document} path={location.pathname} eyebrow="Legal" />;
}

export const Head = ({ data, location }: HeadProps<Queries.BaaCoveredEntityPageQuery>) => (
  <DocumentHead document={data.document} path={location.pathname} />
);

export const query = graphql`
  query BaaCoveredEntityPage {
    document(slug: { eq: "baa-covered-entity" }) {
      ...DocumentFields
    }
  }
`;
