// @vitest-environment jsdom
/**
 * The cookie notice's table (docs/content.md#privacy-and-cookie-notices): generated from the vendor catalog, one
 * row per configured vendor, accessible (caption, th scope) and labelled per cell for the phone layout.
 */
import { describe, expect, it } from "vitest";
import { buildCookieTable, cookieTableHtml } from "../../../../src/node/content/cookie-table";
import { noticeRows } from "../../../../src/vendors/notice";
import { gtag } from "../../../../src/vendors/gtag";
import { renderMarkdown } from "../../../../src/node/content/markdown";

const parse = (html: string) => new DOMParser().parseFromString(html, "text/html");

describe("cookie table", () => {
  it("has a caption, column headers and one row header per row", () => {
    const doc = parse(cookieTableHtml(noticeRows({ gtag: "G-1", heap: "4" })));
    expect(doc.querySelector("caption")?.textContent).toMatch(/Cookies and storage/);
    expect([...doc.querySelectorAll('thead th[scope="col"]')].map((th) => th.textContent)).toEqual([
      "Vendor",
      "Purpose",
      "Category",
      "What it stores",
      "Lifetime",
      "Recipient",
      "Privacy policy",
    ]);
    const rows = [...doc.querySelectorAll("tbody tr")];
    expect(rows.map((r) => r.querySelector('th[scope="row"]')?.textContent)).toContain("Google tag");
    for (const r of rows) for (const td of r.querySelectorAll("td")) expect(td.getAttribute("data-label")).not.toBe("");
  });

  it("a vendor's row: purpose, categories, each store with its lifetime, recipient and policy link", () => {
    const doc = parse(cookieTableHtml(noticeRows({ gtag: "G-1" })));
    const row = [...doc.querySelectorAll("tbody tr")].find((r) => r.querySelector("th")?.textContent === "Google tag")!;
    const cell = (label: string) => row.querySelector(`td[data-label="${label}"]`)!;
    expect(cell("Purpose").textContent).toBe(gtag.purpose);
    expect(cell("Category").textContent).toBe("Analytics, Advertising (sale or sharing)");
    expect(cell("What it stores").textContent).toContain("_gcl_* cookie (advertising (sale or sharing))");
    expect(cell("Lifetime").textContent).toContain("_ga: 2 years");
    expect(cell("Recipient").textContent).toBe("Google LLC");
    const link = cell("Privacy policy").querySelector("a")!;
    expect(link.getAttribute("href")).toBe("https://policies.google.com/privacy");
    expect(link.textContent).toBe("Privacy policy of Google LLC");
  });

  it("escapes what it writes", () => {
    const rows = noticeRows({});
    rows[0] = { ...rows[0], name: "<b>x</b>" };
    expect(cookieTableHtml(rows)).toContain("&lt;b&gt;x&lt;/b&gt;");
  });

  it("survives the Markdown renderer's sanitizing whole: the build's table is what the page shows", async () => {
    const table = buildCookieTable({ heap: "4", "crm-loader": "9" });
    const out = await renderMarkdown("::cookie-table", { urlTable: {}, cookieTable: table });
    const html = out.segments[0].kind === "html" ? out.segments[0].html : "";
    const [before, after] = [parse(table), parse(html)];
    expect(after.querySelector("table")!.textContent).toBe(before.querySelector("table")!.textContent);
    for (const selector of ["caption", 'th[scope="col"]', 'th[scope="row"]', "td[data-label]", "a[href]", "span.visually-hidden"])
      expect(after.querySelectorAll(selector).length, selector).toBe(before.querySelectorAll(selector).length);
  });
});
