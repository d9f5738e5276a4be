/** JSON-LD builders (schema.org). Pure; serialized safely for a <script> tag. */
export interface OrgInput {
  siteUrl: string;
  name: string;
  legalName: string;
  logo: string;
  sameAs: readonly string[];
  supportEmail: string;
}

export const organization = (o: OrgInput) => ({
  "@type": "Organization",
  "@id": `${o.siteUrl}/#organization`,
  name: o.name,
  legalName: o.legalName,
  url: `${o.siteUrl}/`,
  logo: new URL(o.logo, o.siteUrl).href,
  sameAs: o.sameAs,
  contactPoint: { "@type": "ContactPoint", contactType: "customer support", email: o.supportEmail },
});

export const website = (siteUrl: string, name: string) => ({
  "@type": "WebSite",
  "@id": `${siteUrl}/#website`,
  url: `${siteUrl}/`,
  name,
  publisher: { "@id": `${siteUrl}/#organization` },
});

export const breadcrumbs = (siteUrl: string, trail: { name: string; path: string }[]) => ({
  "@type": "BreadcrumbList",
  itemListElement: trail.map((step, i) => ({
    "@type": "ListItem",
    position: i + 1,
    name: step.name,
    item: new URL(step.path, siteUrl).href,
  })),
});

export const blogPosting = (p: {
  siteUrl: string;
  path: string;
  title: string;
  description: string;
  image?: string | null;
  datePublished: string;
  dateModified?: string | null;
  author: { name: string; path: string };
}) => ({
  "@type": "BlogPosting",
  headline: p.title,
  description: p.description,
  mainEntityOfPage: new URL(p.path, p.siteUrl).href,
  image: p.image ? new URL(p.image, p.siteUrl).href : undefined,
  datePublished: p.datePublished,
  dateModified: p.dateModified ?? p.datePublished,
  author: { "@type": "Person", name: p.author.name, url: new URL(p.author.path, p.siteUrl).href },
  publisher: { "@id": `${p.siteUrl}/#organization` },
});

export const jobPosting = (j: {
  siteUrl: string;
  title: string;
  description: string;
  datePosted: string;
  validThrough: string;
  employmentType: string;
  location: string;
  remote: boolean;
  salaryMin?: number;
  salaryMax?: number;
  currency?: string;
  orgName: string;
}) => ({
  "@type": "JobPosting",
  title: j.title,
  description: j.description,
  datePosted: j.datePosted,
  validThrough: j.validThrough,
  employmentType: j.employmentType,
  hiringOrganization: { "@type": "Organization", name: j.orgName, sameAs: `${j.siteUrl}/` },
  ...(j.remote ? { jobLocationType: "TELECOMMUTE", applicantLocationRequirements: { "@type": "Country", name: j.location } } : {}),
  jobLocation: { "@type": "Place", address: { "@type": "PostalAddress", addressLocality: j.location } },
  ...(j.salaryMin && j.salaryMax && j.currency
    ? {
        baseSalary: {
          "@type": "MonetaryAmount",
          currency: j.currency,
          value: { "@type": "QuantitativeValue", minValue: j.salaryMin, maxValue: j.salaryMax, unitText: "YEAR" },
        },
      }
    : {}),
});

/** Serializes a graph for <script type="application/ld+json">; "<" is escaped so no tag can close early. */
export function serializeGraph(nodes: object[]): string {
  return JSON.stringify({ "@context": "https://schema.org", "@graph": nodes }).replace(/</g, "\\u003c");
}
