import { graphql, type HeadProps, type PageProps } from "gatsby";
import { DocumentHead, DocumentView } from "../components/document-view";

type Data = Queries.DocumentTemplateQuery;

/** Set per page by createPages (src/node/create-pages/documents.ts). */
interface Context {
  eyebrow?: string;
  /** An alias of another page (DocumentPage.aliases): its canonical address. */
  canonical?: string;
}

/** A static page whose copy is a Markdown document (legal, dei, classes, …): one page per entry of DOCUMENT_PAGES. */
export default function DocumentTemplate({ data, location, pageContext }: PageProps<Data, Context>) {
  return <DocumentView document={data.document} path={location.pathname} eyebrow={pageContext.eyebrow} />;
}

export const Head = ({ data, location, pageContext }: HeadProps<Data, Context>) => (
  <DocumentHead document={data.document} path={pageContext.canonical ?? location.pathname} />
);

export const query = graphql`
  query DocumentTemplate($id: String!) {
    document(id: { eq: $id }) {
      ...DocumentFields
    }
  }
`;
