import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { compareBuilds, formatReport, pagePaths, pageSnapshot, staticQueryData } from "./parity";

const page = (title: string, main: string, nav = "Product Pricing", footer = "© Northdesk") =>
  `<!doctype html><html><head><title>${title}</title><style>.x{}</style></head><body><header><nav>${nav}</nav></header>` +
  `<main id="main"><h1>${title}</h1><script>var x = 1</script><p>${main}</p></main><footer>${footer}</footer></body></html>`;

function build(pages: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parity-"));
  for (const [file, html] of Object.entries(pages)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), html);
  }
  return dir;
}

describe("Contentful parity comparison", () => {
  it("ignores aria-hidden presentation, such as the room a personalized nav label reserves for its variants", () => {
    const reserved = page("Home", "Welcome", '<button><span>Product</span><span aria-hidden="true">Get started</span></button>');
    expect(pageSnapshot(reserved).nav).toBe("Product");
    expect(pageSnapshot(page("Home", "Welcome", "<button>Get started</button>")).nav).toBe("Get started");
  });
  it("reads title, headings, main text, navigation and footer, without scripts and styles", () => {
    expect(pageSnapshot(page("Pricing", "Plans  for\n every team"))).toEqual({
      title: "Pricing",
      headings: ["h1 Pricing"],
      main: "PricingPlans for every team", // textContent: adjacent elements are not separated
      nav: "Product Pricing",
      footer: "© Northdesk",
    });
  });

  it("lists pages by site path, skipping static and page-data folders", () => {
    const dir = build({
      "index.html": page("Home", "x"),
      "blog/a/index.html": page("A", "x"),
      "404.html": page("404", "x"),
      "static/x.html": "",
    });
    expect(pagePaths(dir)).toEqual(["/", "/404.html", "/blog/a/"]);
  });

  it("finds missing pages, extra pages and every field that differs", () => {
    const expected = build({ "index.html": page("Home", "Welcome"), "a/index.html": page("A", "x"), "b/index.html": page("B", "x") });
    const same = build({ "index.html": page("Home", "Welcome"), "a/index.html": page("A", "x"), "b/index.html": page("B", "x") });
    expect(compareBuilds(expected, same)).toEqual({
      pages: 3,
      onlyIn: { expected: [], actual: [] },
      differences: [],
      queryDifferences: [],
    });
    const changed = build({
      "index.html": page("Home", "Welcome back", "Product", "© Other"),
      "a/index.html": page("A", "x"),
      "c/index.html": page("C", "x"),
    });
    const report = compareBuilds(expected, changed);
    expect(report.onlyIn).toEqual({ expected: ["/b/"], actual: ["/c/"] });
    expect(report.differences.map((d) => `${d.page} ${d.field}`)).toEqual(["/ main", "/ nav", "/ footer"]);
  });

  it("compares the static-query data the pages use: ids and image files aside, an empty experience list is a difference", () => {
    const experiences = (nodes: object[], image: object) => ({
      "index.html": page("Home", "x"),
      "page-data/index/page-data.json": JSON.stringify({ staticQueryHashes: ["111", "222"] }),
      "page-data/a/page-data.json": JSON.stringify({ staticQueryHashes: ["222"] }),
      "page-data/sq/d/111.json": JSON.stringify({ data: { allPersonalizationExperience: { nodes } } }),
      "page-data/sq/d/222.json": JSON.stringify({ data: { siteSettings: { id: Math.random().toString(), logo: image } } }),
      "page-data/sq/d/999.json": JSON.stringify({ data: { stale: true } }), // left by an older build, used by no page
    });
    const local = { alt: "Northdesk", url: "/static/logo.png", gatsbyImageData: { images: { fallback: { src: "/static/a.png" } } } };
    const cms = { alt: "Northdesk", url: "https://images.ctfassets.net/x.png", gatsbyImageData: { images: { fallback: { src: "//x" } } } };
    const nodes = [{ id: "1", experienceId: "nav", distribution: [{ index: 0, start: 0, end: 1 }] }];
    const expected = build(experiences(nodes, local));

    expect([...staticQueryData(expected).keys()]).toEqual(["111", "222"]);
    expect(compareBuilds(expected, build(experiences([{ ...nodes[0], id: "2" }], cms))).queryDifferences).toEqual([]);

    const report = compareBuilds(expected, build(experiences([], cms)));
    expect(report.queryDifferences.map((d) => d.query)).toEqual(["static query 111 (allPersonalizationExperience)"]);
    expect(formatReport(report)).toContain('actual   …allPersonalizationExperience":{"nodes":[]}}}…');
  });
});
