// @vitest-environment jsdom
/**
 * "No XSS payload survives in built HTML" without a second site build: every HTML-bearing field
 * carries the whole XSS corpus through the same path the build takes (Markdown → renderMarkdown;
 * footer raw HTML, form rich text and consent texts → sanitize, which the schema's @sanitized applies)
 * and is server-rendered with react-dom/server by the components the pages use. The server status
 * message goes through sanitizeMessage, as in the browser. The HTML must hold no executable construct.
 */
import fs from "node:fs";
import path from "node:path";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { render } from "@testing-library/react";
import { ServerStyleSheet, ThemeProvider } from "styled-components";
import { theme } from "../../../../src/theme/theme";
import { renderMarkdown, sanitize } from "../../../../src/node/content/markdown";
import { defuseHandlers, sanitizeMessage } from "../../../../src/components/form/sanitize-status";
import type { LeadFormDefinition } from "../../../../src/lib/lead-form/types";
import { MARKDOWN_XSS_PAYLOADS, XSS_PAYLOADS } from "../../../fixtures/xss-payloads";
import { constructsAddedByContent, executableConstructs } from "../../../fixtures/executable-html";
import { siteData } from "../../../fixtures/site-data";
import { REPO_ROOT } from "../../../fixtures/repo-root";

vi.mock("gatsby", async () => {
  const { gatsbyMock, setStaticQueryData } = await import("../../../fixtures/gatsby-mock");
  const { siteData: data } = await import("../../../fixtures/site-data");
  setStaticQueryData(data);
  return gatsbyMock;
});
const { Footer } = await import("../../../../src/components/layout/footer");
const { default: LeadForm } = await import("../../../../src/components/form/lead-form");
const { LeadFormStatus } = await import("../../../../src/components/form/lead-form-status");
const { MarkdownContent } = await import("../../../../src/components/markdown/markdown-content");

const ssr = (element: React.ReactElement) => {
  const sheet = new ServerStyleSheet();
  try {
    return renderToString(sheet.collectStyles(<ThemeProvider theme={theme}>{element}</ThemeProvider>));
  } finally {
    sheet.seal();
  }
};
const ALL = [...XSS_PAYLOADS];
/** The same number of fields with harmless rich text: the render to compare against. */
const BENIGN = ALL.map((_, i) => `<p>Plain <strong>text</strong> ${i} with <a href="https://example.com/${i}">a link</a></p>`);

