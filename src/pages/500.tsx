import { type HeadProps, type PageProps } from "gatsby";
import { SiteLink } from "../components/ui/site-link";
import { Layout } from "../components/layout/layout";
import { PageBody } from "../components/layout/page-body";
import { Seo } from "../components/seo/seo";
import { Container, Lead, Section } from "../components/ui/container";

/** Server failures (docs/product-rules.md#page-types, #error-catalogue). */
export default function ServerErrorPage({ location }: PageProps) {
  return (
    <Layout path={location.pathname}>
      <PageBody>
        <Section>
          <Container $narrow>
            <h1>Something went wrong on our side</h1>
            <Lead>We're looking into it. Please try again in a minute, or check our status page for updates.</Lead>
            <p>
              <a href="https://status.northdesk.com/">Northdesk status</a> · <SiteLink to="/">Back to the home page</SiteLink>
            </p>
          </Container>
        </Section>
      </PageBody>
    </Layout>
  );
}

export const Head = ({ location }: HeadProps) => (
  <Seo title="Something went wrong" description="An unexpected error occurred." path={location.pathname} noindex />
);
