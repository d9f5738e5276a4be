/** JSON-LD builders used only by the tools and the interview-builder templates. */
/** A free tool on the site (calculators, builders): schema.org WebApplication. */
export const webApplication = (a: { siteUrl: string; path: string; name: string; description: string; category: string }) => ({
  "@type": "WebApplication",
  name: a.name,
  description: a.description,
  url: new URL(a.path, a.siteUrl).href,
  applicationCategory: a.category,
  operatingSystem: "Any (web browser)",
  isAccessibleForFree: true,
  offers: { "@type": "Offer", price: "0", priceCurrency: "USD" },
  publisher: { "@id": `${a.siteUrl}/#organization` },
});

/**
 * A job description template describes a role, not an opening, so it is an `Occupation`
 * (responsibilities, qualifications, skills); JobPosting stays reserved for real openings on /jobs/.
 */
export const occupation = (o: {
  siteUrl: string;
  path: string;
  name: string;
  description: string;
  responsibilities: readonly string[];
  qualifications: readonly string[];
  skills: readonly string[];
  category?: string;
}) => ({
  "@type": "Occupation",
  name: o.name,
  description: o.description,
  url: new URL(o.path, o.siteUrl).href,
  responsibilities: o.responsibilities,
  qualifications: o.qualifications,
  skills: o.skills,
  ...(o.category ? { occupationalCategory: o.category } : {}),
});

/** An article-like guide page (interview guides) about an occupation. */
export const guideArticle = (g: {
  siteUrl: string;
  path: string;
  title: string;
  description: string;
  about: string;
  related?: string;
}) => ({
  "@type": "Article",
  headline: g.title,
  description: g.description,
  mainEntityOfPage: new URL(g.path, g.siteUrl).href,
  about: { "@type": "Occupation", name: g.about },
  ...(g.related ? { isRelatedTo: undefined, relatedLink: new URL(g.related, g.siteUrl).href } : {}),
  publisher: { "@id": `${g.siteUrl}/#organization` },
});
