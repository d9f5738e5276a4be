import { graphql, type HeadProps, type PageProps } from "gatsby";
import { DocumentHead, DocumentView } from "../components/document-view";

type Data = Queries.DocumentTemplateQuery;

/** Set per page by createPages (src/node/create-pages/documents.ts). */
interface Context {
  eyebrow?: string;
}

/** A static page whose copy is a Markdown document (legal, dei, classes, …): one page per entry of DOCUMENT_PAGES. */
export default function DocumentTemplate({ data, location, pageContext }: PageProps<Data, Context>) {
  return <DocumentView document={data.document} path={location.pathname} eyebrow={pageContext.eyebrow} />;
}

export const Head = ({ data, location }: HeadProps<Data>) => <DocumentHead document={data.document} path={location.pathname} />;

export const query = graphql`
  query DocumentTemplate($id: String!) {
    document(id: { eq: $id }) {
      ...DocumentFields
    }
  }
`;
