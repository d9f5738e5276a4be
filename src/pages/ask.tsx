import { graphql, type HeadProps, type PageProps } from "gatsby";
import { DocumentHead, DocumentView } from "../components/document-view";

export default function Page({ data, location }: PageProps<Queries.AskPageQuery>) {
  return <DocumentView document={data.document} path={location.pathname} eyebrow="Support" />;
}

export const Head = ({ data, location }: HeadProps<Queries.AskPageQuery>) => (
  <DocumentHead document={data.document} path={location.pathname} />
);

export const query = graphql`
  query AskPage {
    document(slug: { eq: "ask" }) {
      ...DocumentFields
    }
  }
`;
