import { graphql, type HeadProps, type PageProps } from "gatsby";
import { DocumentHead, DocumentView } from "../components/document-view";

export default function Page({ data, location }: PageProps<Queries.CustomerFirstPageQuery>) {
  return <DocumentView document={data.document} path={location.pathname} />;
}

export const Head = ({ data, location }: HeadProps<Queries.CustomerFirstPageQuery>) => (
  <DocumentHead document={data.document} path={location.pathname} />
);

export const query = graphql`
  query CustomerFirstPage {
    document(slug: { eq: "customer-first" }) {
      ...DocumentFields
    }
  }
`;
