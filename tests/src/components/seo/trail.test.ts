import { describe, expect, it } from "vitest";
import { ancestors, trail, trailJsonLd } from "../../../../src/components/seo/trail";

describe("a page's breadcrumb trail", () => {
  it("gives search engines the ancestors, then the page, as absolute URLs in order", () => {
    const t = trail(ancestors.interviewLibrary, { name: "Support agent guide", path: "/interview-builder/support-agent/" });
    expect(trailJsonLd("https://www.northdesk.com", t)).toEqual({
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Interview builder", item: "https://www.northdesk.com/interview-builder/" },
        { "@type": "ListItem", position: 2, name: "Library", item: "https://www.northdesk.com/interview-builder/library/" },
        {
          "@type": "ListItem",
          position: 3,
          name: "Support agent guide",
          item: "https://www.northdesk.com/interview-builder/support-agent/",
        },
      ],
    });
  });
});
