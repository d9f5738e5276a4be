import { graphql, useStaticQuery } from "gatsby";
import type { ExperienceData } from "./experiences";

/** Experiences (mapped at build time), navigation variants and hero variants (one static query, in a stable order whatever the source). */
export function usePersonalizationContent() {
  const data = useStaticQuery<Queries.PersonalizationContentQuery>(graphql`
    query PersonalizationContent {
      allPersonalizationExperience(sort: { experienceId: ASC }) {
        nodes {
          experienceId
          type
          name
          description
          audience
          trafficAllocation
          distribution {
            index
            start
            end
          }
          sticky
          components {
            baseline {
              id
              hidden
            }
            variants {
              id
              hidden
            }
          }
        }
      }
      navigationVariants: allNavigation(filter: { navId: { ne: "baseline" } }, sort: { navId: ASC }) {
        nodes {
          navId
          ...NavigationFields
        }
      }
      allPersonalizationHeroVariant(sort: { variantId: ASC }) {
        nodes {
          variantId
          baseline
          kicker
          heading
          text
          primaryCta {
            label
            url
          }
          secondaryCta {
            label
            url
          }
        }
      }
    }
  `);
  return {
    experiences: data.allPersonalizationExperience.nodes as readonly ExperienceData[],
    navigationVariants: data.navigationVariants.nodes,
    heroVariants: data.allPersonalizationHeroVariant.nodes,
  };
}
