import { graphql, useStaticQuery } from "gatsby";
import { parseUrlTable, type UrlTable } from "../lib/url-table";

type SiteData = Queries.SiteDataQuery & { urlTable: UrlTable; siteUrl: string };

/**
 * What useSiteData derives from the static query's result, once per result: every link on a page calls the
 * hook (ContentLink), and parsing the URL table per link would cost that parse hundreds of times per page,
 * both when the build renders it and when the browser hydrates it.
 */
const derived = new WeakMap<Queries.SiteDataQuery, SiteData>();

/** Site-wide settings, the baseline navigation and the footer (one static query). */
export function useSiteData(): SiteData {
  const data = useStaticQuery<Queries.SiteDataQuery>(graphql`
    query SiteData {
      site {
        siteMetadata {
          siteUrl
        }
      }
      siteSettings {
        title
        titleTemplate
        description
        organization {
          name
          legalName
          logo
          supportEmail
          address
          sameAs
        }
        social {
          x
          facebook
          linkedin
          instagram
        }
        urlTable {
          key
          value
        }
      }
      navigation(navId: { eq: "baseline" }) {
        ...NavigationFields
      }
      footer {
        entryId
        columns {
          title
          items {
            title
            url
            isNew
            html
          }
        }
      }
    }
  `);
  let site = derived.get(data);
  if (!site) {
    site = { ...data, urlTable: parseUrlTable(data.siteSettings?.urlTable ?? []), siteUrl: data.site?.siteMetadata?.siteUrl ?? "" };
    derived.set(data, site);
  }
  return site;
}

/** The navigation's fields, shared by the baseline and its personalized variants. See docs/techniques/small-html.md. */
export const navigationFields = graphql`
  fragment NavigationFields on Navigation {
    entryId
    navItems {
      id
      title
      url
      columns {
        items {
          title
          url
          text
          imagePosition
          color
          layout
          isNew
          image {
            alt
            gatsbyImageData(width: 320, layout: CONSTRAINED, placeholder: NONE, formats: [WEBP], outputPixelDensities: [1, 2])
          }
          items {
            title
            url
            icon
            isNew
          }
        }
        footer {
          layout
          title
          text
          url
          items {
            title
            url
            icon
            isNew
          }
          image {
            alt
            gatsbyImageData(width: 120, layout: CONSTRAINED, placeholder: NONE, formats: [WEBP], outputPixelDensities: [1, 2])
          }
        }
      }
    }
  }
`;
