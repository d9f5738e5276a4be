import { graphql, type HeadProps, type PageProps } from "gatsby";
import { DocumentHead, DocumentView } from "../components/document-view";

export default function Page({ data, location }: PageProps<Queries.DeiPageQuery>) {
  return <DocumentView document={data.document} path={location.pathname} eyebrow="Diversity, equity and inclusion" />;
}

export const Head = ({ data, location }: HeadProps<Queries.DeiPageQuery>) => (
  <DocumentHead document={data.document} path={location.pathname} />
);

export const query = graphql`
  query DeiPage {
    document(slug: { eq: "dei" }) {
      ...DocumentFields
    }
  }
`;
