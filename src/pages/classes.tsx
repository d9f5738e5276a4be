import { graphql, type HeadProps, type PageProps } from "gatsby";
import { DocumentHead, DocumentView } from "../components/document-view";

export default function Page({ data, location }: PageProps<Queries.ClassesPageQuery>) {
  return <DocumentView document={data.document} path={location.pathname} eyebrow="Free classes" />;
}

export const Head = ({ data, location }: HeadProps<Queries.ClassesPageQuery>) => (
  <DocumentHead document={data.document} path={location.pathname} />
);

export const query = graphql`
  query ClassesPage {
    document(slug: { eq: "classes" }) {
      ...DocumentFields
    }
  }
`;