describe("server-rendered components with the XSS corpus in every HTML field", () => {
  it("footer raw-HTML items", () => {
    const renderWith = (texts: string[]) => {
      const footer = {
        ...siteData.footer,
        columns: [{ title: "Payloads", items: texts.map((t, i) => ({ title: `x${i}`, url: null, isNew: false, html: sanitize(t) })) }],
      };
      return ssr(
        <Footer footer={footer as typeof siteData.footer} social={siteData.siteSettings.social} variant="full" name="Northdesk" />,
      );
    };
    const html = renderWith(ALL);
    expect(html).toContain('class="footer-text"');
    expect(constructsAddedByContent(html, renderWith(BENIGN))).toEqual([]);
  });

  it("lead form rich text, consent labels, consent and privacy texts (both layouts)", () => {
    const load = (id: string) =>
      JSON.parse(fs.readFileSync(path.resolve(REPO_ROOT, "content/forms", `${id}.json`), "utf8")) as LeadFormDefinition;
    const [demo, newsletter] = [load("get-a-demo"), load("newsletter")];
    const legal = (text: string, count: number) => ({
      consentToProcessText: sanitize(text),
      privacyText: sanitize(text),
      communicationsCheckboxes: Array.from({ length: count }, (_, i) => ({
        label: sanitize(text),
        subscriptionTypeId: 9000 + i,
        required: false,
      })),
    });
    // the regular layout shows a group's rich text only beside its fields: one form per payload
    const demoWith = (text: string): LeadFormDefinition => ({
      ...demo,
      fieldGroups: (demo.fieldGroups ?? []).map((g) => ({ ...g, richText: sanitize(text) })),
      legalConsentOptions: legal(text, 2),
      customSuccessMessage: sanitize(text),
    });
    // the email catcher shows every group's rich text
    const newsletterWith = (texts: string[]): LeadFormDefinition => ({
      ...newsletter,
      fieldGroups: [...(newsletter.fieldGroups ?? []), ...texts.map((t) => ({ alternative_fields: [], richText: sanitize(t) }))],
      legalConsentOptions: legal(texts.join("\n"), 1),
    });
    const baseline = ssr(<LeadForm form={demoWith(BENIGN[0])} />);
    expect(baseline).toContain('class="rich-text"');
    for (const payload of ALL) expect(constructsAddedByContent(ssr(<LeadForm form={demoWith(payload)} />), baseline), payload).toEqual([]);
    const html = ssr(<LeadForm form={newsletterWith(ALL)} />);
    expect(html.match(/class="rich-text"/g)?.length).toBeGreaterThan(ALL.length / 2);
    expect(constructsAddedByContent(html, ssr(<LeadForm form={newsletterWith(BENIGN)} />))).toEqual([]);
  });

  it("Markdown bodies (one segment per payload, as the build renders them)", async () => {
    const segments = [];
    for (const p of [...ALL, ...MARKDOWN_XSS_PAYLOADS]) {
      const body = await renderMarkdown(`## Section\n\nText ${p}\n\n${p}`, { urlTable: {} });
      segments.push(
        ...body.segments.map((s) =>
          s.kind === "html" ? { kind: "html", html: s.html, form: null } : { kind: s.kind, html: null, form: null },
        ),
      );
    }
    const html = ssr(<MarkdownContent body={{ segments, headings: [], text: "", wordCount: 0, readingMinutes: 1 } as never} />);
    expect(html).toContain("<h2");
    expect(executableConstructs(html)).toEqual([]);
  });

  it("server status messages (sanitizeMessage, then the status box), each payload on its own and all together", () => {
    for (const message of [...ALL, ALL.join("")]) {
      const clean = sanitizeMessage(message);
      expect(executableConstructs(clean), message).toEqual([]);
      expect(executableConstructs(ssr(<LeadFormStatus state="error" html={clean} />)), message).toEqual([]);
      // and mounted in a live DOM, as the browser does
      const { container, unmount } = render(
        <ThemeProvider theme={theme}>
          <LeadFormStatus state="error" html={clean} />
        </ThemeProvider>,
      );
      expect(executableConstructs(container.innerHTML), message).toEqual([]);
      unmount();
    }
  });

  it("no inline handler reaches the browser's parser (Chromium reports one as a CSP violation when it parses it)", () => {
    const handlersIn = (html: string) =>
      Array.from(new DOMParser().parseFromString(`<body>${html}</body>`, "text/html").querySelectorAll("*")).flatMap((el) =>
        el.getAttributeNames().filter((name) => name.startsWith("on")),
      );
    expect(ALL.flatMap(handlersIn).length).toBeGreaterThan(10); // the corpus does carry handlers
    for (const message of [...ALL, ALL.join("")]) expect(handlersIn(defuseHandlers(message)), message).toEqual([]);
    // text between tags is untouched
    expect(defuseHandlers("Sign on=now, <b>one</b> done")).toBe("Sign on=now, <b>one</b> done");
  });

  it("status links keep only safe addresses (no protocol-relative or backslash tricks)", () => {
    expect(sanitizeMessage(`<a href="/help/">help</a>`)).toBe(`<a href="/help/">help</a>`);
    expect(sanitizeMessage(`<a href="//evil.test/">x</a>`)).toBe("<a>x</a>");
    expect(sanitizeMessage(`<a href="/\\evil.test/">x</a>`)).toBe("<a>x</a>");
  });
});
