import { graphql, type HeadProps, type PageProps } from "gatsby";
import { DocumentHead, DocumentView } from "../components/document-view";

export default function Page({ data, location }: PageProps<Queries.FundraisingPageQuery>) {
  return <DocumentView document={data.document} path={location.pathname} />;
}

export const Head = ({ data, location }: HeadProps<Queries.FundraisingPageQuery>) => (
  <DocumentHead document={data.document} path={location.pathname} />
);

export const query = graphql`
  query FundraisingPage {
    document(slug: { eq: "fundraising-with-purpose" }) {
      ...DocumentFields
    }
  }
`;
