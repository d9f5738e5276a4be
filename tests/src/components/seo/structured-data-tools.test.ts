import { describe, expect, it } from "vitest";
import { guideArticle, occupation, webApplication } from "../../../../src/components/seo/structured-data-tools";

describe("structured data for the tools", () => {
  const siteUrl = "https://www.northdesk.com";
  it("tools are free WebApplications", () => {
    expect(webApplication({ siteUrl, path: "/t/", name: "T", description: "D", category: "BusinessApplication" })).toMatchObject({
      "@type": "WebApplication",
      url: "https://www.northdesk.com/t/",
      isAccessibleForFree: true,
      offers: { price: "0", priceCurrency: "USD" },
    });
  });
  it("a job description template is an Occupation, and a guide an Article about it linking to the description", () => {
    expect(
      occupation({
        siteUrl,
        path: "/jd/",
        name: "Lead",
        description: "x",
        responsibilities: ["r"],
        qualifications: ["q"],
        skills: ["s"],
        category: "Support",
      }),
    ).toEqual({
      "@type": "Occupation",
      name: "Lead",
      description: "x",
      url: "https://www.northdesk.com/jd/",
      responsibilities: ["r"],
      qualifications: ["q"],
      skills: ["s"],
      occupationalCategory: "Support",
    });
    expect(guideArticle({ siteUrl, path: "/g/", title: "G", description: "d", about: "Lead", related: "/jd/" })).toMatchObject({
      "@type": "Article",
      about: { "@type": "Occupation", name: "Lead" },
      relatedLink: "https://www.northdesk.com/jd/",
    });
  });
});
