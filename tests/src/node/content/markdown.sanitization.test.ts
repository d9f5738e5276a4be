import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { renderMarkdown, sanitize } from "../../../../src/node/content/markdown";
import { sharedTypes, entities } from "../../../../src/node/schema";
import { MARKDOWN_XSS_PAYLOADS, XSS_PAYLOADS } from "../../../fixtures/xss-payloads";
import { executableConstructs } from "../../../fixtures/executable-html";
import { REPO_ROOT } from "../../../fixtures/repo-root";

/**
 * No XSS payload survives the sanitizers. The server-status sanitizer (it runs in the
 * browser) and the rendered components are covered in tests/src/components/form/sanitize-status.test.tsx.
 */
const markdownHtml = async (source: string, urlTable: Record<string, string> = {}) =>
  (await renderMarkdown(source, { urlTable })).segments.map((s) => (s.kind === "html" ? s.html : "")).join("");

describe("the checker itself", () => {
  it("flags every payload before sanitizing, except those inert as a fragment (so a clean result means the sanitizer removed it)", () => {
    // Inert where content lands (inside an element): their danger is in what a careless sanitizer makes of
    // them, e.g. dropping the <textarea>/<title> wrapper so its text becomes markup, or re-joining "<scr" + "ipt>".
    expect(XSS_PAYLOADS.filter((p) => executableConstructs(p).length === 0)).toEqual([
      "<scr<script>ipt>alert(1)</scr</script>ipt>",
      "<body onload=alert(1)>",
      `<listing>&lt;img onerror="alert(1)" src=x&gt;</listing>`,
      "<textarea><img src=x onerror=alert(1)></textarea>",
      "<title><img src=x onerror=alert(1)></title>",
      '<img src="x` `<script>alert(1)</script>"` `>',
    ]);
  });
  it("sees through entity-encoded and whitespace-split javascript: URLs", () => {
    expect(executableConstructs(`<a href="jav&#x09;ascript:alert(1)">x</a>`)).toEqual([`<a href="javascript:…">`]);
    expect(executableConstructs(`<a href=" &#14;javascript:alert(1)">x</a>`)).toEqual([`<a href="javascript:…">`]);
    expect(executableConstructs(`<a href="https://example.com/">x</a><p>alert(1)</p>`)).toEqual([]);
  });
});

describe("sanitize (CMS rich text, footer raw HTML, form rich text and consent texts, via @sanitized)", () => {
  it.each(XSS_PAYLOADS)("%s", (payload) => {
    expect(executableConstructs(sanitize(payload))).toEqual([]);
    // wrapped in real content, and nested in an allowed element
    expect(executableConstructs(sanitize(`<p>Before ${payload} after</p>`))).toEqual([]);
    expect(executableConstructs(sanitize(`<a href="/x">${payload}</a>`))).toEqual([]);
  });
  it("keeps ordinary rich text", () => {
    expect(sanitize(`Made with <strong>care</strong>, <a href="https://example.com/">see</a>`)).toBe(
      `Made with <strong>care</strong>, <a href="https://example.com/" rel="noopener noreferrer">see</a>`,
    );
  });
});

describe("Markdown bodies (renderMarkdown, the build's renderer)", () => {
  it.each([...XSS_PAYLOADS, ...MARKDOWN_XSS_PAYLOADS])("%s", async (payload) => {
    expect(executableConstructs(await markdownHtml(payload))).toEqual([]);
    expect(executableConstructs(await markdownHtml(`# Title\n\nSome text ${payload}\n\n- item ${payload}\n\n> ${payload}`))).toEqual([]);
  });
  it("drops a javascript: address that comes from the URL table ({{key}})", async () => {
    const html = await markdownHtml("[Sign up]({{evil}}) and [ok]({{fine}})", { evil: "javascript:alert(1)", fine: "/members/register/" });
    expect(executableConstructs(html)).toEqual([]);
    expect(html).toContain('href="/members/register/"');
  });
});

describe("every HTML sink is fed by a sanitizer", () => {
  it("the schema marks every HTML-bearing field @sanitized", () => {
    const sdl =
      sharedTypes +
      Object.values(entities)
        .map((e) => e.fields)
        .join("\n");
    for (const [type, field] of [
      ["FooterItem", "html"],
      ["LeadFormFieldGroup", "richText"],
      ["LeadFormPostSubmitAction", "value"],
      ["LeadFormConsentCheckbox", "label"],
      ["LeadFormLegalConsentOptions", "consentToProcessText"],
      ["LeadFormLegalConsentOptions", "privacyText"],
    ]) {
      const body = new RegExp(`type ${type} \\{([^}]*)\\}`).exec(sharedTypes)?.[1] ?? "";
      expect(body, `${type}.${field}`).toMatch(new RegExp(`\\b${field}: String!? @sanitized`));
    }
    expect(sdl).toMatch(/customSuccessMessage: String @sanitized/);
  });
  it("dangerouslySetInnerHTML appears only where the sanitized fields and status messages are rendered", () => {
    const sinks: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) {
          for (const line of fs.readFileSync(full, "utf8").split("\n")) {
            const m = /dangerouslySetInnerHTML=\{\{ __html: ([^}]+) \}\}/.exec(line);
            if (m) sinks.push(`${path.relative(REPO_ROOT, full)}: ${m[1].trim()}`);
          }
        }
      }
    };
    walk(path.resolve(REPO_ROOT, "src"));
    // Each is reviewed: the value comes from a @sanitized field, sanitized Markdown, sanitizeMessage or JSON-LD,
    // or is the site's own constant CSS (React would escape its quotes as text), or is a static island's empty
    // value, under which React keeps the server-rendered DOM as it is while hydrating (static-island.tsx).
    expect(sinks.sort()).toEqual(
      [
        'src/components/markdown/markdown-content.tsx: segment.html ?? ""',
        // a field group's richText (@sanitized), in both layouts
        "src/components/form/lead-form-layouts.tsx: richText",
        // the no-JavaScript success note: customSuccessMessage or postSubmitAction.value, both @sanitized
        "src/components/form/lead-form.tsx: successText(form)",
        "src/components/form/lead-form-status.tsx: html",
        "src/components/form/lead-form-consent.tsx: legal.consentToProcessText",
        "src/components/form/lead-form-consent.tsx: box.label",
        "src/components/form/lead-form-consent.tsx: legal.privacyText",
        "src/components/layout/footer.tsx: item.html",
        'src/hydration/static-island.tsx: ""',
        "src/components/seo/seo.tsx: serializeGraph(graph)",
        "src/theme/global-style.tsx: globalCss()",
        // Gatsby's document: the page's server-rendered body, which Gatsby hands it (as its default html.js does)
        "src/html.tsx: body",
      ].sort(),
    );
  });
});

describe("content link addresses (nav, footer, call-to-action and URL-table entries)", () => {
  it("refuses addresses that run script, however they are spelled", async () => {
    const { footerSchema } = await import("../../../../src/node/local/content-schema");
    const footer = (url: string) => ({ columns: [{ title: "x", items: [{ title: "x", url }] }] });
    for (const url of [
      "javascript:alert(1)",
      " JaVaScRiPt:alert(1)",
      "java\tscript:alert(1)",
      "\u0001javascript:alert(1)",
      "vbscript:x",
      "data:text/html,x",
    ]) {
      expect(footerSchema.safeParse(footer(url)).success, url).toBe(false);
    }
    for (const url of ["/pricing/", "https://example.com/", "#contact-us", "mailto:a@b.co", "{{signupUrl}}?x=1"]) {
      expect(footerSchema.safeParse(footer(url)).success, url).toBe(true);
    }
  });
});
