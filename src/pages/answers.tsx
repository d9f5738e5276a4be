import { graphql, type HeadProps, type PageProps } from "gatsby";
import { DocumentHead, DocumentView } from "../components/document-view";

export default function Page({ data, location }: PageProps<Queries.AnswersPageQuery>) {
  return <DocumentView document={data.document} path={location.pathname} eyebrow="Support" />;
}

export const Head = ({ data, location }: HeadProps<Queries.AnswersPageQuery>) => (
  <DocumentHead document={data.document} path={location.pathname} />
);

export const query = graphql`
  query AnswersPage {
    document(slug: { eq: "answers" }) {
      ...DocumentFields
    }
  }
`;
