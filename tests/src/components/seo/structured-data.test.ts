import { describe, expect, it } from "vitest";
import {
  blogPosting,
  breadcrumbs,
  jobPosting,
  organization,
  serializeGraph,
  website,
} from "../../../../src/components/seo/structured-data";

const SITE = "https://www.northdesk.com";

describe("structured site data (JSON-LD, schema.org)", () => {
  it("names the organization once, with absolute URLs and a support contact", () => {
    expect(
      organization({
        siteUrl: SITE,
        name: "Northdesk",
        legalName: "Northdesk Inc.",
        logo: "/icons/logo.svg",
        sameAs: ["https://x.com/northdesk"],
        supportEmail: "help@northdesk.com",
      }),
    ).toEqual({
      "@type": "Organization",
      "@id": `${SITE}/#organization`,
      name: "Northdesk",
      legalName: "Northdesk Inc.",
      url: `${SITE}/`,
      logo: `${SITE}/icons/logo.svg`,
      sameAs: ["https://x.com/northdesk"],
      contactPoint: { "@type": "ContactPoint", contactType: "customer support", email: "help@northdesk.com" },
    });
  });

  it("points the website at its publisher by id", () => {
    expect(website(SITE, "Northdesk")).toEqual({
      "@type": "WebSite",
      "@id": `${SITE}/#website`,
      url: `${SITE}/`,
      name: "Northdesk",
      publisher: { "@id": `${SITE}/#organization` },
    });
  });

  it("numbers breadcrumbs from 1 and resolves each path against the site", () => {
    expect(
      breadcrumbs(SITE, [
        { name: "Blog", path: "/blog/" },
        { name: "A post", path: "/blog/a-post/" },
      ]),
    ).toEqual({
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Blog", item: `${SITE}/blog/` },
        { "@type": "ListItem", position: 2, name: "A post", item: `${SITE}/blog/a-post/` },
      ],
    });
  });

  it("a blog post without an image or a modified date leaves the image out and reuses the publication date", () => {
    const post = blogPosting({
      siteUrl: SITE,
      path: "/blog/a-post/",
      title: "A post",
      description: "About it",
      datePublished: "2026-01-02",
      author: { name: "Ada", path: "/authors/ada/" },
    });
    expect(post).toMatchObject({
      headline: "A post",
      mainEntityOfPage: `${SITE}/blog/a-post/`,
      image: undefined,
      datePublished: "2026-01-02",
      dateModified: "2026-01-02",
      author: { "@type": "Person", name: "Ada", url: `${SITE}/authors/ada/` },
      publisher: { "@id": `${SITE}/#organization` },
    });
    expect(
      blogPosting({
        siteUrl: SITE,
        path: "/blog/a-post/",
        title: "A",
        description: "",
        datePublished: "2026-01-02",
        dateModified: "2026-02-03",
        image: "/static/x.png",
        author: { name: "Ada", path: "/authors/ada/" },
      }),
    ).toMatchObject({
      image: `${SITE}/static/x.png`,
      dateModified: "2026-02-03",
    });
  });

  const job = {
    siteUrl: SITE,
    title: "Support engineer",
    description: "Help customers",
    datePosted: "2026-01-01",
    validThrough: "2026-03-01",
    employmentType: "FULL_TIME",
    location: "United States",
    orgName: "Northdesk",
  };

  it("a remote job posting says so with the country as the applicant location", () => {
    const posting = jobPosting({ ...job, remote: true });
    expect(posting).toMatchObject({
      jobLocationType: "TELECOMMUTE",
      applicantLocationRequirements: { "@type": "Country", name: "United States" },
    });
    expect(jobPosting({ ...job, remote: false })).not.toHaveProperty("jobLocationType");
  });

  it("a job posting carries a salary only when the range and the currency are all known", () => {
    expect(jobPosting({ ...job, remote: false, salaryMin: 90000, salaryMax: 120000, currency: "USD" }).baseSalary).toEqual({
      "@type": "MonetaryAmount",
      currency: "USD",
      value: { "@type": "QuantitativeValue", minValue: 90000, maxValue: 120000, unitText: "YEAR" },
    });
    expect(jobPosting({ ...job, remote: false, salaryMin: 90000, currency: "USD" })).not.toHaveProperty("baseSalary");
  });

  it("serializes a graph that no content can close early", () => {
    const text = serializeGraph([{ name: "</script><script>alert(1)</script>" }]);
    expect(text).not.toContain("<");
    expect(JSON.parse(text)).toEqual({ "@context": "https://schema.org", "@graph": [{ name: "</script><script>alert(1)</script>" }] });
  });
});
