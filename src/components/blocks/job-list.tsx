import { graphql } from "gatsby";
import { SiteLink } from "../ui/site-link";
import { paths } from "../../lib/paths";
import { useLandingLists } from "./landing-lists";
import { CardListSection, CardTitle, LinkCard, type ListSectionContent } from "./parts";

export function JobList({ section, first }: { section: ListSectionContent; first: boolean }) {
  return (
    <CardListSection
      section={section}
      first={first}
      items={useLandingLists().landingJobs?.nodes ?? []}
      empty="There are no open roles right now. Check back soon."
      card={(j) => (
        <LinkCard key={j.slug}>
          <CardTitle>
            <SiteLink to={paths.job(j.slug)}>{j.title}</SiteLink>
          </CardTitle>
          <p>
            {j.department} · {j.location}
            {j.remote ? " · Remote" : ""}
          </p>
        </LinkCard>
      )}
    />
  );
}

/** The block's own fields; its list comes with the landing page's own query, only when the page has this block (see landing-lists.ts). */
export const query = graphql`
  fragment JobListBlock on JobListSection {
    heading
    text
  }

  fragment LandingJobs on Query {
    landingJobs: allJobPost(sort: { datePosted: DESC }) @include(if: $withJobs) {
      nodes {
        slug
        title
        department
        location
        remote
      }
    }
  }
`;
