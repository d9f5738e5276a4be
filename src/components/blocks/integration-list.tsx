import { graphql } from "gatsby";
import { SiteLink } from "../ui/site-link";
import { Badge } from "../ui/badge";
import { paths } from "../../lib/paths";
import { useLandingLists } from "./landing-lists";
import { CardListSection, CardTitle, LinkCard, image, type ListSectionContent } from "./parts";

export function IntegrationList({ section, first }: { section: ListSectionContent; first: boolean }) {
  return (
    <CardListSection
      section={section}
      first={first}
      items={useLandingLists().landingIntegrations?.nodes ?? []}
      empty="No integrations to show yet."
      card={(i) => (
        <LinkCard key={i.slug}>
          {image(i.logo)}
          <CardTitle>
            <SiteLink to={paths.integration(i.slug)}>{i.name}</SiteLink>{" "}
            {i.isNew && (
              <Badge $size="XS" $color="green">
                NEW
              </Badge>
            )}
          </CardTitle>
          <p>{i.summary}</p>
          <Badge $color="slateTint">{i.category}</Badge>
        </LinkCard>
      )}
    />
  );
}

/** The block's own fields; its list comes with the landing page's own query, only when the page has this block (see landing-lists.ts). */
export const query = graphql`
  fragment IntegrationListBlock on IntegrationListSection {
    heading
    text
  }

  fragment LandingIntegrations on Query {
    landingIntegrations: allIntegration(sort: { name: ASC }) @include(if: $withIntegrations) {
      nodes {
        slug
        name
        category
        summary
        isNew
        logo {
          alt
          gatsbyImageData(width: 48, height: 48, layout: FIXED, placeholder: NONE)
        }
      }
    }
  }
`;
