import { type HeadProps, type PageProps } from "gatsby";
import { SiteLink } from "../components/ui/site-link";
import { Layout } from "../components/layout/layout";
import { PageBody } from "../components/layout/page-body";
import { Seo } from "../components/seo/seo";
import { Container, Lead, Section } from "../components/ui/container";
import { Button } from "../components/ui/button";
import { paths } from "../lib/paths";

/** Unknown paths (docs/product-rules.md#page-types). */
export default function NotFoundPage({ location }: PageProps) {
  return (
    <Layout path={location.pathname}>
      <PageBody>
        <Section>
          <Container $narrow>
            <h1>We couldn't find that page</h1>
            <Lead>The page may have moved, or the link may have a typo. Here are some places to start:</Lead>
            <ul>
              <li>
                <SiteLink to="/">Home</SiteLink>
              </li>
              <li>
                <SiteLink to={paths.pricing()}>Pricing</SiteLink>
              </li>
              <li>
                <SiteLink to={paths.blog()}>Blog</SiteLink>
              </li>
              <li>
                <SiteLink to={paths.resources()}>Resources</SiteLink>
              </li>
            </ul>
            <Button href={paths.ask()}>Contact support</Button>
          </Container>
        </Section>
      </PageBody>
    </Layout>
  );
}

export const Head = ({ location }: HeadProps) => (
  <Seo title="Page not found" description="The page you were looking for doesn't exist." path={location.pathname} noindex />
);
