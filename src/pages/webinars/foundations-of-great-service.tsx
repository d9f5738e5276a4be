import { graphql, type HeadProps, type PageProps } from "gatsby";
import { DocumentHead, DocumentView } from "../../components/document-view";

export default function Page({ data, location }: PageProps<Queries.WebinarPageQuery>) {
  return <DocumentView document={data.document} path={location.pathname} eyebrow="Webinar" />;
}

export const Head = ({ data, location }: HeadProps<Queries.WebinarPageQuery>) => (
  <DocumentHead document={data.document} path={location.pathname} />
);

export const query = graphql`
  query WebinarPage {
    document(slug: { eq: "webinar-foundations-of-great-service" }) {
      ...DocumentFields
    }
  }
`;
