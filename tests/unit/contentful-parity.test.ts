import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { compareBuilds, pagePaths, pageSnapshot } from "../../scripts/contentful/parity";

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
    expect(compareBuilds(expected, same)).toEqual({ pages: 3, onlyIn: { expected: [], actual: [] }, differences: [] });
    const changed = build({
      "index.html": page("Home", "Welcome back", "Product", "© Other"),
      "a/index.html": page("A", "x"),
      "c/index.html": page("C", "x"),
    });
    const report = compareBuilds(expected, changed);
    expect(report.onlyIn).toEqual({ expected: ["/b/"], actual: ["/c/"] });
    expect(report.differences.map((d) => `${d.page} ${d.field}`)).toEqual(["/ main", "/ nav", "/ footer"]);
  });
});
