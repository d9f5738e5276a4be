import { graphql } from "gatsby";
import { SiteLink } from "../ui/site-link";
import { Badge } from "../ui/badge";
import { paths } from "../../lib/paths";
import { useLandingLists } from "./landing-lists";
import { CardListSection, CardTitle, LinkCard, image, type ListSectionContent } from "./parts";

export function CompanyList({ section, first }: { section: ListSectionContent; first: boolean }) {
  return (
    <CardListSection
      section={section}
      first={first}
      items={useLandingLists().landingCompanies?.nodes ?? []}
      empty="No customer stories to show yet."
      card={(c) => (
        <LinkCard key={c.slug}>
          {image(c.logo)}
          <CardTitle>
            <SiteLink to={paths.company(c.slug)}>{c.name}</SiteLink>
          </CardTitle>
          <p>{c.summary}</p>
          <Badge $color="slateTint">{c.industry}</Badge>
        </LinkCard>
      )}
    />
  );
}

/** The block's own fields; its list comes with the landing page's own query, only when the page has this block (see landing-lists.ts). */
export const query = graphql`
  fragment CompanyListBlock on CompanyListSection {
    heading
    text
  }

  fragment LandingCompanies on Query {
    landingCompanies: allCompany(sort: { name: ASC }) @include(if: $withCompanies) {
      nodes {
        slug
        name
        industry
        summary
        logo {
          alt
          gatsbyImageData(width: 64, height: 64, layout: FIXED, placeholder: NONE)
        }
      }
    }
  }
`;
